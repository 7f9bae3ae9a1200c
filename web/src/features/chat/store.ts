// The chat's state: the contacts list, the archived list, contacts known by id, the loaded
// conversations and the open chat. Only plain state changes live here; the ChatService
// (service.ts) that owns one such store talks to the server and decides what to change.
import { createStore, type StoreApi } from 'zustand';
import type { ChatMessage, Contact, GiftEntry } from '../../realtime/protocol';
import { mergeById, withoutId } from '../people/lists';
import {
  mergeContacts,
  mergeMessages,
  moveToTop,
  patchContact,
  replaceWithPage,
  type LocalMessage,
} from './rules';

export type LoadState = 'idle' | 'loading' | 'ready' | 'failed';

export interface Conversation {
  messages: LocalMessage[];
  state: LoadState;
  olderLoading: boolean;
  /** No older messages are left on the server. */
  olderEnded: boolean;
}

const EMPTY_CONVERSATION: Conversation = {
  messages: [],
  state: 'idle',
  olderLoading: false,
  olderEnded: false,
};

export type ListKind = 'contacts' | 'archived';

/** A paged list of conversations: the inbox or the archived ones. */
export interface ContactList {
  items: Contact[];
  state: LoadState;
  ended: boolean;
  loadingMore: boolean;
}

const EMPTY_LIST: ContactList = { items: [], state: 'idle', ended: false, loadingMore: false };

/** The notice of a paid send, shown in that chat above the composer. */
export interface SpentNotice {
  id: number;
  partnerId: number;
  amount: number;
}

export interface ChatState {
  lists: Record<ListKind, ContactList>;
  archivesOpen: boolean;
  /** Contacts fetched by id that are not in a list (a chat opened from a profile). */
  known: Record<number, Contact>;
  conversations: Record<number, Conversation>;
  /** The partner whose chat is on screen. */
  openPartnerId: number | null;
  /** The tab was hidden for a while: the chat shows loaders until it has reloaded. */
  stale: boolean;
  gifts: GiftEntry[];
  giftsState: LoadState;
  giftsEnded: boolean;
  spent: SpentNotice | null;
  /** Who is typing to the member now (typing.ts decides for how long). */
  typingIds: number[];

  patchList(kind: ListKind, patch: Partial<ContactList>): void;
  /** A page at `offset`; offset 0 starts the list again. */
  applyPage(kind: ListKind, offset: number, page: Contact[], ended: boolean): void;
  setArchivesOpen(open: boolean): void;
  /** Puts a contact first in the inbox (and out of the archived list). */
  putOnTop(contact: Contact): void;
  patchContact(id: number, patch: Partial<Contact>): void;
  remember(contact: Contact): void;
  /** Archive, unarchive or block: the contact leaves a list (both when `kind` is omitted). */
  dropContact(id: number, kind?: ListKind): void;

  setConversation(partnerId: number, patch: Partial<Conversation>): void;
  updateMessages(partnerId: number, update: (list: LocalMessage[]) => LocalMessage[]): void;
  addMessages(partnerId: number, messages: ChatMessage[]): void;
  replaceMessages(partnerId: number, page: ChatMessage[]): void;
  setOpenPartner(partnerId: number | null): void;
  setStale(stale: boolean): void;
  applyGiftsPage(offset: number, page: GiftEntry[], ended: boolean): void;
  setGiftsState(state: LoadState): void;
  showSpent(partnerId: number, amount: number): void;
  /** Hides the notice `id` (a newer one stays). */
  hideSpent(id: number): void;
  setTyping(typingIds: number[]): void;
  reset(): void;
}

const initialState = () => ({
  lists: { contacts: EMPTY_LIST, archived: EMPTY_LIST },
  archivesOpen: false,
  known: {} as Record<number, Contact>,
  conversations: {} as Record<number, Conversation>,
  openPartnerId: null as number | null,
  stale: false,
  gifts: [] as GiftEntry[],
  giftsState: 'idle' as LoadState,
  giftsEnded: false,
  spent: null as SpentNotice | null,
  typingIds: [] as number[],
});

/** A fresh, empty chat state; each ChatService holds its own. */
export function createChatStore(): StoreApi<ChatState> {
  return createStore<ChatState>()((set) => {
    const conversationOf = (s: ChatState, id: number) => s.conversations[id] ?? EMPTY_CONVERSATION;
    const withConversation = (s: ChatState, id: number, patch: Partial<Conversation>) => ({
      conversations: { ...s.conversations, [id]: { ...conversationOf(s, id), ...patch } },
    });
    const withList = (s: ChatState, kind: ListKind, patch: Partial<ContactList>) => ({
      lists: { ...s.lists, [kind]: { ...s.lists[kind], ...patch } },
    });

    return {
      ...initialState(),

      patchList: (kind, patch) => set((s) => withList(s, kind, patch)),
      applyPage: (kind, offset, page, ended) =>
        set((s) =>
          withList(s, kind, {
            items: mergeContacts(offset === 0 ? [] : s.lists[kind].items, page),
            state: 'ready',
            ended,
          }),
        ),
      setArchivesOpen: (archivesOpen) => set({ archivesOpen }),
      putOnTop: (contact) =>
        set((s) => ({
          lists: {
            contacts: { ...s.lists.contacts, items: moveToTop(s.lists.contacts.items, contact) },
            archived: { ...s.lists.archived, items: withoutId(s.lists.archived.items, contact.id) },
          },
          known: { ...s.known, [contact.id]: contact },
        })),
      patchContact: (id, patch) =>
        set((s) => {
          const known = s.known[id];
          return {
            lists: {
              contacts: {
                ...s.lists.contacts,
                items: patchContact(s.lists.contacts.items, id, patch),
              },
              archived: {
                ...s.lists.archived,
                items: patchContact(s.lists.archived.items, id, patch),
              },
            },
            known: known ? { ...s.known, [id]: { ...known, ...patch } } : s.known,
          };
        }),
      remember: (contact) => set((s) => ({ known: { ...s.known, [contact.id]: contact } })),
      dropContact: (id, kind) =>
        set((s) => ({
          lists: {
            contacts:
              kind === 'archived'
                ? s.lists.contacts
                : { ...s.lists.contacts, items: withoutId(s.lists.contacts.items, id) },
            archived:
              kind === 'contacts'
                ? s.lists.archived
                : { ...s.lists.archived, items: withoutId(s.lists.archived.items, id) },
          },
        })),

      setConversation: (id, patch) => set((s) => withConversation(s, id, patch)),
      updateMessages: (id, update) =>
        set((s) => withConversation(s, id, { messages: update(conversationOf(s, id).messages) })),
      addMessages: (id, messages) =>
        set((s) =>
          withConversation(s, id, {
            messages: mergeMessages(conversationOf(s, id).messages, messages),
          }),
        ),
      replaceMessages: (id, page) =>
        set((s) =>
          withConversation(s, id, {
            messages: replaceWithPage(conversationOf(s, id).messages, page),
          }),
        ),
      setOpenPartner: (openPartnerId) => set({ openPartnerId }),
      setStale: (stale) => set({ stale }),
      applyGiftsPage: (offset, page, ended) =>
        set((s) => ({
          gifts: mergeById(offset === 0 ? [] : s.gifts, page),
          giftsState: 'ready',
          giftsEnded: ended,
        })),
      setGiftsState: (giftsState) => set({ giftsState }),
      showSpent: (partnerId, amount) =>
        set((s) => ({ spent: { id: (s.spent?.id ?? 0) + 1, partnerId, amount } })),
      hideSpent: (id) => set((s) => (s.spent?.id === id ? { spent: null } : s)),
      setTyping: (typingIds) => set({ typingIds }),
      reset: () => set(initialState()),
    };
  });
}

export function conversationOf(state: ChatState, partnerId: number): Conversation {
  return state.conversations[partnerId] ?? EMPTY_CONVERSATION;
}

/** The contact as the client knows it: listed, archived, or fetched by id. */
export function findContact(state: ChatState, id: number): Contact | null {
  return (
    state.lists.contacts.items.find((c) => c.id === id) ??
    state.lists.archived.items.find((c) => c.id === id) ??
    state.known[id] ??
    null
  );
}
