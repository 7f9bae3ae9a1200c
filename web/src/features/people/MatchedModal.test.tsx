import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../app/store';
import { TEST_USER } from '../../realtime/testing';
import { setTestLanguage } from '../auth/testUtils';
import { MatchedModalHost, showMatch } from './MatchedModal';
import { useMatchModal } from './overlays';
import { usePeopleStore } from './store';
import { emit, makePerson, renderWithRouter, resetRealtime } from './testing';

vi.mock('../../realtime', () => import('./testing'));

beforeAll(async () => {
  await setTestLanguage('en');
});

beforeEach(() => {
  resetRealtime();
  useAppStore.setState({ user: { ...TEST_USER, language: 'en' }, authenticated: true });
  usePeopleStore.setState({ cards: [], meet: [], popular: [], spotlight: [], hiddenIds: [] });
  useMatchModal.setState({ person: null, shown: [] });
});

describe('MatchedModalHost', () => {
  it('applies presence events to every list', () => {
    usePeopleStore.setState({
      cards: [makePerson(41)],
      meet: [makePerson(41), makePerson(42)],
      spotlight: [makePerson(41, { status: 1 })],
    });
    renderWithRouter(<MatchedModalHost />);
    act(() => emit({ module: 'onlines', type: 'online', user_id: 41 }));
    let s = usePeopleStore.getState();
    expect(s.cards[0]?.status).toBe(1);
    expect(s.meet.map((p) => p.status)).toEqual([1, 0]);
    act(() => emit({ module: 'onlines', type: 'offline', user_id: 41 }));
    s = usePeopleStore.getState();
    expect([s.cards[0]?.status, s.meet[0]?.status, s.spotlight[0]?.status]).toEqual([0, 0, 0]);
  });

  it('opens on a match event, once per person, with both avatars', async () => {
    usePeopleStore.setState({ meet: [makePerson(41)] });
    const user = userEvent.setup();
    renderWithRouter(<MatchedModalHost />);
    act(() =>
      emit({ module: 'match', data: { user: makePerson(41, { name: 'Noa', photo: null }) } }),
    );
    const modal = await screen.findByTestId('matched-modal');
    expect(modal).toHaveTextContent("It's a match!");
    expect(screen.getByRole('img', { name: 'You' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Noa' })).toBeInTheDocument();
    expect(usePeopleStore.getState().meet[0]).toMatchObject({ liked: 1, matched: 1 });

    await user.click(screen.getByTestId('matched-keep-swiping'));
    expect(screen.queryByTestId('matched-modal')).toBeNull();
    // The swipe reply and the event announce the same match: it shows once.
    act(() => showMatch(makePerson(41, { name: 'Noa' })));
    expect(screen.queryByTestId('matched-modal')).toBeNull();
  });
});
