import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Reply } from '../../realtime/protocol';
import * as shell from '../auth/shellMock';
import { renderAt, setTestLanguage } from '../auth/testUtils';
import { YourData } from './YourData';

vi.mock('../auth/shell', () => import('../auth/shellMock'));

type Handler = (message: never) => void;
const handlers = new Map<string, Handler>();

function push(module: string, message: Record<string, unknown>) {
  const handler = handlers.get(module);
  if (!handler) throw new Error(`nobody listens to ${module}`);
  act(() => handler({ module, ...message } as never));
}

/** Asks for an export, which the server starts preparing. */
async function startExport() {
  shell.realtime.request.mockResolvedValue({
    module: 'account/export',
    request_status: 1,
    data: { status: 'running', percent: 0 },
  } as Reply);
  const user = userEvent.setup();
  renderAt('/settings', '/settings', <YourData />);
  await user.click(screen.getByTestId('settings-export'));
}

beforeAll(async () => {
  await setTestLanguage('en');
});

beforeEach(() => {
  handlers.clear();
  shell.useAppStore.setState({ user: shell.makeUser(), authenticated: true, language: 'en' });
  shell.realtime.request.mockReset();
  shell.realtime.on.mockReset();
  shell.realtime.on.mockImplementation((module, handler) => {
    handlers.set(module, handler);
    return () => handlers.delete(module);
  });
  shell.leaveAfterErasure.mockReset();
});

describe('YourData', () => {
  it('prepares the export with progress, then offers the link', async () => {
    await startExport();
    expect(shell.realtime.request).toHaveBeenCalledWith('account/export', {});
    expect(screen.getByTestId('settings-export-progress')).toHaveTextContent('0%');
    expect(screen.queryByTestId('settings-export')).toBeNull();

    push('account/export/progress', { data: { percent: 57 } });
    expect(screen.getByTestId('settings-export-progress')).toHaveTextContent('57%');
    const link = '/api/account/export/12-abc.json?exp=9&sig=x';
    push('account/export/ready', { data: { link, expires_at: 1795416400 } });
    expect(screen.getByTestId('settings-export-link')).toHaveAttribute('href', link);
    expect(screen.getByTestId('settings-export')).toHaveTextContent('Prepare a new copy');
  });

  it('says so when the export fails', async () => {
    await startExport();
    push('account/export/failed', { request_status: 0, error_code: 'internal_error' });
    expect(screen.getByTestId('settings-export-error')).toHaveTextContent("couldn't prepare");
  });

  it('explains what goes and what stays, and erases only with the right password', async () => {
    shell.realtime.request.mockImplementation(async (module, payload) => {
      const { password } = payload as { password: string };
      return password === 'correct horse'
        ? ({ module, request_status: 1, data: { erased: true } } as Reply)
        : ({ module, request_status: 0, error_code: 'invalid_credentials' } as Reply);
    });
    const user = userEvent.setup();
    renderAt('/settings', '/settings', <YourData />);
    const section = screen.getByTestId('settings-data');
    expect(section).toHaveTextContent('a deleted member');
    expect(section).toHaveTextContent('Your profile, your photos and your stories');

    await user.click(screen.getByTestId('settings-erase'));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Delete your account?');
    await user.click(screen.getByTestId('confirm-accept'));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your password.');
    expect(shell.realtime.request).not.toHaveBeenCalled();

    await user.type(screen.getByTestId('erase-password'), 'wrong password{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('The password is not right.');
    expect(shell.leaveAfterErasure).not.toHaveBeenCalled();

    await user.clear(screen.getByTestId('erase-password'));
    await user.type(screen.getByTestId('erase-password'), 'correct horse');
    await user.click(screen.getByTestId('confirm-accept'));
    expect(shell.realtime.request).toHaveBeenLastCalledWith('account/erase', {
      password: 'correct horse',
    });
    expect(shell.leaveAfterErasure).toHaveBeenCalledTimes(1);
  });

  it('takes the socket closing under a pending erase as done', async () => {
    const closed = Object.assign(new Error('realtime: account/erase failed (socket_closed)'), {
      reason: 'socket_closed',
    });
    shell.realtime.request.mockRejectedValue(closed);
    const user = userEvent.setup();
    renderAt('/settings', '/settings', <YourData />);
    await user.click(screen.getByTestId('settings-erase'));
    await user.type(screen.getByTestId('erase-password'), 'correct horse{Enter}');
    expect(shell.leaveAfterErasure).toHaveBeenCalledTimes(1);
  });

  it('keeps the member signed in when the erase gets no answer', async () => {
    shell.realtime.request.mockRejectedValue(
      Object.assign(new Error('timeout'), { reason: 'timeout' }),
    );
    const user = userEvent.setup();
    renderAt('/settings', '/settings', <YourData />);
    await user.click(screen.getByTestId('settings-erase'));
    await user.type(screen.getByTestId('erase-password'), 'correct horse{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
    expect(shell.leaveAfterErasure).not.toHaveBeenCalled();
  });
});
