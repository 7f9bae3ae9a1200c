// Rendering helpers for the auth and settings tests. Only tests import this file.
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { i18next, initI18n } from '../../i18n';
import type { LanguageCode } from '../../realtime/protocol';

export async function setTestLanguage(code: LanguageCode) {
  initI18n(code);
  await i18next.changeLanguage(code);
}

/** What the server answers over HTTP: `body` as JSON with `status`. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** Renders `element` at `path` inside a router that also knows the pages it may navigate to. */
export function renderAt(path: string, pattern: string, element: ReactElement) {
  const router = createMemoryRouter(
    [
      { path: pattern, element },
      { path: '/explore', element: <p>explore page</p> },
      { path: '/login', element: <p>login page</p> },
      { path: '/', element: <p>home page</p> },
    ],
    { initialEntries: [path] },
  );
  return { router, ...render(<RouterProvider router={router} />) };
}
