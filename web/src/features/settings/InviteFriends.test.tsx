import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Reply } from '../../realtime/protocol';
import * as shell from '../auth/shellMock';
import { renderAt, setTestLanguage } from '../auth/testUtils';
import { InviteFriends, referralLink } from './InviteFriends';

vi.mock('../auth/shell', () => import('../auth/shellMock'));

const INFO = { slug: '0123456789abcdef', path: '/ref/0123456789abcdef', reward: 100, referred: 0 };

function answer(data: typeof INFO | null, status = 1) {
  shell.realtime.request.mockResolvedValue({
    module: 'referral/info',
    request_status: status,
    data,
  } as Reply);
}

beforeAll(async () => {
  await setTestLanguage('en');
});
beforeEach(() => {
  shell.useAppStore.setState({ user: shell.makeUser(), authenticated: true, language: 'en' });
  shell.realtime.request.mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'share');
});

const link = `${window.location.origin}/ref/0123456789abcdef`;

describe('InviteFriends', () => {
  it('shows the member’s link and what it earns', async () => {
    answer(INFO);
    renderAt('/settings', '/settings', <InviteFriends />);
    expect(await screen.findByTestId('settings-invite-link')).toHaveValue(link);
    expect(shell.realtime.request).toHaveBeenCalledWith('referral/info', {});
    expect(screen.getByTestId('settings-invite-lead')).toHaveTextContent('you get 100 credits');
    expect(screen.queryByTestId('settings-invite-count')).toBeNull();
    expect(referralLink(INFO, 'https://kesher.example')).toBe(
      'https://kesher.example/ref/0123456789abcdef',
    );
  });

  it('copies the link and says so', async () => {
    answer({ ...INFO, referred: 3 });
    // user-event puts a clipboard of its own on navigator: watch that one.
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    renderAt('/settings', '/settings', <InviteFriends />);
    await user.click(await screen.findByTestId('settings-invite-copy'));
    expect(writeText).toHaveBeenCalledWith(link);
    expect(screen.getByTestId('settings-invite-status')).toHaveTextContent('The link is copied');
    expect(screen.getByTestId('settings-invite-count')).toHaveTextContent(
      'Friends who joined through your link: 3',
    );
  });

  it('selects the link when the clipboard refuses', async () => {
    answer(INFO);
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    renderAt('/settings', '/settings', <InviteFriends />);
    await user.click(await screen.findByTestId('settings-invite-copy'));
    expect(screen.getByTestId('settings-invite-status')).toHaveTextContent("We couldn't copy it");
    const input = screen.getByTestId<HTMLInputElement>('settings-invite-link');
    expect(input.selectionEnd).toBe(link.length);
  });

  it('offers Share only with the Web Share API, and shares the link', async () => {
    answer(INFO);
    const { unmount } = renderAt('/settings', '/settings', <InviteFriends />);
    await screen.findByTestId('settings-invite-link');
    expect(screen.queryByTestId('settings-invite-share')).toBeNull();
    unmount();

    const share = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'share', { configurable: true, value: share });
    const user = userEvent.setup();
    renderAt('/settings', '/settings', <InviteFriends />);
    await user.click(await screen.findByTestId('settings-invite-share'));
    expect(share).toHaveBeenCalledWith({
      title: 'Join me on Kesher',
      text: expect.stringContaining('my link') as string,
      url: link,
    });
  });

  it('says when there is no reward, and offers a retry when the link cannot load', async () => {
    answer({ ...INFO, reward: 0 });
    const { unmount } = renderAt('/settings', '/settings', <InviteFriends />);
    expect(await screen.findByTestId('settings-invite-lead')).toHaveTextContent(
      'Share your personal link with friends',
    );
    unmount();

    answer(null, 0);
    const user = userEvent.setup();
    renderAt('/settings', '/settings', <InviteFriends />);
    expect(await screen.findByRole('alert')).toHaveTextContent('couldn');
    answer(INFO);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByTestId('settings-invite-link')).toHaveValue(link));
  });
});
