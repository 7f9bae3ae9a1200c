import { act, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { initI18n, i18next } from '../i18n';
import { TEST_USER } from '../realtime/testing';
import { routes } from './router';
import { useAppStore } from './store';

const USER = { ...TEST_USER, name: 'Noa', credits: 1200, language: 'en' as const };

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

describe('routes', () => {
  it('shows the 404 page for an unknown route', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByText('This page could not be found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to home/ })).toHaveAttribute('href', '/');
  });

  it('shows the branded loader on a protected page until validation answers', async () => {
    const router = renderAt('/explore');
    expect(await screen.findByRole('status')).toHaveTextContent('Loading');
    act(() => useAppStore.setState({ authChecked: true }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('renders a placeholder inside the main layout for a signed-in user', async () => {
    useAppStore.getState().setUser(USER);
    renderAt('/payments/redirect');
    expect(await screen.findByRole('heading', { name: 'Payment' })).toBeInTheDocument();
    expect(screen.getByText('Coming soon')).toBeInTheDocument();
  });

  it('renders the stories page, not a placeholder, at /stories', async () => {
    useAppStore.getState().setUser(USER);
    renderAt('/stories');
    expect(await screen.findByRole('heading', { name: 'Stories' })).toBeInTheDocument();
    expect(screen.getByTestId('stories-page')).toBeInTheDocument();
    expect(screen.queryByText('Coming soon')).not.toBeInTheDocument();
  });

  it('sends a signed-in user away from guest pages', async () => {
    useAppStore.getState().setUser(USER);
    const router = renderAt('/login');
    await screen.findByRole('heading', { name: 'The Slips' });
    expect(router.state.location.pathname).toBe('/explore');
  });
});
