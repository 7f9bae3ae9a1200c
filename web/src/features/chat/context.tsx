// How the screens reach the chat: the ChatService of the session, provided by ChatRuntime (or by
// a test), and hooks that read its store.
import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { Contact } from '../../realtime/protocol';
import type { ChatService } from './service';
import { conversationOf, findContact, type ChatState, type Conversation } from './store';

const ChatContext = createContext<ChatService | null>(null);

export function ChatProvider({ service, children }: { service: ChatService; children: ReactNode }) {
  return <ChatContext.Provider value={service}>{children}</ChatContext.Provider>;
}

/** The chat of the session. Only screens under ChatRuntime (or a test's ChatProvider) use it. */
export function useChat(): ChatService {
  const service = useContext(ChatContext);
  if (!service) throw new Error('useChat() outside a ChatProvider');
  return service;
}

/** A slice of the chat's state; the screen renders again when it changes. */
export function useChatState<T>(select: (state: ChatState) => T): T {
  return useStore(useChat().store, select);
}

export function useConversation(partnerId: number): Conversation {
  return useChatState((s) => conversationOf(s, partnerId));
}

export function useContact(partnerId: number): Contact | null {
  return useChatState((s) => findContact(s, partnerId));
}
