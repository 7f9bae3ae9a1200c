import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../app/store';
import { realtime } from '../../realtime';
import type { Totals } from '../../realtime/protocol';
import { TEST_USER } from '../../realtime/testing';
import { setTestLanguage } from '../auth/testUtils';
import { useProfileModal } from '../people/store';
import { usePremiumModal } from '../premium/store';
import LikesMePage from './LikesMePage';
import { installFakeObserver, makeEntry, renderRoute, reply } from './testing';
import VisitorsPage from './VisitorsPage';

vi.mock('../../realtime', () => ({
  realtime: { request: vi.fn(), on: vi.fn(() => () => undefined) },
}));

const request = vi.mocked(realtime.request);

const TOTALS: Totals = {
  visitors: { total: 4 },
  mylikes: { total: 12 },
  fans: { total: 7 },
  matches: { total: 2 },
  fans_new: 0,
  visits_new: 0,
};

function serve(list: ReturnType<typeof makeEntry>[]) {
  request.mockImplementation(async (module) => {
    if (module === 'totals') return reply(module, TOTALS) as never;
    if (module === 'user/fans' || module === 'user/visitors') return reply(module, list) as never;
    return reply(module) as never;
  });
}

beforeAll(async () => {
  await setTestLanguage('en');
});

beforeEach(() => {
  installFakeObserver();
  request.mockReset();
  useAppStore.setState({
    language: 'en',
    user: { ...TEST_USER, premium: 0 },
    totals: { ...TOTALS, fans_new: 3, visits_new: 2 },
  });
  usePremiumModal.setState({ subscriptionsOpen: false });
  useProfileModal.setState({ userId: null });
});

describe('Likes me', () => {
  it('locks the grid for non-premium members: no real photo, taps open subscriptions', async () => {
    serve([makeEntry(null, { name: 'Dana', status: 1 }), makeEntry(null, { name: 'Yael' })]);
    const user = userEvent.setup();
    renderRoute('/likesme', '/likesme', <LikesMePage />);
    const cards = await screen.findAllByTestId('likesme-card');
    expect(cards).toHaveLength(2);
    for (const card of cards) expect(card).toHaveAttribute('data-locked', 'true');
    expect(
      within(screen.getByTestId('likesme-page')).queryAllByRole('img', { name: /Profile photo/ }),
    ).toEqual([]);
    expect(document.querySelectorAll('img[src]')).toHaveLength(0);
    // Names stay visible; online status is hidden on phones for non-premium members.
    expect(screen.getByText('Dana')).toBeInTheDocument();
    expect(document.querySelector('.person-tile__dot')).toBeNull();

    await user.click(cards[0] as HTMLElement);
    expect(usePremiumModal.getState().subscriptionsOpen).toBe(true);
    expect(useProfileModal.getState().userId).toBeNull();

    usePremiumModal.setState({ subscriptionsOpen: false });
    await user.click(screen.getByTestId('likesme-get-premium'));
    expect(usePremiumModal.getState().subscriptionsOpen).toBe(true);
  });

  it('opens profiles for premium members and shows the photos', async () => {
    useAppStore.setState({ user: { ...TEST_USER, premium: 1 } });
    serve([makeEntry(41, { status: 1, story: 2 }), makeEntry(42)]);
    const user = userEvent.setup();
    renderRoute('/likesme', '/likesme', <LikesMePage />);
    const cards = await screen.findAllByTestId('likesme-card');
    expect(cards[0]).toHaveAttribute('data-locked', 'false');
    expect(cards[0]).toHaveClass('person-tile--story');
    expect(within(cards[0] as HTMLElement).getByRole('img', { name: /Person 41/ })).toHaveAttribute(
      'src',
      '/media/personas/41.svg',
    );
    expect(screen.queryByTestId('likesme-get-premium')).toBeNull();
    expect(document.querySelectorAll('.person-tile__dot')).toHaveLength(1);

    await user.click(cards[1] as HTMLElement);
    expect(useProfileModal.getState()).toMatchObject({ userId: 42, target: 'likesme' });
    expect(usePremiumModal.getState().subscriptionsOpen).toBe(false);
  });

  it('loads the first page, marks fans seen and refreshes totals', async () => {
    serve([makeEntry(null)]);
    renderRoute('/likesme', '/likesme', <LikesMePage />);
    await screen.findAllByTestId('likesme-card');
    expect(request).toHaveBeenCalledWith('user/fans', { currentLength: 0, recordsToTake: 20 });
    expect(request).toHaveBeenCalledWith('user/fans/seen', {});
    await waitFor(() => expect(request).toHaveBeenCalledWith('totals', {}));
    await waitFor(() => expect(useAppStore.getState().totals?.fans_new).toBe(0));
    // Phones (under 1200 px) show the total from totals, not the list length.
    expect(screen.getByTestId('likesme-count')).toHaveTextContent('7');
  });

  it('shows the empty state', async () => {
    serve([]);
    renderRoute('/likesme', '/likesme', <LikesMePage />);
    expect(await screen.findByText("You don't have likes yet")).toBeInTheDocument();
  });
});

describe('Visitors', () => {
  it('uses user/visitors and user/visitors/seen, locked for non-premium members', async () => {
    serve([makeEntry(null, { name: 'Avi' })]);
    const user = userEvent.setup();
    renderRoute('/visitors', '/visitors', <VisitorsPage />);
    const [card] = await screen.findAllByTestId('visitors-card');
    expect(card).toHaveAttribute('data-locked', 'true');
    expect(request).toHaveBeenCalledWith('user/visitors', { currentLength: 0, recordsToTake: 20 });
    expect(request).toHaveBeenCalledWith('user/visitors/seen', {});
    await user.click(card as HTMLElement);
    expect(usePremiumModal.getState().subscriptionsOpen).toBe(true);
    await waitFor(() => expect(useAppStore.getState().totals?.visits_new).toBe(0));
  });

  it('opens a visitor profile for premium members', async () => {
    useAppStore.setState({ user: { ...TEST_USER, premium: 1 } });
    serve([makeEntry(9)]);
    const user = userEvent.setup();
    renderRoute('/visitors', '/visitors', <VisitorsPage />);
    await user.click((await screen.findAllByTestId('visitors-card'))[0] as HTMLElement);
    expect(useProfileModal.getState()).toMatchObject({ userId: 9, target: 'visitors' });
  });
});
