import { act, screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../store';
import { TEST_USER } from '../../realtime/testing';
import { setTestLanguage } from '../../features/auth/testUtils';
import { useMoneyStore } from '../../features/money/store';
import { useMatchModal } from '../../features/people/overlays';
import { usePeopleStore } from '../../features/people/store';
import { emit, makePerson, renderWithRouter, resetRealtime } from '../../features/people/testing';
import { FrameHosts } from './FrameHosts';

vi.mock('../../realtime', () => import('../../features/people/testing'));

beforeAll(async () => {
  await setTestLanguage('en');
});

beforeEach(() => {
  resetRealtime();
  useAppStore.setState({
    user: { ...TEST_USER, language: 'en', sof_spin_available: 0 },
    authenticated: true,
  });
  usePeopleStore.setState({ cards: [], meet: [], popular: [], spotlight: [], hiddenIds: [] });
  useMatchModal.setState({ person: null, shown: [] });
  useMoneyStore.setState({ wheelOpen: false, boostKind: null, historyOpen: false });
});

describe('FrameHosts', () => {
  it('hears presence before any modal has loaded', () => {
    usePeopleStore.setState({ cards: [makePerson(41)] });
    renderWithRouter(<FrameHosts />);
    act(() => emit({ module: 'onlines', type: 'online', user_id: 41 }));
    expect(usePeopleStore.getState().cards[0]?.status).toBe(1);
  });

  it('loads the matched modal when a match event arrives', async () => {
    const { container } = renderWithRouter(<FrameHosts />);
    expect(container).toBeEmptyDOMElement();
    act(() => emit({ module: 'match', data: { user: makePerson(41, { name: 'Noa' }) } }));
    expect(await screen.findByTestId('matched-modal')).toHaveTextContent("It's a match!");
  });

  it('loads the credits history only once the store asks for it', async () => {
    renderWithRouter(<FrameHosts />);
    expect(screen.queryByTestId('credits-history')).toBeNull();
    act(() => useMoneyStore.getState().setHistoryOpen(true));
    expect(await screen.findByTestId('credits-history')).toBeInTheDocument();
  });

  it('never loads the free-spin button away from The Slips and Discover', () => {
    renderWithRouter(<FrameHosts />, '/settings');
    act(() => useAppStore.setState({ user: { ...TEST_USER, sof_spin_available: 1 } }));
    expect(screen.queryByTestId('free-spin-button')).toBeNull();
  });

  it('shows the free-spin button on The Slips when a spin arrives', async () => {
    renderWithRouter(<FrameHosts />);
    expect(screen.queryByTestId('free-spin-button')).toBeNull();
    act(() => useAppStore.setState({ user: { ...TEST_USER, sof_spin_available: 1 } }));
    expect(await screen.findByTestId('free-spin-button')).toBeInTheDocument();
  });
});
