import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../app/store';
import { TEST_USER } from '../../realtime/testing';
import { setTestLanguage } from '../auth/testUtils';
import { BannerHost } from '../notify/BannerHost';
import { useNotifyStore } from '../notify/banner';
import { usePremiumModal } from '../premium/store';
import { MatchedModalHost } from './MatchedModal';
import { useLikeLimit, useMatchModal } from './overlays';
import { ProfileModalHost } from './ProfileModal';
import { openProfile, usePeopleStore, useProfileModal } from './store';
import { Outlet } from 'react-router';
import { answer, makePerson, renderRoutes, renderWithRouter, resetRealtime, sent } from './testing';

vi.mock('../../realtime', () => import('./testing'));

function Hosts() {
  return (
    <>
      <ProfileModalHost />
      <MatchedModalHost />
      <BannerHost />
    </>
  );
}

/**
 * As in MainLayout: the hosts stay mounted around every page. Starts on an explore page; the
 * other page, at `path`, says `text`.
 */
function renderHostsAroundPages(path: string, text: string) {
  return renderRoutes(
    [
      {
        element: (
          <>
            <Outlet />
            <Hosts />
          </>
        ),
        children: [
          { path: '/explore', element: <p>explore page</p> },
          { path, element: <p>{text}</p> },
        ],
      },
    ],
    '/explore',
  );
}

const photos = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => ({ id: from + i, photo: `/media/p${from + i}.jpg` }));

function answerProfile(patch: Parameters<typeof makePerson>[1] = {}, photoCount = 3) {
  answer('profile', (p) => ({
    module: 'profile',
    request_status: 1,
    data: {
      user: makePerson(Number(p.user_id), { name: 'Noa', photos_count: photoCount, ...patch }),
      photos: photos(100, Math.min(photoCount, 10)),
    },
  }));
}

beforeAll(async () => {
  await setTestLanguage('en');
});

beforeEach(() => {
  resetRealtime();
  useAppStore.setState({ user: { ...TEST_USER, language: 'en' }, authenticated: true });
  usePeopleStore.setState({ cards: [], meet: [], popular: [], spotlight: [], hiddenIds: [] });
  useProfileModal.setState({ userId: null, target: 'explore' });
  useMatchModal.setState({ person: null, shown: [] });
  useLikeLimit.setState({ open: false, resetsIn: null });
  useNotifyStore.setState({ banner: null, chatPartnerId: null });
  usePremiumModal.setState({ subscriptionsOpen: false });
});

describe('ProfileModalHost', () => {
  it('renders nothing until a profile is opened', () => {
    renderWithRouter(<Hosts />);
    expect(screen.queryByTestId('profile-modal')).toBeNull();
  });

  it('loads the profile and records exactly one visit', async () => {
    answerProfile({ virtual: 1, bio: 'Coffee, sea & <b>long</b> walks', status: 1 });
    renderWithRouter(<Hosts />);
    act(() => openProfile(41, 'meet'));
    const modal = await screen.findByTestId('profile-modal');
    expect(modal).toHaveAttribute('role', 'dialog');
    await waitFor(() =>
      expect(within(modal).getByRole('heading', { level: 2 })).toHaveTextContent('Noa, 26'),
    );
    expect(sent('profile')).toContainEqual({ user_id: 41, target: 'meet' });
    // Bios are text, never HTML.
    expect(within(modal).getByText('Coffee, sea & <b>long</b> walks')).toBeInTheDocument();
    expect(within(modal).getByTestId('profile-virtual-badge')).toHaveTextContent(
      'Virtual profileWritten and moderated by the Kesher team. Meeting in person is not possible.',
    );
    expect(within(modal).getByText('Online now')).toBeInTheDocument();
    expect(
      within(modal).getByText('\u2068Tel Aviv, Israel\u2069 · 10 km away'),
    ).toBeInTheDocument();
    await waitFor(() => expect(sent('visit')).toEqual([{ visited_user_id: 41 }]));
  });

  it('does not record a visit to oneself', async () => {
    answerProfile();
    renderWithRouter(<Hosts />);
    act(() => openProfile(TEST_USER.id, 'explore'));
    await screen.findByText('Noa, 27');
    expect(sent('visit')).toEqual([]);
    expect(screen.queryByTestId('profile-like')).toBeNull();
    expect(screen.queryByTestId('profile-block')).toBeNull();
  });

  it('closes with a notice on not_found', async () => {
    answer('profile', () => ({ module: 'profile', request_status: 0, error_code: 'not_found' }));
    renderWithRouter(<Hosts />);
    act(() => openProfile(41, 'explore'));
    expect(await screen.findByText('This profile is no longer available')).toBeInTheDocument();
    expect(useProfileModal.getState().userId).toBeNull();
  });

  it('blocks after confirmation: forgets the person everywhere and closes', async () => {
    answerProfile();
    answer('user/block', () => ({ module: 'user/block', request_status: 1 }));
    usePeopleStore.setState({ cards: [makePerson(41)], meet: [makePerson(41), makePerson(42)] });
    const user = userEvent.setup();
    renderWithRouter(<Hosts />);
    act(() => openProfile(41, 'explore'));
    await user.click(await screen.findByTestId('profile-block'));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Block Noa?');
    await user.click(screen.getByTestId('confirm-accept'));

    await waitFor(() => expect(screen.queryByTestId('profile-modal')).toBeNull());
    expect(sent('user/block')).toEqual([{ user_id: 41 }]);
    const people = usePeopleStore.getState();
    expect(people.cards).toEqual([]);
    expect(people.meet.map((p) => p.id)).toEqual([42]);
    expect(people.hiddenIds).toEqual([41]);
    expect(screen.getByTestId('people-notice')).toHaveTextContent('User blocked');
  });

  it('keeps the modal open and shows the error when a block fails', async () => {
    answerProfile();
    answer('user/block', () => ({
      module: 'user/block',
      request_status: 0,
      error_code: 'internal_error',
    }));
    const user = userEvent.setup();
    renderWithRouter(<Hosts />);
    act(() => openProfile(41, 'explore'));
    await user.click(await screen.findByTestId('profile-block'));
    await user.click(screen.getByTestId('confirm-accept'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Oops! Something went wrong.');
    expect(useProfileModal.getState().userId).toBe(41);
  });

  it('reports with a reason, and treats an unknown module as a failure', async () => {
    answerProfile();
    answer('user/report', () => ({
      module: 'user/report',
      request_status: 0,
      error_code: 'unknown_module',
    }));
    const user = userEvent.setup();
    renderWithRouter(<Hosts />);
    act(() => openProfile(41, 'explore'));
    await user.click(await screen.findByTestId('profile-report'));
    expect(screen.getByTestId('confirm-accept')).toBeDisabled();
    await user.click(screen.getByTestId('report-reason-fake'));
    await user.click(screen.getByTestId('confirm-accept'));
    expect(await screen.findByTestId('people-notice')).toHaveTextContent('Failed to submit report');
    expect(sent('user/report')).toEqual([{ user_id: 41, reason: 'fake' }]);

    answer('user/report', () => ({ module: 'user/report', request_status: 1 }));
    await user.click(screen.getByTestId('profile-report'));
    await user.click(screen.getByTestId('report-reason-scam'));
    await user.click(screen.getByTestId('confirm-accept'));
    await waitFor(() =>
      expect(screen.getByTestId('people-notice')).toHaveTextContent('Report submitted'),
    );
  });

  it('likes from the profile: a match hides the like button and opens the matched modal', async () => {
    answerProfile();
    answer('swipe', () => ({
      module: 'swipe',
      request_status: 1,
      request_details: { is_matched: 1, swiped_user_id: 41 },
    }));
    usePeopleStore.setState({ cards: [makePerson(41)] });
    const user = userEvent.setup();
    renderWithRouter(<Hosts />);
    act(() => openProfile(41, 'explore'));
    await user.click(await screen.findByTestId('profile-like'));
    expect(await screen.findByTestId('matched-modal')).toHaveTextContent('You and Noa');
    expect(sent('swipe')).toEqual([{ swiped_user_id: 41, like: 1 }]);
    expect(screen.queryByTestId('profile-like')).toBeNull();
    expect(usePeopleStore.getState().cards).toEqual([]);

    await user.click(screen.getByTestId('matched-send-message'));
    expect(await screen.findByText('chat page')).toBeInTheDocument();
  });

  it('"Send message" on a match from the profile shows the chat with no modal over it', async () => {
    answerProfile();
    answer('swipe', () => ({
      module: 'swipe',
      request_status: 1,
      request_details: { is_matched: 1, swiped_user_id: 41 },
    }));
    const user = userEvent.setup();
    const { router } = renderHostsAroundPages('/chat/:slug', 'chat page');
    act(() => openProfile(41, 'explore'));
    await user.click(await screen.findByTestId('profile-like'));
    await user.click(await screen.findByTestId('matched-send-message'));
    expect(await screen.findByText('chat page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/chat/41');
    expect(screen.queryByTestId('matched-modal')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(useProfileModal.getState().userId).toBeNull();
  });

  it('closes when the page changes under it (back button, a link)', async () => {
    answerProfile();
    const { router } = renderHostsAroundPages('/settings', 'settings page');
    act(() => openProfile(41, 'explore'));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    await act(() => router.navigate('/settings'));
    expect(await screen.findByText('settings page')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the like-limit upsell from the profile too', async () => {
    answerProfile();
    answer('swipe', () => ({
      module: 'swipe',
      request_status: 0,
      error_code: 'like_limit_reached',
    }));
    const user = userEvent.setup();
    renderWithRouter(<Hosts />);
    act(() => openProfile(41, 'explore'));
    await user.click(await screen.findByTestId('profile-like'));
    expect(await screen.findByTestId('like-limit-upsell')).toBeInTheDocument();
    expect(screen.getByTestId('profile-like')).toBeEnabled();
  });

  it('hides Like for someone already liked and opens the chat', async () => {
    answerProfile({ liked: 1 });
    const user = userEvent.setup();
    renderWithRouter(<Hosts />);
    act(() => openProfile(41, 'mylikes'));
    expect(await screen.findByText('Liked')).toBeInTheDocument();
    expect(screen.queryByTestId('profile-like')).toBeNull();
    await user.click(screen.getByTestId('profile-chat'));
    expect(await screen.findByText('chat page')).toBeInTheDocument();
    expect(useProfileModal.getState().userId).toBeNull();
  });

  it('wraps the viewer around and loads more photos near the end', async () => {
    answerProfile({}, 14);
    answer('user/photos', (p) => ({
      module: 'user/photos',
      request_status: 1,
      data: photos(100 + Number(p.currentLength), 4),
    }));
    const user = userEvent.setup();
    renderWithRouter(<Hosts />);
    act(() => openProfile(41, 'explore'));
    const modal = await screen.findByTestId('profile-modal');
    await within(modal).findByRole('img', { name: 'Photo 1 of 14 of Noa' });

    await user.click(within(modal).getByRole('button', { name: 'Previous photo' }));
    expect(within(modal).getByRole('img', { name: 'Photo 10 of 14 of Noa' })).toBeInTheDocument();
    await waitFor(() =>
      expect(sent('user/photos')).toEqual([{ user_id: 41, currentLength: 10, recordsToTake: 10 }]),
    );
    await waitFor(() => expect(within(modal).getAllByRole('tab')).toHaveLength(14));

    await user.click(within(modal).getByRole('tab', { name: 'Photo 14' }));
    await user.click(within(modal).getByRole('button', { name: 'Next photo' }));
    expect(within(modal).getByRole('img', { name: 'Photo 1 of 14 of Noa' })).toBeInTheDocument();
    // Every photo is loaded (4 < 10): no further request.
    expect(sent('user/photos')).toHaveLength(1);
  });

  it('closes on Escape', async () => {
    answerProfile();
    const user = userEvent.setup();
    renderWithRouter(<Hosts />);
    act(() => openProfile(41, 'explore'));
    await screen.findByText('Noa, 26');
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('profile-modal')).toBeNull();
  });
});
