import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import LoginPage from './LoginPage';
import * as shell from './shellMock';
import { jsonResponse, renderAt, setTestLanguage } from './testUtils';

vi.mock('./shell', () => import('./shellMock'));

const fetchMock = vi.fn<typeof fetch>();

beforeAll(async () => {
  await setTestLanguage('en');
});
beforeEach(() => {
  shell.useAppStore.setState({ user: null, authenticated: false, language: 'en' });
  shell.realtime.reconnect.mockReset();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('LoginPage', () => {
  it('checks the form before calling the server', async () => {
    const user = userEvent.setup();
    renderAt('/login', '/login', <LoginPage />);
    await user.click(screen.getByTestId('login-submit'));
    expect(screen.getByText(/doesn't look right/)).toBeInTheDocument();
    expect(screen.getByText('Please enter your password')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByTestId('login-email')).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByTestId('login-password')).toHaveAttribute(
      'autocomplete',
      'current-password',
    );
    expect(screen.getByTestId('login-forgot-link')).toHaveAttribute('href', '/reset');
    expect(screen.getByTestId('login-register-link')).toHaveAttribute('href', '/register');
  });

  it('shows and hides the password', async () => {
    const user = userEvent.setup();
    renderAt('/login', '/login', <LoginPage />);
    const password = screen.getByTestId('login-password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByTestId('login-password-toggle'));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByTestId('login-password-toggle')).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows invalid_credentials, then logs in and goes to /explore', async () => {
    const user = userEvent.setup();
    const { router } = renderAt('/login', '/login', <LoginPage />);
    await user.type(screen.getByTestId('login-email'), 'dana@example.com');
    await user.type(screen.getByTestId('login-password'), 'wrong-password');
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { error_code: 'invalid_credentials' }));
    await user.click(screen.getByTestId('login-submit'));
    expect(await screen.findByTestId('login-error')).toHaveTextContent(
      'Incorrect username/password',
    );

    const dana = shell.makeUser();
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { user: dana }));
    await user.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/explore'));
    expect(shell.useAppStore.getState().user).toEqual(dana);
    expect(shell.realtime.reconnect).toHaveBeenCalledTimes(1);
  });

  it('counts down too_many_attempts and disables the button meanwhile', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderAt('/login', '/login', <LoginPage />);
    await user.type(screen.getByTestId('login-email'), 'dana@example.com');
    await user.type(screen.getByTestId('login-password'), 'whatever1');
    fetchMock.mockResolvedValueOnce(
      jsonResponse(429, { error_code: 'too_many_attempts', retry_after: 3 }),
    );
    await user.click(screen.getByTestId('login-submit'));
    expect(await screen.findByTestId('login-error')).toHaveTextContent(
      'Please wait 3 seconds before another request',
    );
    expect(screen.getByTestId('login-submit')).toBeDisabled();
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByTestId('login-error')).toHaveTextContent('Please wait 2 seconds');
    await act(async () => {
      vi.advanceTimersByTime(2500);
    });
    expect(screen.queryByTestId('login-error')).not.toBeInTheDocument();
    expect(screen.getByTestId('login-submit')).toBeEnabled();
  });
});
