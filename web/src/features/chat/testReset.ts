// A clean start for each chat test. Kept apart from testing.tsx, which the realtime mock loads:
// this file needs the chat's actions, and those need the (mocked) realtime client.
import { vi } from 'vitest';
import { useAppStore } from '../../app/store';
import { TEST_USER } from '../../realtime/testing';
import { setChatOpen, showBanner } from '../notify/banner';
import { playSound } from '../notify/sounds';
import { usePeopleStore, useProfileModal } from '../people/store';
import { resetChat } from './actions';
import { clearAllDrafts } from './drafts';
import { ME, resetRealtime } from './testing';

/**
 * A clean start for a chat test: no chat state, a signed-in user with `credits`, and fresh mocks
 * (the notification spies of testing.tsx, where the test file installs them).
 */
export function resetChatTest(credits = 200): void {
  resetRealtime();
  resetChat();
  clearAllDrafts();
  for (const fn of [showBanner, setChatOpen, playSound]) {
    if (vi.isMockFunction(fn)) fn.mockClear();
  }
  useAppStore.setState({
    user: { ...TEST_USER, id: ME, credits },
    authenticated: true,
    unreadTotal: 0,
    creditsModalOpen: false,
    creditsNeed: null,
    connection: 'live',
    configs: {},
    language: 'en',
  });
  usePeopleStore.setState({ hiddenIds: [] });
  useProfileModal.setState({ userId: null });
}
