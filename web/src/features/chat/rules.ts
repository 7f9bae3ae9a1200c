// Pure rules of the chat (spec §2 "Contacts list", "Chat pane", §4 "New message", "Opening a
// chat…", §5, §9). No React, no store, no socket: the store and the screens apply them.
import { MIN_CREDITS_TO_SEND } from '../../app/constants';
import type { ChatMessage, Configs, Contact, MessageType } from '../../realtime/protocol';
import { mergeById } from '../people/lists';

/** The route of the chat with `partnerId`. */
export const chatPath = (partnerId: number) => `/chat/${partnerId}`;

// ---- constants (spec §9) ----

/** Contacts come 10 a page on scroll to the bottom. */
export const CONTACTS_PAGE = 10;
/** Messages come 20 a page. */
export const MESSAGES_PAGE = 20;
/** Gifts come 40 a page. */
export const GIFTS_PAGE = 40;
/** Older messages load when the list is scrolled within this many pixels of its top… */
export const OLDER_THRESHOLD_PX = 10;
/** …once the scrolling has rested this long. */
export const OLDER_DEBOUNCE_MS = 300;
/** The composer grows from one line to this height, then scrolls. */
export const COMPOSER_MIN_PX = 48;
export const COMPOSER_MAX_PX = 100;
/** docs/protocol.md: message_text is at most 2,000 characters. */
export const MESSAGE_MAX_CHARS = 2000;
/** docs/protocol.md: message/read takes at most 100 ids. */
export const READ_IDS_MAX = 100;
/** Spec §4: images in chat are visible for 3600 s after sending. */
export const IMAGE_VISIBLE_S = 3600;

// ---- contacts list ----

/** Spec §2: a row appears only if the contact has a name and a last message. A picture's
 *  `last_m` is empty (docs/protocol.md "Image messages"): its type is the message. */
export function isListed(
  contact: Pick<Contact, 'name' | 'last_m'> &
    Partial<Pick<Contact, 'last_m_is_photo' | 'gift' | 'last_type'>>,
): boolean {
  if (contact.name.trim() === '') return false;
  if (contact.last_m_is_photo === 1 || contact.gift === 1) return true;
  if (contact.last_type && contact.last_type !== 'text') return true;
  return contact.last_m.trim() !== '';
}

export type PreviewKey =
  | 'sentGift'
  | 'sentImage'
  | 'sentProfilePhoto'
  | 'gotGift'
  | 'receivedImage'
  | 'receivedProfilePhoto'
  | 'newMessage';

/** What the row shows: the text itself, or the key of a translated line (chat.preview.*). */
export type Preview = { kind: 'text'; text: string } | { kind: 'key'; key: PreviewKey };

type PreviewSource = Pick<Contact, 'last_m' | 's_id' | 'gift' | 'last_m_is_photo'> & {
  last_type?: MessageType | null;
};

function lastType(contact: PreviewSource): MessageType {
  if (contact.last_type) return contact.last_type;
  if (contact.gift === 1) return 'gift';
  if (contact.last_m_is_photo === 1) return 'image';
  return 'text';
}

/** Spec §4: the preview by type and side, the text as it is, and "New message" otherwise. */
export function previewOf(contact: PreviewSource, myId: number | null): Preview {
  const mine = myId !== null && contact.s_id === myId;
  switch (lastType(contact)) {
    case 'gift':
      return { kind: 'key', key: mine ? 'sentGift' : 'gotGift' };
    case 'image':
      return { kind: 'key', key: mine ? 'sentImage' : 'receivedImage' };
    case 'pphoto':
      return { kind: 'key', key: mine ? 'sentProfilePhoto' : 'receivedProfilePhoto' };
    default: {
      const text = contact.last_m.trim();
      return text ? { kind: 'text', text } : { kind: 'key', key: 'newMessage' };
    }
  }
}

/** Spec §2, §9: wide screens cut to 30 characters past 40, narrow ones to 20 past 25. */
export const PREVIEW_CUT = {
  wide: { over: 40, keep: 30 },
  narrow: { over: 25, keep: 20 },
} as const;

/** Cuts a preview by characters (not UTF-16 units, so emoji stay whole) and adds "…". */
export function cutPreview(text: string, wide: boolean): string {
  const { over, keep } = wide ? PREVIEW_CUT.wide : PREVIEW_CUT.narrow;
  const chars = Array.from(text.replace(/\s+/g, ' '));
  return chars.length > over ? `${chars.slice(0, keep).join('')}…` : chars.join('');
}

/** Appends a page: contacts already listed keep their place and take the fresher fields. */
export function mergeContacts(
  current: readonly Contact[],
  incoming: readonly Contact[],
): Contact[] {
  const fresh = new Map(incoming.map((c) => [c.id, c]));
  return mergeById(
    current.map((c) => fresh.get(c.id) ?? c),
    incoming,
  );
}

/** Puts `contact` first (spec §4: the contact of a new message moves to the top). */
export function moveToTop(list: readonly Contact[], contact: Contact): Contact[] {
  return [contact, ...list.filter((c) => c.id !== contact.id)];
}

export function patchContact(
  list: readonly Contact[],
  id: number,
  patch: Partial<Contact>,
): Contact[] {
  return list.map((c) => (c.id === id ? { ...c, ...patch } : c));
}

/** The contact after `message` (to or from them): its last message, time, and unread count, which
 *  rises for a message from them while their chat is not open. */
export function withLastMessage(
  contact: Contact,
  message: ChatMessage,
  myId: number,
  chatOpen: boolean,
): Contact {
  const incoming = message.sender_id !== myId;
  const picture = isPicture(message);
  return {
    ...contact,
    // As the server lists it: a picture's link is no preview (and expires).
    last_m: picture ? '' : (message.message ?? ''),
    last_type: message.type,
    last_m_is_photo: picture ? 1 : 0,
    gift: message.type === 'gift' ? 1 : 0,
    s_id: message.sender_id,
    time: message.timestamp,
    unread: incoming && !chatOpen ? contact.unread + 1 : chatOpen ? 0 : contact.unread,
    archived: 0,
  };
}

/** A new-message event's effect on the unread total before the server's count arrives. */
export function unreadAfterMessage(total: number, incoming: boolean, chatOpen: boolean): number {
  return incoming && !chatOpen ? total + 1 : total;
}

/** Lowers the unread total by what a conversation held, never below zero. */
export function lowerUnread(total: number, by: number): number {
  return Math.max(0, total - Math.max(0, by));
}

// ---- messages ----

/** An image goes up first (`uploading`), then is sent like any message. */
export type SendState = 'uploading' | 'sending' | 'failed';

/**
 * What the client needs to send a message again (with the same client_id). A text may reply to a
 * story; an image's `link` is null until its upload has answered (a retry uploads it again).
 */
export type Outgoing =
  | { type: 'text'; text: string; storyId?: number }
  | { type: 'gift'; giftId: number }
  | { type: 'image'; link: string | null }
  | { type: 'pphoto'; photoId: number };

/** A message on screen: the server's, or a provisional one of mine waiting for its reply. */
export interface LocalMessage extends ChatMessage {
  pending?: {
    state: SendState;
    outgoing: Outgoing;
    /** The error code of a failed send. */
    error: string | null;
    /** How much of an image's upload has gone, 0 to 1. */
    progress?: number;
  };
}

/** An image or a profile photo. */
export function isPicture(message: Pick<ChatMessage, 'type'>): boolean {
  return message.type === 'image' || message.type === 'pphoto';
}

/** The other person of a message. */
export function partnerOf(message: Pick<ChatMessage, 'sender_id' | 'receiver_id'>, myId: number) {
  return message.sender_id === myId ? message.receiver_id : message.sender_id;
}

const isConfirmed = (m: LocalMessage) => m.pending === undefined;

/** True if `message` is already on screen: the same id, or my provisional one (same client_id). */
export function hasMessage(list: readonly LocalMessage[], message: ChatMessage): boolean {
  return list.some(
    (m) =>
      (isConfirmed(m) && m.id === message.id) ||
      (message.client_id != null && m.client_id === message.client_id),
  );
}

/**
 * Merges server messages into the list: one copy per id (the later copy wins, but a seen flag
 * never goes back to 0), a provisional message is replaced by the server's message with its
 * client_id, confirmed messages in id order (ids grow with time) and provisional ones after them.
 */
export function mergeMessages(
  current: readonly LocalMessage[],
  incoming: readonly ChatMessage[],
): LocalMessage[] {
  const clientIds = new Set(incoming.map((m) => m.client_id).filter((id) => id != null));
  const byId = new Map<number, LocalMessage>();
  for (const m of current) if (isConfirmed(m)) byId.set(m.id, m);
  for (const m of incoming) {
    const before = byId.get(m.id);
    const seen: 0 | 1 = before?.seen === 1 || m.seen === 1 ? 1 : 0;
    byId.set(m.id, { ...m, client_id: m.client_id ?? null, seen });
  }
  const confirmed = [...byId.values()].sort((a, b) => a.id - b.id);
  const provisional = current.filter(
    (m) => !isConfirmed(m) && !(m.client_id !== null && clientIds.has(m.client_id)),
  );
  return [...confirmed, ...provisional];
}

/**
 * Replaces the confirmed messages with a fresh newest page, keeping unsent ones and any that
 * arrived (as events) after the page was read.
 */
export function replaceWithPage(
  current: readonly LocalMessage[],
  page: readonly ChatMessage[],
): LocalMessage[] {
  const newest = page.reduce((max, m) => Math.max(max, m.id), 0);
  return mergeMessages(
    current.filter((m) => !isConfirmed(m) || m.id > newest),
    page,
  );
}

/** Adds a provisional message of mine. */
export function addProvisional(list: readonly LocalMessage[], message: LocalMessage) {
  return [...list, message];
}

/** The reply to a send: the provisional message becomes the server's. */
export function reconcile(list: readonly LocalMessage[], server: ChatMessage): LocalMessage[] {
  return mergeMessages(list, [server]);
}

export function removeByClientId(list: readonly LocalMessage[], clientId: string) {
  return list.filter((m) => isConfirmed(m) || m.client_id !== clientId);
}

export function setPendingState(
  list: readonly LocalMessage[],
  clientId: string,
  state: SendState,
  error: string | null = null,
): LocalMessage[] {
  return list.map((m) =>
    m.pending && m.client_id === clientId ? { ...m, pending: { ...m.pending, state, error } } : m,
  );
}

/** Read receipts mean "read up to": my messages up to `upToId` are seen. */
export function markMineSeen(list: readonly LocalMessage[], myId: number, upToId: number) {
  return markSeen(list, (m) => m.sender_id === myId && m.id <= upToId);
}

/** Incoming messages up to `upToId` are read (by me, maybe in another tab). */
export function markIncomingSeen(list: readonly LocalMessage[], myId: number, upToId: number) {
  return markSeen(list, (m) => m.sender_id !== myId && m.id <= upToId);
}

function markSeen(list: readonly LocalMessage[], which: (m: LocalMessage) => boolean) {
  let changed = false;
  const next = list.map((m) => {
    if (!isConfirmed(m) || m.seen === 1 || !which(m)) return m;
    changed = true;
    return { ...m, seen: 1 as const };
  });
  return changed ? next : (list as LocalMessage[]);
}

/** The ids for message/read: incoming messages not read yet, the newest 100 at most. */
export function unseenIncomingIds(list: readonly LocalMessage[], myId: number): number[] {
  return list
    .filter((m) => isConfirmed(m) && m.sender_id !== myId && m.seen === 0)
    .map((m) => m.id)
    .sort((a, b) => a - b)
    .slice(-READ_IDS_MAX);
}

/** The id to page back from (`before_id`), or null when nothing confirmed is loaded. */
export function oldestId(list: readonly LocalMessage[]): number | null {
  let oldest: number | null = null;
  for (const m of list) if (isConfirmed(m) && (oldest === null || m.id < oldest)) oldest = m.id;
  return oldest;
}

// ---- sending ----

/** Spec §5: the least balance that may send; configs.site.min_credits_to_send, default 50. */
export function minCreditsToSend(configs: Partial<Configs>): number {
  return configs.site?.min_credits_to_send ?? MIN_CREDITS_TO_SEND;
}

/** The price of a text: configs.prices "text", 50 until the configs arrive. */
export function textPrice(configs: Partial<Configs>): number {
  return configs.prices?.find((p) => p.feature === 'text')?.price ?? MIN_CREDITS_TO_SEND;
}

/** The price of an image or a profile photo: configs.prices "image", the minimum until the
 *  configs arrive (the server decides either way). */
export function imagePrice(configs: Partial<Configs>): number {
  return configs.prices?.find((p) => p.feature === 'image')?.price ?? MIN_CREDITS_TO_SEND;
}

/** Failed sends worth sending again by themselves once the connection is back: no answer came
 *  (lost socket, timeout) or the server asked to retry. Refusals wait for the member. */
export function resendsAfterReconnect(error: string | null): boolean {
  return error === 'network' || error === 'server_busy' || error === 'rate_limited';
}

/** The client_ids of my failed messages to send again once the connection is back. */
export function unsentClientIds(list: readonly LocalMessage[]): string[] {
  return list
    .filter((m) => m.pending?.state === 'failed' && resendsAfterReconnect(m.pending.error))
    .map((m) => m.client_id)
    .filter((id): id is string => typeof id === 'string');
}

/** Spec §5: sending needs at least the minimum, and a gift at least its price. */
export function canAfford(credits: number, minimum: number, price = 0): boolean {
  return credits >= Math.max(minimum, price);
}

/** The text to send, trimmed, or null for nothing (spec §5: empty text is not sent). */
export function sendableText(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}

/** A fresh idempotency key: 1–64 characters of A-Z a-z 0-9 _ - (docs/protocol.md). */
export function makeClientId(now: number = Date.now(), random: () => number = Math.random) {
  const tail = Math.floor(random() * 36 ** 6)
    .toString(36)
    .padStart(6, '0');
  return `c-${now.toString(36)}-${tail}`;
}

let provisionalSeq = 0;

/** A provisional message of mine, shown as "sending" until the server answers. */
export function provisionalMessage(
  clientId: string,
  outgoing: Outgoing,
  myId: number,
  partnerId: number,
  now: number,
  gift: ChatMessage['gift'] = null,
  /** What an image or a profile photo shows while it goes: a local preview or the photo. */
  picture: string | null = null,
): LocalMessage {
  provisionalSeq += 1;
  const story = outgoing.type === 'text' && outgoing.storyId !== undefined ? outgoing : null;
  return {
    // Negative ids never meet the server's, which are positive.
    id: -provisionalSeq,
    client_id: clientId,
    type: outgoing.type,
    message:
      outgoing.type === 'text'
        ? outgoing.text
        : outgoing.type === 'gift'
          ? (gift?.icon ?? '')
          : picture,
    sender_id: myId,
    receiver_id: partnerId,
    timestamp: now,
    seen: 0,
    isMe: 1,
    story: null,
    story_id: story?.storyId ?? null,
    body: null,
    avatar: null,
    gift,
    price: gift?.price ?? 0,
    pending:
      outgoing.type === 'image' && outgoing.link === null
        ? { state: 'uploading', outgoing, error: null, progress: 0 }
        : { state: 'sending', outgoing, error: null },
  };
}

/** A provisional image's upload progress (0 to 1). */
export function setUploadProgress(
  list: readonly LocalMessage[],
  clientId: string,
  progress: number,
): LocalMessage[] {
  return list.map((m) =>
    m.pending?.state === 'uploading' && m.client_id === clientId
      ? { ...m, pending: { ...m.pending, progress: Math.min(1, Math.max(0, progress)) } }
      : m,
  );
}

/** A provisional image after its upload: the link to send and, for the bubble, the server's own
 *  picture when the browser had no preview of its own (HEIC). */
export function setUploaded(
  list: readonly LocalMessage[],
  clientId: string,
  link: string,
): LocalMessage[] {
  return list.map((m) =>
    m.pending && m.client_id === clientId && m.pending.outgoing.type === 'image'
      ? {
          ...m,
          message: m.message || link,
          pending: { ...m.pending, outgoing: { type: 'image', link }, progress: 1 },
        }
      : m,
  );
}

// ---- screen helpers ----

/** Spec §9: older messages load once the list is within 10 px of its top. */
export function nearTop(scrollTop: number, threshold: number = OLDER_THRESHOLD_PX): boolean {
  return scrollTop <= threshold;
}

/** Whether the reader is at the newest message (then a new one scrolls into view). */
export function nearBottom(
  scrollTop: number,
  scrollHeight: number,
  clientHeight: number,
  threshold = 80,
): boolean {
  return scrollHeight - scrollTop - clientHeight <= threshold;
}

/** After older messages are put above, the scroll offset that keeps the same message in view. */
export function keepScrollAfterPrepend(
  beforeHeight: number,
  beforeTop: number,
  afterHeight: number,
): number {
  return Math.max(0, afterHeight - beforeHeight + beforeTop);
}

/** Spec §9: the text area grows from 48 to 100 px. */
export function composerHeight(contentHeight: number): number {
  return Math.min(COMPOSER_MAX_PX, Math.max(COMPOSER_MIN_PX, Math.ceil(contentHeight)));
}

/** Spec §2: a chat-message skeleton is 20 to 60 percent wide. */
export function skeletonWidth(random: () => number = Math.random): number {
  return Math.round(20 + Math.min(1, Math.max(0, random())) * 40);
}

/** Until when a picture's (or a replied story's) links work: the server's `expires_at`, else
 *  3600 s after the message (spec §9). */
export function expiresAt(message: Pick<ChatMessage, 'timestamp' | 'expires_at'>): number {
  return message.expires_at ?? message.timestamp + IMAGE_VISIBLE_S;
}

/** Whether a confirmed message's picture links are gone: the server said so, or their time is
 *  up. A provisional one shows its local preview until the server answers. */
export function linksExpired(message: LocalMessage, now: number): boolean {
  if (message.pending) return false;
  return message.expired === 1 || now >= expiresAt(message);
}

/** What a picture message shows: its picture (the thumbnail in the bubble, the display size in
 *  the viewer), a placeholder while none exists yet (a HEIC going up), or "expired". */
export type PictureView =
  { kind: 'picture'; thumb: string; full: string } | { kind: 'placeholder' } | { kind: 'expired' };

export function pictureView(message: LocalMessage, now: number): PictureView {
  if (!message.pending && (linksExpired(message, now) || !message.message)) {
    return { kind: 'expired' };
  }
  if (!message.message) return { kind: 'placeholder' };
  return { kind: 'picture', thumb: message.thumb ?? message.message, full: message.message };
}

/** The next moment a picture (or a replied story) on screen expires, after `now`; null for none.
 *  The list redraws then, so that "expired" shows on time. */
export function nextExpiry(list: readonly LocalMessage[], now: number): number | null {
  let next: number | null = null;
  for (const m of list) {
    if (m.pending || m.expired === 1) continue;
    if (!isPicture(m) && typeof m.story_id !== 'number') continue;
    const at = expiresAt(m);
    if (at > now && (next === null || at < next)) next = at;
  }
  return next;
}

/** The replied story's image, or null once it expired (the same rule as pictures). */
export function storyImageOf(message: LocalMessage, now: number): string | null {
  if (!message.story || linksExpired(message, now)) return null;
  return message.story;
}

/** How the image viewer names a picture message: stable from provisional to confirmed. */
export function pictureKey(message: Pick<ChatMessage, 'id' | 'client_id'>): string {
  return message.client_id ?? `id-${message.id}`;
}

export interface ViewerPicture {
  key: string;
  src: string;
  type: MessageType;
  senderId: number;
  timestamp: number;
}

/** The conversation's pictures the image viewer steps through, oldest first: those confirmed and
 *  not expired. */
export function viewerPictures(list: readonly LocalMessage[], now: number): ViewerPicture[] {
  const out: ViewerPicture[] = [];
  for (const m of list) {
    if (!isPicture(m) || m.pending) continue;
    const view = pictureView(m, now);
    if (view.kind !== 'picture') continue;
    out.push({
      key: pictureKey(m),
      src: view.full,
      type: m.type,
      senderId: m.sender_id,
      timestamp: m.timestamp,
    });
  }
  return out;
}
