// Test helpers for the people screens (lists, meet, premium). Only tests import this file.
import { act, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type {
  LockedListEntry,
  ModuleName,
  PeopleListEntry,
  Person,
  Reply,
} from '../../realtime/protocol';
import { makePerson as makeScriptedPerson } from '../people/testing';

/** A person as the list tests draw them: a persona picture and no bio. */
export function makePerson(id: number, patch: Partial<Person> = {}): Person {
  const persona = `/media/personas/${id}.svg`;
  return makeScriptedPerson(id, {
    age: 20 + (id % 30),
    bio: '',
    photo: persona,
    // A test that takes the photo away takes the thumbnail with it, as the server does.
    ...(patch.photo === null ? {} : { thumb: persona }),
    ...patch,
  });
}

export function makePeople(from: number, count: number): Person[] {
  return Array.from({ length: count }, (_, i) => makePerson(from + i));
}

export function makeEntry(id: number, patch: Partial<PeopleListEntry> = {}): PeopleListEntry {
  return {
    id,
    name: `Person ${id}`,
    age: 30,
    photo: `/media/personas/${id}.svg`,
    city: 'Haifa',
    country: 'Israel',
    time: 1_700_000_000,
    status: 0,
    story: 0,
    virtual: 0,
    locked: 0,
    ...patch,
  };
}

/** What a non-premium member gets for a fan or visitor: that they exist, and at most a blurred
 *  copy of their first photo. */
export function lockedEntries(count: number, photo: string | null = null): LockedListEntry[] {
  return Array.from({ length: count }, () => ({ locked: 1, photo }));
}

export function reply<M extends ModuleName>(module: M, data?: unknown, status: 0 | 1 = 1): Reply {
  return { module, request_status: status, data } as Reply;
}

/** A controllable IntersectionObserver: tests call FakeObserver.intersect(). */
export class FakeObserver {
  static instances: FakeObserver[] = [];
  readonly callback: IntersectionObserverCallback;
  disconnected = false;
  constructor(callback: IntersectionObserverCallback) {
    this.callback = callback;
    FakeObserver.instances.push(this);
  }
  observe() {}
  unobserve() {}
  takeRecords() {
    return [];
  }
  disconnect() {
    this.disconnected = true;
  }
  static intersect(isIntersecting = true) {
    for (const observer of FakeObserver.instances) {
      if (observer.disconnected) continue;
      act(() => {
        observer.callback(
          [{ isIntersecting } as IntersectionObserverEntry],
          observer as unknown as IntersectionObserver,
        );
      });
    }
  }
}

export function installFakeObserver() {
  FakeObserver.instances = [];
  vi.stubGlobal('IntersectionObserver', FakeObserver);
}

export function renderRoute(path: string, pattern: string, element: ReactElement) {
  const router = createMemoryRouter(
    [
      { path: pattern, element },
      { path: '/settings', element: <p>settings page</p> },
      { path: '/profile', element: <p>profile page</p> },
      { path: '/explore', element: <p>explore page</p> },
      { path: '/likesme', element: <p>likes me page</p> },
      { path: '/mylikes', element: <p>my likes page</p> },
      { path: '/visitors', element: <p>visitors page</p> },
      { path: '/match', element: <p>matches page</p> },
    ],
    { initialEntries: [path] },
  );
  return { router, ...render(<RouterProvider router={router} />) };
}
