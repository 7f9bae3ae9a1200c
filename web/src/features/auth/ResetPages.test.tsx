import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import RecoverPage from './RecoverPage';
import ResetPage from './ResetPage';
import * as shell from './shellMock';
import { jsonResponse, renderAt, setTestLanguage } from './testUtils';

vi.mock('./shell', () => import('./shellMock'));

const fetchMock = vi.fn<typeof fetch>();

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
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { ok: true, wait_seconds: 60 }));
    await user.click(screen.getByTestId('reset-submit'));
    expect(await screen.findByTestId('reset-sent')).toHaveTextContent(
      "If an account exists for this address, we've sent it a link",
    );
    // The address is one isolated left-to-right unit inside the sentence.
    const address = screen.getByTestId('reset-sent-email');
    expect(address.tagName).toBe('BDI');
    expect(address).toHaveAttribute('dir', 'ltr');
    expect(address).toHaveTextContent(/^dana@example\.com$/);
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
    fetchMock.mockResolvedValueOnce(
      jsonResponse(429, { error_code: 'recovery_throttled', seconds: 42 }),
    );
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
  const body = (call: number) =>
    JSON.parse(String(fetchMock.mock.calls[call]?.[1]?.body)) as unknown;
  const url = (call: number) => String(fetchMock.mock.calls[call]?.[0]);

  it('checks the link, needs matching passwords, then resets and goes to /login', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { valid: true }));
    const { router } = renderAt('/recover/tok123', '/recover/:token', <RecoverPage />);
    expect(screen.getByTestId('recover-checking')).toBeInTheDocument();
    await user.type(await screen.findByTestId('recover-password'), 'new password');
    expect(url(0)).toBe('/api/auth/reset/check');
    expect(body(0)).toEqual({ token: 'tok123' });
    await user.type(screen.getByTestId('recover-confirm'), 'new passw0rd');
    await user.click(screen.getByTestId('recover-submit'));
    expect(screen.getByRole('alert')).toHaveTextContent("The passwords don't match");
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await user.clear(screen.getByTestId('recover-confirm'));
    await user.type(screen.getByTestId('recover-confirm'), 'new password');
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { ok: true }));
    await user.click(screen.getByTestId('recover-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(url(1)).toBe('/api/auth/reset');
    expect(body(1)).toEqual({ token: 'tok123', password: 'new password' });
  });

  it('says at once that a used or made-up link does not work, with no password form', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { valid: false }));
    renderAt('/recover/old', '/recover/:token', <RecoverPage />);
    expect(await screen.findByTestId('recover-invalid')).toHaveTextContent('This link has expired');
    expect(screen.getByTestId('recover-new-link')).toHaveAttribute('href', '/reset');
    expect(screen.queryByTestId('recover-form')).not.toBeInTheDocument();
  });

  it('explains a token that died between the check and the submit', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { valid: true }));
    renderAt('/recover/old', '/recover/:token', <RecoverPage />);
    await user.type(await screen.findByTestId('recover-password'), 'new password');
    await user.type(screen.getByTestId('recover-confirm'), 'new password');
    fetchMock.mockResolvedValueOnce(jsonResponse(400, { error_code: 'invalid_token' }));
    await user.click(screen.getByTestId('recover-submit'));
    expect(await screen.findByTestId('recover-invalid')).toHaveTextContent('This link has expired');
  });

  it('shows the form when the check cannot reach the server', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    renderAt('/recover/tok', '/recover/:token', <RecoverPage />);
    expect(await screen.findByTestId('recover-form')).toBeInTheDocument();
  });
});
