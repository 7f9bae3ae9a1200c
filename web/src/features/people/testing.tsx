// Test doubles for the discovery tests: a scripted realtime client and a render helper. Only
// tests import this file; they install the double with
//   vi.mock('../../realtime', () => import('../people/testing'))
import { render } from '@testing-library/react';
import { StrictMode, type ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import type { Person } from '../../realtime/protocol';

type Reply = { module: string; request_status: 0 | 1; [key: string]: unknown };
type Answer = (payload: Record<string, unknown>) => Reply | Promise<Reply>;
type Handler = (message: unknown) => void;

const handlers = new Map<string, Set<Handler>>();
const answers = new Map<string, Answer>();

export const realtime = {
  request: vi.fn(async (module: string, payload: Record<string, unknown>): Promise<Reply> => {
    const answer = answers.get(module);
    return answer ? answer(payload) : { module, request_status: 1 };
  }),
  on: vi.fn((module: string, handler: Handler) => {
    const set = handlers.get(module) ?? new Set<Handler>();
    set.add(handler);
    handlers.set(module, set);
    return () => {
      set.delete(handler);
    };
  }),
};

/** Decides how the fake server answers `module`. */
export function answer(module: string, reply: Answer): void {
  answers.set(module, reply);
}

/** Delivers a server event to every handler of its module. */
export function emit(message: { module: string } & Record<string, unknown>): void {
  for (const handler of handlers.get(message.module) ?? []) handler(message);
}

export function resetRealtime(): void {
  answers.clear();
  handlers.clear();
  realtime.request.mockClear();
  realtime.on.mockClear();
}

/** The payloads sent for `module`, in order. */
export function sent(module: string): Record<string, unknown>[] {
  return realtime.request.mock.calls.filter(([m]) => m === module).map(([, p]) => p);
}

export function makePerson(id: number, patch: Partial<Person> = {}): Person {
  return {
    id,
    name: `Person ${id}`,
    age: 25 + (id % 10),
    gender: 2,
    photo: `/media/${id}.jpg`,
    thumb: `/media/${id}-thumb.jpg`,
    photos_count: 1,
    bio: `Bio of ${id}`,
    language: 'en',
    city: 'Tel Aviv',
    country: 'Israel',
    distance_km: 10,
    status: 0,
    vip: 0,
    virtual: 0,
    has_story: 0,
    liked: 0,
    matched: 0,
    ...patch,
    // As the server: no photo, no thumbnail.
    ...(patch.photo === null && patch.thumb === undefined ? { thumb: null } : {}),
  };
}

/** Renders `routes` in a memory router at `path`, in StrictMode. */
export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return {
    router,
    ...render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    ),
  };
}

/** Renders `element` at /explore in a memory router (with a /chat and /settings to go to). */
export function renderWithRouter(element: ReactElement, path = '/explore') {
  return renderRoutes(
    [
      { path: '/explore', element },
      { path: '/chat/:slug', element: <p>chat page</p> },
      { path: '/settings', element: <p>settings page</p> },
    ],
    path,
  );
}

/** Stubs window.matchMedia: `matches` answers each media query. */
export function stubMatchMedia(matches: (query: string) => boolean): void {
  window.matchMedia = (query: string) =>
    ({
      matches: matches(query),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

/** Makes animations instant (the deck skips its fly-out under prefers-reduced-motion). */
export function preferReducedMotion(): void {
  stubMatchMedia((query) => query.includes('reduce'));
}
