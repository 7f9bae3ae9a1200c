// The chat while someone is signed in: a layout route around the main-layout pages (router.tsx).
// It loads the contacts and the unread total, applies the chat events (new_message, message/read,
// credits, onlines), refreshes after a reconnect or a return to the tab, and hosts the archives.
import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { HIDDEN_TAB_LOADER_DELAY_MS } from '../../app/constants';
import { useAppStore } from '../../app/store';
import { realtime } from '../../realtime';
import {
  handleCredits,
  handleNewMessage,
  handlePresence,
  handleRead,
  handleSendReply,
  loadList,
  refreshAll,
  refreshUnreadNow,
  resendUnsent,
  resetChat,
  setChatNavigator,
} from './actions';
import { ArchivesHost } from './ArchivesOverlay';
import { useChatStore } from './store';

export function useChatSync(): void {
  const navigate = useNavigate();
  const signedIn = useAppStore((s) => s.authenticated);

  useEffect(() => {
    setChatNavigator((to) => void navigate(to));
  }, [navigate]);

  useEffect(() => {
    if (!signedIn) return;
    // Spec §4: on authentication, contacts and the unread total.
    void loadList('contacts');
    void refreshUnreadNow();
    const offs = [
      // A reconnect validates again: then contacts, unread and the open chat are read anew, and
      // messages left unsent by the lost connection go again with their own client_id.
      realtime.onSession((event) => {
        if (event.type !== 'authenticated') return;
        refreshAll();
        resendUnsent();
      }),
      // A reply that came after its request gave up (a timeout on a stalled socket).
      realtime.on('send_message', (frame) => {
        if ('request_status' in frame) handleSendReply(frame);
      }),
      realtime.on('new_message', (event) => handleNewMessage(event.request_details)),
      realtime.on('message/read', (frame) => {
        // The same module answers one's own message/read request; that reply (the frame with a
        // request_status) is no receipt.
        if (!('request_status' in frame)) handleRead(frame.request_details);
      }),
      realtime.on('credits', (event) => handleCredits(event.data.credits)),
      realtime.on('onlines', handlePresence),
    ];

    // Spec §4: a hidden tab shows loaders after 3 s; coming back reloads the chat and contacts.
    let hiddenTimer: ReturnType<typeof setTimeout> | null = null;
    const onVisibility = () => {
      if (hiddenTimer !== null) clearTimeout(hiddenTimer);
      hiddenTimer = null;
      if (document.visibilityState === 'hidden') {
        hiddenTimer = setTimeout(() => {
          hiddenTimer = null;
          if (useChatStore.getState().openPartnerId !== null) {
            useChatStore.getState().setStale(true);
          }
        }, HIDDEN_TAB_LOADER_DELAY_MS);
      } else {
        refreshAll();
      }
    };
    document.addEventListener('visibilitychange', onVisibility);

    return () => {
      for (const off of offs) off();
      document.removeEventListener('visibilitychange', onVisibility);
      if (hiddenTimer !== null) clearTimeout(hiddenTimer);
      resetChat();
    };
  }, [signedIn]);
}

export function ChatRuntime() {
  useChatSync();
  return (
    <>
      <Outlet />
      <ArchivesHost />
    </>
  );
}
