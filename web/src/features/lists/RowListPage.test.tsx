import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../app/store';
import { realtime } from '../../realtime';
import { setTestLanguage } from '../auth/testUtils';
import { useProfileModal } from '../people/store';
import MatchesPage from './MatchesPage';
import MyLikesPage from './MyLikesPage';
import { FakeObserver, installFakeObserver, makeEntry, renderRoute, reply } from './testing';

vi.mock('../../realtime', () => ({
  realtime: { request: vi.fn(), on: vi.fn(() => () => undefined) },
}));

const request = vi.mocked(realtime.request);
const NOW = 1_800_000_000;

beforeAll(async () => {
  await setTestLanguage('en');
});

beforeEach(() => {
  installFakeObserver();
  vi.spyOn(Date, 'now').mockReturnValue(NOW * 1000);
  request.mockReset();
  useAppStore.setState({ language: 'en', totals: null });
  useProfileModal.setState({ userId: null });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('My likes', () => {
  it('with no likes says so (not "no matches") and leads to The Slips', async () => {
    request.mockResolvedValueOnce(reply('user/mylikes', []) as never);
    renderRoute('/mylikes', '/mylikes', <MyLikesPage />);
    const empty = await screen.findByTestId('mylikes-empty');
    expect(empty).toHaveTextContent("You haven't liked anyone yet");
    expect(empty).not.toHaveTextContent(/match/i);
    expect(within(empty).getByRole('link', { name: 'Go to The Slips' })).toHaveAttribute(
      'href',
      '/explore',
    );
  });

  it('merges pages by id, newer replacing older, newest first, with relative times', async () => {
    const page1 = Array.from({ length: 20 }, (_, i) =>
      makeEntry(i + 1, { time: NOW - 86_400 * (i + 2) }),
    );
    const page2 = [
      makeEntry(3, { time: NOW - 2 * 3600, name: 'Person 3 again', status: 1 }),
      makeEntry(30, { time: NOW - 30, country: 'Germany', city: 'Berlin' }),
    ];
    request
      .mockResolvedValueOnce(reply('user/mylikes', page1) as never)
      .mockResolvedValueOnce(reply('user/mylikes', page2) as never);
    const user = userEvent.setup();
    renderRoute('/mylikes', '/mylikes', <MyLikesPage />);
    expect(await screen.findAllByTestId('mylikes-row')).toHaveLength(20);
    expect(request).toHaveBeenLastCalledWith('user/mylikes', {
      currentLength: 0,
      recordsToTake: 20,
    });

    FakeObserver.intersect();
    expect(request).toHaveBeenLastCalledWith('user/mylikes', {
      currentLength: 20,
      recordsToTake: 20,
    });
    await screen.findByText('Person 3 again');
    const rows = screen.getAllByTestId('mylikes-row');
    expect(rows).toHaveLength(21);
    expect(rows.slice(0, 3).map((row) => row.getAttribute('data-person-id'))).toEqual([
      '30',
      '3',
      '1',
    ]);
    const [first, second, third] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByText('Liked now')).toBeInTheDocument();
    expect(within(first).getByText('Berlin, Germany')).toBeInTheDocument();
    expect(within(second).getByText('Liked 2 hours ago')).toBeInTheDocument();
    expect(within(second).getByRole('img', { name: 'Online' })).toBeInTheDocument();
    expect(within(third).getByText('Liked 2 days ago')).toBeInTheDocument();

    await user.click(within(second).getAllByRole('button')[0] as HTMLElement);
    expect(useProfileModal.getState()).toMatchObject({ userId: 3, target: 'mylikes' });
  });

  it('shows relative times in the UI language', async () => {
    useAppStore.setState({ language: 'de' });
    await setTestLanguage('de');
    request.mockResolvedValue(
      reply('user/mylikes', [makeEntry(5, { time: NOW - 3 * 3600 })]) as never,
    );
    const { unmount } = renderRoute('/mylikes', '/mylikes', <MyLikesPage />);
    expect(await screen.findByText('Geliked vor 3 Stunden')).toBeInTheDocument();
    unmount();
    await setTestLanguage('en');
  });
});

describe('Matches', () => {
  it('lists user/matches and opens a profile with target matches', async () => {
    request.mockResolvedValue(reply('user/matches', [makeEntry(8, { time: NOW - 120 })]) as never);
    const user = userEvent.setup();
    renderRoute('/match', '/match', <MatchesPage />);
    const [row] = await screen.findAllByTestId('matches-row');
    expect(request).toHaveBeenCalledWith('user/matches', { currentLength: 0, recordsToTake: 20 });
    expect(within(row as HTMLElement).getByText('Matched 2 minutes ago')).toBeInTheDocument();
    await user.click(within(row as HTMLElement).getAllByRole('button')[0] as HTMLElement);
    expect(useProfileModal.getState()).toMatchObject({ userId: 8, target: 'matches' });
  });
});
