import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import RecoverPage from './RecoverPage';
import ResetPage from './ResetPage';
import * as shell from './shellMock';
import { renderAt, setTestLanguage } from './testUtils';

vi.mock('./shell', () => import('./shellMock'));

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeAll(async () => {
  await setTestLanguage('en');
});
beforeEach(() => {
  shell.useAppStore.setState({ language: 'de' });
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ResetPage', () => {
  it('sends the recovery mail and shows the neutral answer with the wait', async () => {
    const user = userEvent.setup();
    renderAt('/reset', '/reset', <ResetPage />);
    await user.type(screen.getByTestId('reset-email'), 'dana@example.com');
    fetchMock.mockResolvedValueOnce(json(200, { ok: true, wait_seconds: 60 }));
    await user.click(screen.getByTestId('reset-submit'));
    expect(await screen.findByTestId('reset-sent')).toHaveTextContent(
      'If an account exists for dana@example.com',
    );
    expect(screen.getByTestId('reset-wait')).toHaveTextContent('1:00');
    expect(screen.getByTestId('reset-resend')).toBeDisabled();
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      email: 'dana@example.com',
      language: 'de',
    });
  });

  it('shows recovery_throttled with its seconds', async () => {
    const user = userEvent.setup();
    renderAt('/reset', '/reset', <ResetPage />);
    await user.type(screen.getByTestId('reset-email'), 'dana@example.com');
    fetchMock.mockResolvedValueOnce(json(429, { error_code: 'recovery_throttled', seconds: 42 }));
    await user.click(screen.getByTestId('reset-submit'));
    expect(await screen.findByTestId('reset-error')).toHaveTextContent(
      'Please wait 42 seconds before another request',
    );
    expect(screen.getByTestId('reset-submit')).toBeDisabled();
  });

  it('refuses a malformed email locally', async () => {
    const user = userEvent.setup();
    renderAt('/reset', '/reset', <ResetPage />);
    await user.type(screen.getByTestId('reset-email'), 'dana');
    await user.click(screen.getByTestId('reset-submit'));
    expect(screen.getByRole('alert')).toHaveTextContent(/doesn't look right/);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('RecoverPage', () => {
  it('needs matching passwords, then resets and goes to /login', async () => {
    const user = userEvent.setup();
    const { router } = renderAt('/recover/tok123', '/recover/:token', <RecoverPage />);
    await user.type(screen.getByTestId('recover-password'), 'new password');
    await user.type(screen.getByTestId('recover-confirm'), 'new passw0rd');
    await user.click(screen.getByTestId('recover-submit'));
    expect(screen.getByRole('alert')).toHaveTextContent("The passwords don't match");
    expect(fetchMock).not.toHaveBeenCalled();

    await user.clear(screen.getByTestId('recover-confirm'));
    await user.type(screen.getByTestId('recover-confirm'), 'new password');
    fetchMock.mockResolvedValueOnce(json(200, { ok: true }));
    await user.click(screen.getByTestId('recover-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      token: 'tok123',
      password: 'new password',
    });
  });

  it('explains an invalid token and links to a new request', async () => {
    const user = userEvent.setup();
    renderAt('/recover/old', '/recover/:token', <RecoverPage />);
    await user.type(screen.getByTestId('recover-password'), 'new password');
    await user.type(screen.getByTestId('recover-confirm'), 'new password');
    fetchMock.mockResolvedValueOnce(json(400, { error_code: 'invalid_token' }));
    await user.click(screen.getByTestId('recover-submit'));
    expect(await screen.findByTestId('recover-invalid')).toHaveTextContent('This link has expired');
    expect(screen.getByTestId('recover-new-link')).toHaveAttribute('href', '/reset');
  });
});
