// What the chat does (spec §4 "New message", "Opening a chat…", §5, §8): loads lists and
// conversations, sends and reconciles messages, and applies the server's chat events. It talks to
// the socket through api.ts, keeps state in the chat store, and reaches the rest of the app
// through the app store (unread total, credits, credits modal), the profile modal and the
// notification banner.
import { REFRESH_DEBOUNCE_MS } from '../../app/constants';
import { useAppStore, type CreditsNeed } from '../../app/store';
import { i18next } from '../../i18n';
import type {
  ChatMessage,
  Contact,
  GiftEntry,
  MessageReadEvent,
  OnlinesEvent,
  Reply,
  SendMessageRequest,
} from '../../realtime/protocol';
import { nowSeconds } from '../lists/relativeTime';
import { detailNumber } from '../people/api';
import { showBanner } from '../notify/banner';
import { playSound } from '../notify/sounds';
import { usePeopleStore, useProfileModal } from '../people/store';
import {
  fetchContact,
  fetchContacts,
  fetchGifts,
  fetchMessages,
  fetchUnreadTotal,
  markRead,
  sendMessage,
  setArchived,
} from './api';
import { draftKey, restoreDraft } from './drafts';
import {
  addProvisional,
  canAfford,
  CONTACTS_PAGE,
  cutPreview,
  GIFTS_PAGE,
  hasMessage,
  lowerUnread,
  makeClientId,
  markIncomingSeen,
  markMineSeen,
  MESSAGES_PAGE,
  minCreditsToSend,
  oldestId,
  partnerOf,
  previewOf,
  provisionalMessage,
  reconcile,
  removeByClientId,
  sendableText,
  setPendingState,
  textPrice,
  unreadAfterMessage,
  unsentClientIds,
  unseenIncomingIds,
  withLastMessage,
  type Outgoing,
} from './rules';
import { conversationOf, findContact, useChatStore, type ListKind } from './store';

const chat = () => useChatStore.getState();
const app = () => useAppStore.getState();
const myId = () => app().user?.id ?? null;

let navigateTo: (to: string) => void = () => undefined;

/** The router's navigate, for banners that open a chat. */
export function setChatNavigator(navigate: (to: string) => void): void {
  navigateTo = navigate;
}

export const chatPath = (partnerId: number) => `/chat/${partnerId}`;

function isBlocked(userId: number): boolean {
  return usePeopleStore.getState().hiddenIds.includes(userId);
}

function isOpen(partnerId: number): boolean {
  return chat().openPartnerId === partnerId;
}

function setUnreadTotal(total: number): void {
  app().setUnreadTotal(Math.max(0, total));
}

function setCredits(credits: number): void {
  const user = app().user;
  if (user && user.credits !== credits) app().setUser({ ...user, credits });
}

// ---- lists ----

const listGeneration: Record<ListKind, number> = { contacts: 0, archived: 0 };
const listInflight: Record<ListKind, boolean> = { contacts: false, archived: false };

/** Loads the first page of a list again (on authentication, reconnect, return to the tab). */
export async function loadList(kind: ListKind = 'contacts'): Promise<void> {
  const gen = ++listGeneration[kind];
  listInflight[kind] = true;
  if (chat().lists[kind].state !== 'ready') chat().patchList(kind, { state: 'loading' });
  const page = await fetchContacts(0, kind === 'archived');
  if (gen !== listGeneration[kind]) return;
  listInflight[kind] = false;
  if (page === null) {
    if (chat().lists[kind].state !== 'ready') chat().patchList(kind, { state: 'failed' });
    return;
  }
  chat().applyPage(kind, 0, page, page.length < CONTACTS_PAGE);
}

/** The next page of 10 (spec §9), when the list is scrolled to its bottom. */
export async function loadMore(kind: ListKind = 'contacts'): Promise<void> {
  const list = chat().lists[kind];
  if (listInflight[kind] || list.ended || list.state !== 'ready') return;
  const gen = listGeneration[kind];
  listInflight[kind] = true;
  chat().patchList(kind, { loadingMore: true });
  const offset = list.items.length;
  const page = await fetchContacts(offset, kind === 'archived');
  if (gen !== listGeneration[kind]) return;
  listInflight[kind] = false;
  chat().patchList(kind, { loadingMore: false });
  if (page !== null) chat().applyPage(kind, offset, page, page.length < CONTACTS_PAGE);
}

/** `user/contacts/unread` into the app store's unread total (the tab bar badge). */
export async function refreshUnreadNow(): Promise<void> {
  const total = await fetchUnreadTotal();
  if (total !== null) setUnreadTotal(total);
}

let unreadTimer: ReturnType<typeof setTimeout> | null = null;

/** The unread total again, once a burst of events has passed (spec §9: refreshes debounced). */
export function refreshUnread(): void {
  if (unreadTimer !== null) clearTimeout(unreadTimer);
  unreadTimer = setTimeout(() => {
    unreadTimer = null;
    void refreshUnreadNow();
  }, REFRESH_DEBOUNCE_MS);
}

let refreshTimer: ReturnType<typeof setTimeout> | null = null;

/** Contacts, unread total and the open chat again (reconnect, the tab visible again). */
export function refreshAll(delay: number = REFRESH_DEBOUNCE_MS): void {
  if (refreshTimer !== null) clearTimeout(refreshTimer);
  refreshTimer = setTimeout(() => {
    refreshTimer = null;
    void loadList('contacts');
    void refreshUnreadNow();
    const open = chat().openPartnerId;
    if (open !== null) void loadConversation(open);
    else chat().setStale(false);
  }, delay);
}

/** Forgets timers and state (logout, tests). */
export function resetChat(): void {
  for (const timer of [unreadTimer, refreshTimer]) if (timer !== null) clearTimeout(timer);
  unreadTimer = null;
  refreshTimer = null;
  listGeneration.contacts += 1;
  listGeneration.archived += 1;
  listInflight.contacts = false;
  listInflight.archived = false;
  handled.clear();
  held.clear();
  chat().reset();
}

// ---- one conversation ----

const contactRequests = new Map<number, Promise<Contact | 'not_found' | null>>();

/** The contact of a chat that is not in a list yet (opened from a profile), fetched once. */
export function ensureContact(partnerId: number): Promise<Contact | 'not_found' | null> {
  const known = findContact(chat(), partnerId);
  if (known) return Promise.resolve(known);
  const running = contactRequests.get(partnerId);
  if (running) return running;
  const request = fetchContact(partnerId).then((outcome) => {
    contactRequests.delete(partnerId);
    if (outcome?.kind === 'ok') {
      chat().remember(outcome.contact);
      return outcome.contact;
    }
    return outcome?.kind ?? null;
  });
  contactRequests.set(partnerId, request);
  return request;
}

/** Spec §4: opening a chat loads its newest 20 messages, then marks the unseen incoming read. */
export async function loadConversation(partnerId: number): Promise<void> {
  const before = conversationOf(partnerId);
  if (before.state !== 'ready') chat().setConversation(partnerId, { state: 'loading' });
  const outcome = await fetchMessages(partnerId);
  if (outcome.kind !== 'ok') {
    if (conversationOf(partnerId).state !== 'ready') {
      chat().setConversation(partnerId, { state: 'failed' });
    }
    chat().setStale(false);
    return;
  }
  chat().replaceMessages(partnerId, outcome.messages);
  chat().setConversation(partnerId, {
    state: 'ready',
    olderLoading: false,
    olderEnded: outcome.messages.length < MESSAGES_PAGE,
  });
  chat().setStale(false);
  if (isOpen(partnerId)) await markConversationRead(partnerId);
}

/** message/read for what is unseen, and the unread counts lowered at once. */
export async function markConversationRead(partnerId: number): Promise<void> {
  const me = myId();
  if (me === null) return;
  const contact = findContact(chat(), partnerId);
  if (contact && contact.unread > 0) {
    setUnreadTotal(lowerUnread(app().unreadTotal, contact.unread));
    chat().patchContact(partnerId, { unread: 0 });
  }
  const ids = unseenIncomingIds(conversationOf(partnerId).messages, me);
  const upTo = ids.at(-1);
  if (upTo === undefined) return;
  chat().updateMessages(partnerId, (list) => markIncomingSeen(list, me, upTo));
  const total = await markRead(ids);
  if (total !== null) setUnreadTotal(total);
}

/** Older messages above the loaded ones (`before_id` paging); resolves when they are in. */
export async function loadOlder(partnerId: number): Promise<boolean> {
  const conversation = conversationOf(partnerId);
  if (conversation.state !== 'ready' || conversation.olderLoading || conversation.olderEnded) {
    return false;
  }
  const before = oldestId(conversation.messages);
  if (before === null) {
    chat().setConversation(partnerId, { olderEnded: true });
    return false;
  }
  chat().setConversation(partnerId, { olderLoading: true });
  const outcome = await fetchMessages(partnerId, before);
  if (outcome.kind !== 'ok') {
    chat().setConversation(partnerId, { olderLoading: false });
    return false;
  }
  chat().addMessages(partnerId, outcome.messages);
  chat().setConversation(partnerId, {
    olderLoading: false,
    olderEnded: outcome.messages.length < MESSAGES_PAGE,
  });
  return outcome.messages.length > 0;
}

/** The chat pane reports that it shows `partnerId` (null when it closes). */
export function setOpenChat(partnerId: number | null): void {
  chat().setOpenPartner(partnerId);
}

// ---- sending ----

/** What a send needs: its price and the least balance that may send it (spec §5). */
function needOf(outgoing: Outgoing, giftPrice: number, required?: number | null): CreditsNeed {
  const { configs } = app();
  const price = outgoing.type === 'text' ? textPrice(configs) : giftPrice;
  return {
    kind: outgoing.type,
    price,
    required: required ?? Math.max(minCreditsToSend(configs), price),
  };
}

/** Spec §5: at least 50 credits (and a gift's price); otherwise the credits modal opens and says
 *  why. */
function ensureCredits(outgoing: Outgoing, giftPrice = 0): boolean {
  const { user, configs } = app();
  if (canAfford(user?.credits ?? 0, minCreditsToSend(configs), giftPrice)) return true;
  app().setCreditsModalOpen(true, needOf(outgoing, giftPrice));
  return false;
}

/** The paid-send notice: in the chat it was sent from (above the composer, clear of the header),
 *  or as a banner when that chat is no longer on screen. */
function announceSpent(partnerId: number, amount: number): void {
  playSound('credit_spent');
  if (isOpen(partnerId)) {
    chat().showSpent(partnerId, amount);
    return;
  }
  showBanner({ type: 'credits', message: i18next.t('chat.creditsSpent', { count: amount }) });
}

/** The contact's last message after a send or an event; fetched when the client lacks it. */
function showOnContact(partnerId: number, message: ChatMessage, me: number): void {
  const contact = findContact(chat(), partnerId);
  if (contact) {
    chat().putOnTop(withLastMessage(contact, message, me, isOpen(partnerId)));
    return;
  }
  void ensureContact(partnerId).then((fetched) => {
    if (fetched && fetched !== 'not_found') chat().putOnTop(fetched);
  });
}

async function dispatch(
  partnerId: number,
  outgoing: Outgoing,
  clientId: string,
  gift: ChatMessage['gift'],
  retry: boolean,
): Promise<void> {
  const me = myId();
  if (me === null) return;
  chat().updateMessages(partnerId, (list) =>
    retry
      ? setPendingState(list, clientId, 'sending')
      : addProvisional(
          list,
          provisionalMessage(clientId, outgoing, me, partnerId, nowSeconds(), gift),
        ),
  );
  const request: SendMessageRequest = {
    client_id: clientId,
    sender_id: me,
    receiver_id: partnerId,
    message_type: outgoing.type,
    ...(outgoing.type === 'text' ? { message_text: outgoing.text } : { gift_id: outgoing.giftId }),
  };
  const outcome = await sendMessage(request);
  if (outcome.kind === 'ok') {
    handled.add(outcome.message.id);
    chat().updateMessages(partnerId, (list) => reconcile(list, outcome.message));
    if (outcome.credits !== null) setCredits(outcome.credits);
    showOnContact(partnerId, outcome.message, me);
    // A replayed send (the same client_id again) charged nothing.
    if (!outcome.replayed && outcome.creditsSpent > 0) {
      announceSpent(partnerId, outcome.creditsSpent);
    }
  } else if (outcome.kind === 'not_enough_credits') {
    // Spec §8: remove the provisional message, close the story viewer (none yet) and the
    // profile modal, open the credits modal. The text goes back to the composer, unsent.
    chat().updateMessages(partnerId, (list) => removeByClientId(list, clientId));
    if (outgoing.type === 'text') restoreDraft(draftKey(me, partnerId), outgoing.text);
    if (outcome.credits !== null) setCredits(outcome.credits);
    useProfileModal.getState().close();
    app().setCreditsModalOpen(true, needOf(outgoing, gift?.price ?? 0, outcome.required));
  } else {
    chat().updateMessages(partnerId, (list) =>
      setPendingState(list, clientId, 'failed', outcome.code ?? 'network'),
    );
  }
}

/** Sends a text; false when nothing was sent (empty, or too few credits). */
export function sendText(partnerId: number, text: string): boolean {
  const body = sendableText(text);
  if (body === null) return false;
  const outgoing: Outgoing = { type: 'text', text: body };
  if (!ensureCredits(outgoing)) return false;
  void dispatch(partnerId, outgoing, makeClientId(), null, false);
  return true;
}

/** Sends a gift; false when the balance is below max(50, its price). */
export function sendGift(partnerId: number, gift: GiftEntry): boolean {
  if (!ensureCredits({ type: 'gift', giftId: gift.id }, gift.price)) return false;
  const language = app().language;
  const shown = {
    id: gift.id,
    icon: gift.icon,
    gift: gift.names[language] ?? gift.gift,
    price: gift.price,
  };
  void dispatch(partnerId, { type: 'gift', giftId: gift.id }, makeClientId(), shown, false);
  return true;
}

/** Sends a failed message again with its own client_id, so the server never charges twice. */
export function retrySend(partnerId: number, clientId: string): void {
  const message = conversationOf(partnerId).messages.find(
    (m) => m.pending && m.client_id === clientId,
  );
  if (!message?.pending || message.pending.state === 'sending') return;
  if (!ensureCredits(message.pending.outgoing, message.gift?.price ?? 0)) return;
  void dispatch(partnerId, message.pending.outgoing, clientId, message.gift, true);
}

/**
 * After a reconnect: every message that failed for want of an answer goes again with its own
 * client_id. One the server already holds comes back as it was stored (`replayed`, nothing
 * charged) and shows as sent; one it never got is sent now, once. The balance is the server's
 * (session/validate, then each reply).
 */
export function resendUnsent(): void {
  for (const [key, conversation] of Object.entries(chat().conversations)) {
    const partnerId = Number(key);
    for (const clientId of unsentClientIds(conversation.messages)) {
      const message = conversation.messages.find((m) => m.client_id === clientId);
      if (!message?.pending) continue;
      void dispatch(partnerId, message.pending.outgoing, clientId, message.gift, true);
    }
  }
}

/**
 * A send_message reply that no request waits for any more (it came after a timeout): when it is
 * the server's copy of a message still shown as unsent, that message is sent, and the balance is
 * the reply's.
 */
export function handleSendReply(reply: Reply<'send_message'>): void {
  const me = myId();
  const message = reply.data;
  if (me === null || reply.request_status !== 1 || !message?.client_id) return;
  if (message.sender_id !== me) return;
  const partnerId = message.receiver_id;
  const waiting = conversationOf(partnerId).messages.some(
    (m) => m.pending?.state === 'failed' && m.client_id === message.client_id,
  );
  if (!waiting) return;
  handled.add(message.id);
  chat().updateMessages(partnerId, (list) => reconcile(list, message));
  const credits = detailNumber(reply.request_details, 'credits');
  if (credits !== null) setCredits(credits);
  showOnContact(partnerId, message, me);
}

// ---- archive ----

/** `conversation/archive`: the chat leaves the inbox. */
export async function archiveConversation(partnerId: number): Promise<boolean> {
  const ok = await setArchived(partnerId, true);
  if (ok) {
    const contact = findContact(chat(), partnerId);
    chat().dropContact(partnerId, 'contacts');
    if (contact) chat().remember({ ...contact, archived: 1 });
  }
  return ok;
}

/** `conversation/unarchive`: the chat goes back to the inbox, in its place by time. */
export async function unarchiveConversation(partnerId: number): Promise<boolean> {
  const ok = await setArchived(partnerId, false);
  if (ok) {
    chat().dropContact(partnerId, 'archived');
    void loadList('contacts');
  }
  return ok;
}

/** After a block from the chat: the person leaves every list and their unread count goes. */
export function forgetBlocked(partnerId: number): void {
  const contact = findContact(chat(), partnerId);
  if (contact && contact.unread > 0) {
    setUnreadTotal(lowerUnread(app().unreadTotal, contact.unread));
  }
  usePeopleStore.getState().forget(partnerId);
  chat().dropContact(partnerId);
  refreshUnread();
}

// ---- gifts ----

let giftsInflight = false;

/** `gifts`, 40 a page; the first page once, the next ones on demand. */
export async function loadGifts(more = false): Promise<void> {
  const { gifts, giftsEnded, giftsState } = chat();
  if (giftsInflight || (more ? giftsEnded : giftsState === 'ready')) return;
  giftsInflight = true;
  const offset = more ? gifts.length : 0;
  if (!more) chat().setGiftsState('loading');
  const page = await fetchGifts(offset);
  giftsInflight = false;
  if (page === null) {
    if (!more) chat().setGiftsState('failed');
    return;
  }
  chat().applyGiftsPage(offset, page, page.length < GIFTS_PAGE);
}

// ---- server events ----

/** Message ids already applied, so a repeated event changes nothing (spec §4: duplicates). */
const handled = new Set<number>();
/** Messages from someone the client doesn't know yet, held while their contact loads. */
const held = new Map<number, ChatMessage[]>();

/** The banner's preview line: the text itself, cut short, or what kind of message it is. */
export function bannerPreview(message: ChatMessage, me: number): string {
  const preview = previewOf(
    {
      last_m: message.message,
      s_id: message.sender_id,
      gift: message.type === 'gift' ? 1 : 0,
      last_m_is_photo: message.type === 'image' || message.type === 'pphoto' ? 1 : 0,
      last_type: message.type,
    },
    me,
  );
  return preview.kind === 'text'
    ? cutPreview(preview.text, true)
    : i18next.t(`chat.preview.${preview.key}`);
}

function notifyIncoming(contact: Contact, message: ChatMessage): void {
  const me = myId();
  showBanner({
    type: 'message',
    title: contact.name.trim() || i18next.t('chat.banner.newMessage'),
    message: me === null ? i18next.t('chat.banner.newMessage') : bannerPreview(message, me),
    photo: contact.photo,
    onClick: () => navigateTo(chatPath(contact.id)),
  });
  playSound('message');
}

/** After an incoming message: read at once in the open chat, otherwise counted and announced. */
function afterIncoming(partnerId: number, message: ChatMessage, contact: Contact): void {
  if (isOpen(partnerId)) {
    const me = myId();
    if (me !== null) {
      chat().updateMessages(partnerId, (list) => markIncomingSeen(list, me, message.id));
    }
    void markRead([message.id]).then((total) => {
      if (total !== null) setUnreadTotal(total);
    });
  } else {
    notifyIncoming(contact, message);
  }
}

/** Spec §4 "New message". */
export function handleNewMessage(message: ChatMessage): void {
  const me = myId();
  if (me === null) return;
  const partnerId = partnerOf(message, me);
  if (isBlocked(partnerId)) return;
  const conversation = conversationOf(partnerId);
  const duplicate =
    handled.has(message.id) ||
    conversation.messages.some((m) => m.pending === undefined && m.id === message.id);
  if (duplicate) return;
  handled.add(message.id);
  // My own provisional copy (same client_id) is replaced, never shown twice.
  if (
    conversation.state === 'ready' ||
    conversation.state === 'loading' ||
    hasMessage(conversation.messages, message)
  ) {
    chat().addMessages(partnerId, [message]);
  }
  const incoming = message.sender_id !== me;
  const open = isOpen(partnerId);
  const contact = findContact(chat(), partnerId);
  if (!contact) {
    hold(partnerId, message);
    return;
  }
  chat().putOnTop(withLastMessage(contact, message, me, open));
  if (incoming) {
    setUnreadTotal(unreadAfterMessage(app().unreadTotal, incoming, open));
    afterIncoming(partnerId, message, contact);
    refreshUnread();
  }
}

function hold(partnerId: number, message: ChatMessage): void {
  const waiting = held.get(partnerId);
  if (waiting) {
    waiting.push(message);
    return;
  }
  held.set(partnerId, [message]);
  void fetchContact(partnerId).then((outcome) => {
    const messages = held.get(partnerId) ?? [];
    held.delete(partnerId);
    if (outcome?.kind !== 'ok') return;
    // The server's contact already counts these messages (last message, unread).
    const contact = isOpen(partnerId) ? { ...outcome.contact, unread: 0 } : outcome.contact;
    chat().putOnTop(contact);
    const me = myId();
    const lastIncoming = messages.findLast((m) => m.sender_id !== me);
    if (lastIncoming) afterIncoming(partnerId, lastIncoming, contact);
    refreshUnread();
  });
}

type ReadDetails = MessageReadEvent['request_details'];

/** message/read: my other tab read a chat, or my partner read my messages (a seen tick). */
export function handleRead(details: ReadDetails): void {
  const me = myId();
  if (me === null) return;
  if (details.reader_id === me) {
    const partnerId = details.partner_id;
    chat().patchContact(partnerId, { unread: details.unread ?? 0 });
    if (details.total_unread !== undefined) setUnreadTotal(details.total_unread);
    if (chat().conversations[partnerId]) {
      chat().updateMessages(partnerId, (list) => markIncomingSeen(list, me, details.up_to_id));
    }
    return;
  }
  const partnerId = details.reader_id;
  if (chat().conversations[partnerId]) {
    chat().updateMessages(partnerId, (list) => markMineSeen(list, me, details.up_to_id));
  }
}

/** credits: the balance changed in another tab. */
export function handleCredits(credits: number): void {
  setCredits(credits);
}

/** onlines: the contact's online dot and the chat header. */
export function handlePresence(event: OnlinesEvent): void {
  chat().patchContact(event.user_id, { status: event.type === 'online' ? 1 : 0 });
}
