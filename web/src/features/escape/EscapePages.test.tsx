// /check/{token} (what the app shows of it: the expired link) and /reconnect/{page}.
import { act, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { routes } from '../../app/router';
import { useAppStore } from '../../app/store';
import { initI18n, i18next } from '../../i18n';
import { TEST_USER } from '../../realtime/testing';
import { reconnectPath } from './plan';

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

beforeAll(async () => {
  initI18n('en');
  await i18next.changeLanguage('en');
});
beforeEach(() => {
  useAppStore.setState({ ...useAppStore.getInitialState(), language: 'en' });
});

describe('/check', () => {
  it('explains an expired link and offers signing in to a guest', async () => {
    act(() => useAppStore.setState({ authChecked: true }));
    renderAt('/check/spent-token');
    expect(
      await screen.findByRole('heading', { name: 'This link has expired' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('offers the app to a browser that is signed in anyway', async () => {
    useAppStore.getState().setUser({ ...TEST_USER, language: 'en' });
    renderAt('/check/spent-token');
    expect(
      await screen.findByRole('link', { name: 'Continue to Kesher' }, { timeout: 5000 }),
    ).toHaveAttribute('href', '/explore');
  });
});

describe('/reconnect', () => {
  it('explains to a browser without a session that the sign-in did not come along', async () => {
    act(() => useAppStore.setState({ authChecked: true }));
    renderAt('/reconnect/chat');
    expect(
      await screen.findByRole(
        'heading',
        { name: 'Your sign-in didn’t come along' },
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('sends a signed-in browser on to the page', async () => {
    useAppStore.getState().setUser({ ...TEST_USER, language: 'en' });
    const router = renderAt('/reconnect/settings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'), {
      timeout: 5000,
    });
  });

  it('goes on only to the signed-in screens, else to explore', () => {
    expect(reconnectPath('chat')).toBe('/chat');
    expect(reconnectPath('meet')).toBe('/meet');
    expect(reconnectPath(undefined)).toBe('/explore');
    expect(reconnectPath('login')).toBe('/explore');
    expect(reconnectPath('https:')).toBe('/explore');
  });
});
