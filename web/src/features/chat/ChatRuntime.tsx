// The chat while someone is signed in: a layout route around the main-layout pages (router.tsx).
// It holds one ChatService per signed-in member and provides it to the screens (useChat); the
// service loads the contacts and the unread total, applies the chat events, refreshes after a
// reconnect or a return to the tab. The archives overlay is hosted here too.
import { lazy, useEffect, useState } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { useAppStore } from '../../app/store';
import { canPreviewLocally, uploadPicture } from '../media/upload';
import { WhenWanted } from '../../ui/WhenWanted';
import { ChatProvider, useChat, useChatState } from './context';
import { ChatService } from './service';

/** Runs the provided chat while someone is signed in, with the router's navigate for banners. */
export function useChatSync(): void {
  const chat = useChat();
  const navigate = useNavigate();
  const signedIn = useAppStore((s) => s.authenticated);

  useEffect(() => {
    chat.setNavigator((to) => void navigate(to));
  }, [chat, navigate]);

  useEffect(() => (signedIn ? chat.start() : undefined), [chat, signedIn]);
}

// The archives overlay and the contact rows it draws load the first time it opens.
const ArchivesHost = lazy(() =>
  import('./ArchivesOverlay').then((m) => ({ default: m.ArchivesHost })),
);

/** What runs beside the pages: the chat itself and the archives overlay. */
export function ChatHosts() {
  useChatSync();
  const archivesWanted = useChatState((s) => s.archivesOpen);
  return (
    <WhenWanted wanted={archivesWanted}>
      <ArchivesHost />
    </WhenWanted>
  );
}

/**
 * A new ChatService whenever the signed-in member changes (sign-in, sign-out, another account),
 * so nothing of one member's chat reaches the next. Creating one has no side effects; it runs
 * from useChatSync's effect.
 */
const newChat = () => new ChatService({ upload: uploadPicture, canPreview: canPreviewLocally });

function useSessionChat(): ChatService {
  const memberId = useAppStore((s) => (s.authenticated ? (s.user?.id ?? null) : null));
  const [session, setSession] = useState(() => ({ memberId, service: newChat() }));
  if (session.memberId === memberId) return session.service;
  const next = { memberId, service: newChat() };
  setSession(next);
  return next.service;
}

export function ChatRuntime() {
  const service = useSessionChat();
  return (
    <ChatProvider service={service}>
      <Outlet />
      <ChatHosts />
    </ChatProvider>
  );
}
