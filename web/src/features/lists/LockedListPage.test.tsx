import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../app/store';
import { realtime } from '../../realtime';
import type { ReceivedListEntry, Totals } from '../../realtime/protocol';
import { TEST_USER } from '../../realtime/testing';
import { setTestLanguage } from '../auth/testUtils';
import { useProfileModal } from '../people/store';
import { usePremiumModal } from '../premium/store';
import LikesMePage from './LikesMePage';
import { installFakeObserver, lockedEntries, makeEntry, renderRoute, reply } from './testing';
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

function serve(list: ReceivedListEntry[], totals: Totals = TOTALS) {
  request.mockImplementation(async (module) => {
    if (module === 'totals') return reply(module, totals) as never;
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
  it('locks the grid for non-premium members: the count and blurred shapes only', async () => {
    serve(lockedEntries(7));
    const user = userEvent.setup();
    renderRoute('/likesme', '/likesme', <LikesMePage />);
    const cards = await screen.findAllByTestId('likesme-card');
    expect(cards).toHaveLength(7);
    for (const card of cards) {
      expect(card).toHaveAttribute('data-locked', 'true');
      expect(card).not.toHaveAttribute('data-person-id');
      expect(card).toHaveAccessibleName('Hidden: get premium to see who it is');
      expect(card).toHaveTextContent('');
      expect(card.querySelector('.locked-photo')).not.toBeNull();
    }
    expect(document.querySelectorAll('img[src]')).toHaveLength(0);
    expect(document.querySelector('.person-tile__dot')).toBeNull();
    expect(screen.getByTestId('likesme-teaser')).toHaveTextContent('7 people like you');
    expect(screen.getByTestId('likesme-count')).toHaveTextContent('7');

    await user.click(cards[0] as HTMLElement);
    expect(usePremiumModal.getState().subscriptionsOpen).toBe(true);
    expect(useProfileModal.getState().userId).toBeNull();

    usePremiumModal.setState({ subscriptionsOpen: false });
    await user.click(screen.getByTestId('likesme-teaser'));
    expect(usePremiumModal.getState().subscriptionsOpen).toBe(true);

    usePremiumModal.setState({ subscriptionsOpen: false });
    await user.click(screen.getByTestId('likesme-get-premium'));
    expect(usePremiumModal.getState().subscriptionsOpen).toBe(true);
  });

  it('shows the server’s blurred photo of a locked fan as it is, and a drawn shape without one', async () => {
    serve([
      ...lockedEntries(2, '/media/u/blurred-a.jpg'),
      ...lockedEntries(1),
      ...lockedEntries(1, '/media/u/blurred-b.jpg'),
    ]);
    renderRoute('/likesme', '/likesme', <LikesMePage />);
    const cards = await screen.findAllByTestId('likesme-card');
    expect(cards).toHaveLength(4);
    const imageOf = (card: HTMLElement | undefined) =>
      card?.querySelector<HTMLImageElement>('.locked-photo__image') ?? null;
    expect(imageOf(cards[0])?.getAttribute('src')).toBe('/media/u/blurred-a.jpg');
    expect(imageOf(cards[3])?.getAttribute('src')).toBe('/media/u/blurred-b.jpg');
    // The copy is already blurred: no filter on top, and the drawn figure gives way to it.
    expect(imageOf(cards[0])?.style.filter).toBe('');
    expect(cards[0]?.querySelector('.locked-photo__blob')).toBeNull();
    expect(imageOf(cards[2])).toBeNull();
    expect(cards[2]?.querySelector('.locked-photo__blob')).not.toBeNull();
    for (const card of cards) {
      expect(card).toHaveAccessibleName('Hidden: get premium to see who it is');
      expect(card).not.toHaveAttribute('data-person-id');
    }
    // The teaser's faces are the first blurred photos.
    const faces = screen.getByTestId('likesme-teaser').querySelectorAll('.locked-photo__image');
    expect([...faces].map((img) => img.getAttribute('src'))).toEqual([
      '/media/u/blurred-a.jpg',
      '/media/u/blurred-a.jpg',
      '/media/u/blurred-b.jpg',
    ]);
  });

  it('says "someone" for a single fan', async () => {
    const totals = { ...TOTALS, fans: { total: 1 } };
    useAppStore.setState({ totals });
    serve(lockedEntries(1), totals);
    renderRoute('/likesme', '/likesme', <LikesMePage />);
    expect(await screen.findByTestId('likesme-teaser')).toHaveTextContent('Someone likes you');
  });

  it('follows the server when the client still believes it is not premium', async () => {
    serve([makeEntry(41)]);
    renderRoute('/likesme', '/likesme', <LikesMePage />);
    const [card] = await screen.findAllByTestId('likesme-card');
    expect(card).toHaveAttribute('data-locked', 'false');
    expect(card).toHaveAttribute('data-person-id', '41');
    expect(screen.queryByTestId('likesme-teaser')).toBeNull();
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
    expect(screen.queryByTestId('likesme-teaser')).toBeNull();
    expect(document.querySelectorAll('.person-tile__dot')).toHaveLength(1);

    await user.click(cards[1] as HTMLElement);
    expect(useProfileModal.getState()).toMatchObject({ userId: 42, target: 'likesme' });
    expect(usePremiumModal.getState().subscriptionsOpen).toBe(false);
  });

  it('loads the first page, marks fans seen and refreshes totals', async () => {
    serve(lockedEntries(1));
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
    serve(lockedEntries(4));
    const user = userEvent.setup();
    renderRoute('/visitors', '/visitors', <VisitorsPage />);
    const [card] = await screen.findAllByTestId('visitors-card');
    expect(card).toHaveAttribute('data-locked', 'true');
    expect(screen.getByTestId('visitors-teaser')).toHaveTextContent('4 people viewed your profile');
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
