import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../app/store';
import { realtime } from '../../realtime';
import type { ModuleName, Reply } from '../../realtime/protocol';
import { setTestLanguage } from '../auth/testUtils';
import {
  FakeObserver,
  installFakeObserver,
  makePeople,
  makePerson,
  renderRoute,
  reply,
} from '../lists/testing';
import { useProfileModal, usePeopleStore } from '../people/store';
import MeetPage from './MeetPage';

vi.mock('../../realtime', () => ({
  realtime: { request: vi.fn(), on: vi.fn(() => () => undefined) },
}));

const request = vi.mocked(realtime.request);

type Resolver = (value: Reply) => void;
let pending: { module: ModuleName; payload: unknown; resolve: Resolver }[] = [];

beforeAll(async () => {
  await setTestLanguage('en');
});

beforeEach(() => {
  installFakeObserver();
  pending = [];
  request.mockReset();
  request.mockImplementation(
    (module, payload) =>
      new Promise<Reply>((resolve) => {
        pending.push({ module, payload, resolve: resolve as Resolver });
      }) as never,
  );
  usePeopleStore.setState(usePeopleStore.getInitialState());
  useProfileModal.setState({ userId: null });
  useAppStore.setState({ language: 'en' });
});

async function answer(data: unknown) {
  const next = pending.shift();
  if (!next) throw new Error('no request is waiting');
  await act(async () => next.resolve(reply(next.module, data)));
  return next;
}

const tiles = () => screen.queryAllByTestId('meet-tile');
const ids = () => tiles().map((tile) => Number(tile.getAttribute('data-person-id')));

describe('MeetPage', () => {
  it('pages by 24 with the list length as offset, without duplicates, until a short page', async () => {
    renderRoute('/meet', '/meet', <MeetPage />);
    expect(screen.getByTestId('meet-page')).toBeInTheDocument();
    expect(request).toHaveBeenCalledTimes(1);
    expect(request).toHaveBeenLastCalledWith('meet', { currentLength: 0, recordsToTake: 24 });
    await answer(makePeople(1, 24));
    expect(tiles()).toHaveLength(24);

    FakeObserver.intersect();
    FakeObserver.intersect();
    // One request in flight, however often the sentinel shows.
    expect(request).toHaveBeenCalledTimes(2);
    expect(request).toHaveBeenLastCalledWith('meet', { currentLength: 24, recordsToTake: 24 });
    // The server's page overlaps what we have: ids 21..44.
    await answer(makePeople(21, 24));
    expect(tiles()).toHaveLength(44);
    expect(new Set(ids()).size).toBe(44);

    FakeObserver.intersect(false);
    FakeObserver.intersect();
    expect(request).toHaveBeenLastCalledWith('meet', { currentLength: 44, recordsToTake: 24 });
    await answer(makePeople(45, 5));
    expect(tiles()).toHaveLength(49);

    FakeObserver.intersect(false);
    FakeObserver.intersect();
    expect(request).toHaveBeenCalledTimes(3);
    expect(screen.getByText(/seen everyone/)).toBeInTheDocument();
  });

  it('switches to popular and opens a profile with the tab as target', async () => {
    const user = userEvent.setup();
    renderRoute('/meet', '/meet', <MeetPage />);
    await answer([
      makePerson(1, { virtual: 1, status: 1, distance_km: 25 }),
      makePerson(2, { language: 'he', name: 'נועה' }),
    ]);
    const [tile, hebrew] = tiles();
    if (!tile || !hebrew) throw new Error('no tiles');
    expect(within(tile).getByText('Virtual')).toBeInTheDocument();
    expect(within(tile).getByText('within 25 km')).toBeInTheDocument();
    // A tile written in another language says so; one in the viewer's own does not.
    expect(within(tile).queryByTestId('language-badge')).toBeNull();
    expect(within(hebrew).getByTestId('language-badge')).toHaveAttribute(
      'title',
      'Profile in Hebrew',
    );
    expect(within(hebrew).getByTestId('language-badge')).toHaveTextContent('Hebrew');
    expect(screen.getByTestId('meet-tab-meet')).toHaveAttribute('aria-selected', 'true');

    await user.click(screen.getByTestId('meet-tab-popular'));
    expect(screen.getByTestId('meet-tab-popular')).toHaveAttribute('aria-selected', 'true');
    expect(request).toHaveBeenLastCalledWith('meet/popular', {
      currentLength: 0,
      recordsToTake: 24,
    });
    await answer([makePerson(7, { photo: null, name: 'Noa Levi' })]);
    expect(ids()).toEqual([7]);
    expect(screen.getByText('NL')).toBeInTheDocument();
    await user.click(tiles()[0] as HTMLElement);
    expect(useProfileModal.getState()).toMatchObject({ userId: 7, target: 'popular' });

    // Back on meet: the list is still there, nothing is asked again.
    await user.click(screen.getByTestId('meet-tab-meet'));
    expect(ids()).toEqual([1, 2]);
    expect(request).toHaveBeenCalledTimes(2);
    await user.click(tiles()[0] as HTMLElement);
    expect(useProfileModal.getState()).toMatchObject({ userId: 1, target: 'meet' });
  });

  it('shows the empty state with a link to the settings', async () => {
    renderRoute('/meet', '/meet', <MeetPage />);
    await answer([]);
    const empty = screen.getByTestId('meet-empty');
    expect(within(empty).getByRole('link')).toHaveAttribute('href', '/settings');
    FakeObserver.intersect();
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('reloads from offset 0 when resetDiscovery() empties the lists', async () => {
    renderRoute('/meet', '/meet', <MeetPage />);
    await answer(makePeople(1, 24));
    act(() => usePeopleStore.getState().resetDiscovery());
    await waitFor(() => expect(pending.map((p) => p.module)).toEqual(['meet', 'meet/popular']));
    expect(pending[0]?.payload).toEqual({ currentLength: 0, recordsToTake: 24 });
    await answer(makePeople(100, 3));
    expect(ids()).toEqual([100, 101, 102]);
  });
});
