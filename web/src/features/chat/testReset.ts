// A clean start for each chat test. Kept apart from testing.tsx, which the realtime mock loads:
// this file needs the ChatService, and that needs the (mocked) realtime client.
import { vi } from 'vitest';
import { useAppStore } from '../../app/store';
import { TEST_USER } from '../../realtime/testing';
import { setChatOpen, showBanner } from '../notify/banner';
import { playSound } from '../notify/sounds';
import { usePeopleStore, useProfileModal } from '../people/store';
import { clearAllDrafts } from './drafts';
import { ChatService } from './service';
import { fakeUploads, ME, resetRealtime } from './testing';

/**
 * A clean start for a chat test: a new ChatService (the test's own), a signed-in user with
 * `credits`, no drafts, and fresh mocks (the socket double and the notification spies of
 * testing.tsx, where the test file installs them). Uploads go to `fakeUploads`; the browser can
 * preview every file but a HEIC.
 */
export function newChatTest(credits = 200): ChatService {
  resetRealtime();
  fakeUploads.reset();
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
  return new ChatService({
    upload: fakeUploads.upload,
    canPreview: (file) => !/\.hei[cf]$/i.test(file.name),
  });
}
