import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../app/store';
import { TEST_USER } from '../../realtime/testing';
import { setTestLanguage } from '../auth/testUtils';
import { useNotifyStore } from '../notify/banner';
import { MatchedModalHost } from '../people/MatchedModal';
import { useLikeLimit, useMatchModal } from '../people/overlays';
import { usePeopleStore, useProfileModal } from '../people/store';
import {
  answer,
  makePerson,
  preferReducedMotion,
  realtime,
  renderWithRouter,
  resetRealtime,
  sent,
} from '../people/testing';
import { usePremiumModal } from '../premium/store';
import { resetDeck } from './deckStore';
import ExplorePage from './ExplorePage';

vi.mock('../../realtime', () => import('../people/testing'));

function Screen() {
  return (
    <>
      <ExplorePage />
      <MatchedModalHost />
    </>
  );
}

const topCardId = () =>
  Number(screen.getAllByTestId('explore-card')[0]?.getAttribute('data-person-id'));

beforeAll(async () => {
  await setTestLanguage('en');
  preferReducedMotion();
});

beforeEach(() => {
  resetRealtime();
  resetDeck();
  usePeopleStore.setState({ cards: [], meet: [], popular: [], spotlight: [], hiddenIds: [] });
  useProfileModal.setState({ userId: null });
  useMatchModal.setState({ person: null, shown: [] });
  useLikeLimit.setState({ open: false, resetsIn: null });
  usePremiumModal.setState({ subscriptionsOpen: false });
  useAppStore.setState({ user: { ...TEST_USER, language: 'en' }, language: 'en' });
  useNotifyStore.setState({ banner: null });
});

describe('ExplorePage deck', () => {
  it('loads cards, then prefetches with the deck and the swiped ids excluded', async () => {
    let page = 0;
    let release: () => void = () => undefined;
    answer('explore', async () => {
      page += 1;
      if (page === 1) {
        return {
          module: 'explore',
          request_status: 1,
          data: [1, 2, 3, 4].map((id) => makePerson(id)),
        };
      }
      // The second page stays pending until the test releases it.
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return { module: 'explore', request_status: 1, data: [5, 6].map((id) => makePerson(id)) };
    });
    const user = userEvent.setup();
    renderWithRouter(<Screen />);
    expect(screen.getByTestId('explore-page')).toBeInTheDocument();
    expect(screen.getByTestId('explore-loading')).toBeInTheDocument();
    await waitFor(() => expect(topCardId()).toBe(1));
    expect(sent('explore')).toEqual([{ exclude: [] }]);

    await user.click(screen.getByTestId('explore-pass'));
    await waitFor(() => expect(topCardId()).toBe(2));
    // Three cards left: no prefetch yet.
    expect(sent('explore')).toHaveLength(1);

    await user.click(screen.getByTestId('explore-pass'));
    await waitFor(() => expect(topCardId()).toBe(3));
    // Two left: fetch more, excluding the deck (3, 4) and the swiped cards (1, 2).
    await waitFor(() => expect(sent('explore')).toHaveLength(2));
    expect(sent('explore')[1]).toEqual({ exclude: [3, 4, 1, 2] });

    // One left while the request is pending: no duplicate request.
    await user.click(screen.getByTestId('explore-pass'));
    await waitFor(() => expect(topCardId()).toBe(4));
    expect(sent('explore')).toHaveLength(2);

    await act(async () => release());
    await waitFor(() => expect(screen.getAllByTestId('explore-card')).toHaveLength(3));
    expect(usePeopleStore.getState().cards.map((p) => p.id)).toEqual([4, 5, 6]);
  });

  it('sends like 1 and pass 0 for the top card and drops it', async () => {
    answer('explore', () => ({
      module: 'explore',
      request_status: 1,
      data: [1, 2, 3, 4, 5].map((id) => makePerson(id)),
    }));
    answer('swipe', (p) => ({
      module: 'swipe',
      request_status: 1,
      request_details: { is_matched: 0, swiped_user_id: p.swiped_user_id },
    }));
    const user = userEvent.setup();
    renderWithRouter(<Screen />);
    await waitFor(() => expect(topCardId()).toBe(1));

    await user.click(screen.getByTestId('explore-like'));
    await waitFor(() => expect(topCardId()).toBe(2));
    await user.click(screen.getByTestId('explore-pass'));
    await waitFor(() => expect(topCardId()).toBe(3));

    expect(sent('swipe')).toEqual([
      { swiped_user_id: 1, like: 1 },
      { swiped_user_id: 2, like: 0 },
    ]);
    expect(screen.queryByTestId('matched-modal')).toBeNull();
  });

  it('likes with ArrowRight and passes with ArrowLeft, also in RTL', async () => {
    await setTestLanguage('he');
    answer('explore', () => ({
      module: 'explore',
      request_status: 1,
      data: [1, 2, 3, 4, 5].map((id) => makePerson(id)),
    }));
    renderWithRouter(<Screen />);
    await waitFor(() => expect(topCardId()).toBe(1));
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    await waitFor(() => expect(topCardId()).toBe(2));
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    await waitFor(() => expect(topCardId()).toBe(3));
    expect(sent('swipe')).toEqual([
      { swiped_user_id: 1, like: 1 },
      { swiped_user_id: 2, like: 0 },
    ]);
    await setTestLanguage('en');
  });

  it('likes on a drag to the right past the threshold and snaps back below it', async () => {
    answer('explore', () => ({
      module: 'explore',
      request_status: 1,
      data: [1, 2, 3, 4].map((id) => makePerson(id)),
    }));
    renderWithRouter(<Screen />);
    await waitFor(() => expect(topCardId()).toBe(1));
    const card = screen.getAllByTestId('explore-card')[0] as HTMLElement;

    fireEvent.pointerDown(card, { pointerId: 1, clientX: 100, clientY: 100, button: 0 });
    fireEvent.pointerMove(card, { pointerId: 1, clientX: 130, clientY: 100 });
    fireEvent.pointerUp(card, { pointerId: 1, clientX: 130, clientY: 100 });
    expect(sent('swipe')).toEqual([]);
    expect(useProfileModal.getState().userId).toBeNull();

    fireEvent.pointerDown(card, { pointerId: 2, clientX: 100, clientY: 100, button: 0 });
    fireEvent.pointerMove(card, { pointerId: 2, clientX: 300, clientY: 110 });
    fireEvent.pointerUp(card, { pointerId: 2, clientX: 300, clientY: 110 });
    await waitFor(() => expect(topCardId()).toBe(2));
    expect(sent('swipe')).toEqual([{ swiped_user_id: 1, like: 1 }]);
  });

  it('opens the profile on a tap that is not a drag', async () => {
    answer('explore', () => ({
      module: 'explore',
      request_status: 1,
      data: [7, 8, 9].map((id) => makePerson(id)),
    }));
    renderWithRouter(<ExplorePage />);
    await waitFor(() => expect(topCardId()).toBe(7));
    const card = screen.getAllByTestId('explore-card')[0] as HTMLElement;
    fireEvent.pointerDown(card, { pointerId: 1, clientX: 100, clientY: 100, button: 0 });
    fireEvent.pointerUp(card, { pointerId: 1, clientX: 102, clientY: 101 });
    fireEvent.click(card);
    expect(useProfileModal.getState()).toMatchObject({ userId: 7, target: 'explore' });
    expect(sent('swipe')).toEqual([]);
  });

  it('celebrates a match: markLiked and the matched modal', async () => {
    answer('explore', () => ({
      module: 'explore',
      request_status: 1,
      data: [1, 2, 3, 4].map((id) => makePerson(id, { name: id === 1 ? 'Noa' : `P${id}` })),
    }));
    answer('swipe', (p) => ({
      module: 'swipe',
      request_status: 1,
      request_details: { is_matched: 1, swiped_user_id: p.swiped_user_id },
    }));
    usePeopleStore.setState({ meet: [makePerson(1, { name: 'Noa' })] });
    const user = userEvent.setup();
    renderWithRouter(<Screen />);
    await waitFor(() => expect(topCardId()).toBe(1));
    await user.click(screen.getByTestId('explore-like'));

    const modal = await screen.findByTestId('matched-modal');
    expect(within(modal).getByText("It's a match!")).toBeInTheDocument();
    expect(modal).toHaveTextContent('You and Noa like each other');
    expect(usePeopleStore.getState().meet[0]).toMatchObject({ liked: 1, matched: 1 });

    await user.click(screen.getByTestId('matched-keep-swiping'));
    expect(screen.queryByTestId('matched-modal')).toBeNull();
  });

  it('shows the upsell and puts the card back when the like limit is reached', async () => {
    answer('explore', () => ({
      module: 'explore',
      request_status: 1,
      data: [1, 2, 3, 4].map((id) => makePerson(id)),
    }));
    answer('swipe', () => ({
      module: 'swipe',
      request_status: 0,
      error_code: 'like_limit_reached',
      request_details: { limit: 50, resets_in: 7200 },
    }));
    const user = userEvent.setup();
    renderWithRouter(<Screen />);
    await waitFor(() => expect(topCardId()).toBe(1));
    await user.click(screen.getByTestId('explore-like'));

    const upsell = await screen.findByTestId('like-limit-upsell');
    expect(upsell).toHaveTextContent("You've used today's likes");
    expect(upsell).toHaveTextContent('New likes in 2 hours');
    await waitFor(() => expect(topCardId()).toBe(1));
    expect(usePeopleStore.getState().cards.map((p) => p.id)).toEqual([1, 2, 3, 4]);

    await user.click(within(upsell).getByRole('button', { name: 'Get premium' }));
    expect(usePremiumModal.getState().subscriptionsOpen).toBe(true);
    expect(screen.queryByTestId('like-limit-upsell')).toBeNull();
  });

  it('just drops a card the server no longer knows', async () => {
    answer('explore', () => ({
      module: 'explore',
      request_status: 1,
      data: [1, 2, 3, 4].map((id) => makePerson(id)),
    }));
    answer('swipe', () => ({ module: 'swipe', request_status: 0, error_code: 'not_found' }));
    const user = userEvent.setup();
    renderWithRouter(<Screen />);
    await waitFor(() => expect(topCardId()).toBe(1));
    await user.click(screen.getByTestId('explore-like'));
    await waitFor(() => expect(topCardId()).toBe(2));
    expect(screen.queryByTestId('like-limit-upsell')).toBeNull();
  });

  it('offers to search farther with one tap, then deals the wider deck', async () => {
    useAppStore.setState({ user: { ...TEST_USER, language: 'en', s_radius: 50, s_age: '23,37' } });
    let wide = false;
    answer('explore', () => ({
      module: 'explore',
      request_status: 1,
      data: wide ? [7, 8].map((id) => makePerson(id)) : [],
    }));
    answer('user/update', (payload) => {
      wide = true;
      return {
        module: 'user/update',
        request_status: 1,
        data: { user: { ...TEST_USER, language: 'en', s_radius: payload.value as number } },
      };
    });
    const user = userEvent.setup();
    renderWithRouter(<Screen />);
    const empty = await screen.findByTestId('explore-empty');
    expect(empty).toHaveTextContent('No more people nearby right now');
    expect(empty).toHaveTextContent("You've seen everyone nearby who fits your search");
    expect(screen.getByTestId('explore-like')).toBeDisabled();
    expect(realtime.request).toHaveBeenCalledTimes(1);

    await user.click(within(empty).getByRole('button', { name: 'Search within 100 km' }));
    await waitFor(() => expect(topCardId()).toBe(7));
    expect(sent('user/update')).toEqual([{ key: 's_radious', value: 100 }]);
    // The deck is dealt afresh (then topped up, as two cards are few).
    expect(sent('explore').slice(0, 2)).toEqual([{ exclude: [] }, { exclude: [] }]);
    expect(useAppStore.getState().user?.s_radius).toBe(100);
    expect(screen.queryByTestId('explore-empty')).toBeNull();
  });

  it('widens the ages once the distance is at its widest', async () => {
    useAppStore.setState({ user: { ...TEST_USER, language: 'en', s_radius: 100, s_age: '25,40' } });
    answer('explore', () => ({ module: 'explore', request_status: 1, data: [] }));
    answer('user/update', (payload) => ({
      module: 'user/update',
      request_status: 1,
      data: { user: { ...TEST_USER, language: 'en', s_radius: 100, s_age: payload.value } },
    }));
    const user = userEvent.setup();
    renderWithRouter(<Screen />);
    const empty = await screen.findByTestId('explore-empty');
    await user.click(within(empty).getByRole('button', { name: /Show ages\W+20–45/ }));
    await waitFor(() => expect(sent('explore')).toHaveLength(2));
    expect(sent('user/update')).toEqual([{ key: 's_age', value: '20,45' }]);
    // Still nobody: the next step is offered.
    expect(
      await within(await screen.findByTestId('explore-empty')).findByRole('button', {
        name: /Show ages\W+18–50/,
      }),
    ).toBeInTheDocument();
  });

  it('keeps the empty deck and says so when the wider search cannot be saved', async () => {
    answer('explore', () => ({ module: 'explore', request_status: 1, data: [] }));
    answer('user/update', () => ({
      module: 'user/update',
      request_status: 0,
      error_code: 'invalid_value',
    }));
    const user = userEvent.setup();
    renderWithRouter(<Screen />);
    const empty = await screen.findByTestId('explore-empty');
    const widen = within(empty).getByTestId('explore-widen');
    await user.click(widen);
    await waitFor(() => expect(widen).toBeEnabled());
    expect(useNotifyStore.getState().banner).toMatchObject({ type: 'error' });
    expect(sent('explore')).toHaveLength(1);
    expect(useAppStore.getState().user?.s_radius).toBe(50);
  });

  it('points to the settings when the search is already at its widest', async () => {
    useAppStore.setState({
      user: { ...TEST_USER, language: 'en', s_radius: 100, s_age: '18,100' },
    });
    answer('explore', () => ({ module: 'explore', request_status: 1, data: [] }));
    const user = userEvent.setup();
    renderWithRouter(<Screen />);
    const empty = await screen.findByTestId('explore-empty');
    expect(within(empty).queryByTestId('explore-widen')).toBeNull();
    expect(empty).toHaveTextContent('New people join every day');
    await user.click(within(empty).getByRole('link', { name: 'Search settings' }));
    expect(await screen.findByText('settings page')).toBeInTheDocument();
  });

  it('says when a card is written in another language than the viewer reads', async () => {
    answer('explore', () => ({
      module: 'explore',
      request_status: 1,
      data: [makePerson(1, { language: 'he', name: 'נועה' }), makePerson(2)],
    }));
    const user = userEvent.setup();
    renderWithRouter(<Screen />);
    await waitFor(() => expect(topCardId()).toBe(1));
    const first = screen.getAllByTestId('explore-card')[0] as HTMLElement;
    expect(within(first).getByTestId('language-badge')).toHaveTextContent('Profile in Hebrew');
    await user.click(screen.getByTestId('explore-pass'));
    await waitFor(() => expect(topCardId()).toBe(2));
    const second = screen.getAllByTestId('explore-card')[0] as HTMLElement;
    expect(within(second).queryByTestId('language-badge')).toBeNull();
  });

  it('shows a card without a photo as initials on a gradient, with the virtual badge', async () => {
    answer('explore', () => ({
      module: 'explore',
      request_status: 1,
      data: [
        makePerson(1, { name: 'Noa Levi', photo: null, virtual: 1, status: 1, distance_km: null }),
      ],
    }));
    renderWithRouter(<Screen />);
    await waitFor(() => expect(topCardId()).toBe(1));
    const card = screen.getAllByTestId('explore-card')[0] as HTMLElement;
    expect(within(card).getByText('NL')).toBeInTheDocument();
    expect(within(card).getByText('Virtual profile')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Online' })).toBeInTheDocument();
    expect(within(card).getByText('\u2068Tel Aviv\u2069')).toBeInTheDocument();
  });
});
