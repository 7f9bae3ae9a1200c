// The chat's calls (docs/protocol.md "Chat and credits"), each resolved into a plain outcome.
// None throws: a lost socket or a timeout is an outcome like a refusal.
import { i18next } from '../../i18n';
import { realtime } from '../../realtime';
import type {
  ChatMessage,
  Contact,
  ErrorCode,
  GiftEntry,
  MessageReadEvent,
  OnlinesEvent,
  Reply,
  SendMessageRequest,
} from '../../realtime/protocol';
import { detailNumber } from '../people/api';
import { CONTACTS_PAGE, GIFTS_PAGE, MESSAGES_PAGE } from './rules';

/** A member who erased their account has no name (docs/protocol.md "Contact"): their messages
 *  show as from "a deleted member". */
export function named(contact: Contact): Contact {
  return contact.deleted === 1 ? { ...contact, name: i18next.t('chat.deletedMember') } : contact;
}

/** A page of `user/contacts` (or of the archived ones), or null when it failed. */
export async function fetchContacts(offset: number, archived = false): Promise<Contact[] | null> {
  try {
    const reply = await realtime.request('user/contacts', {
      currentLength: offset,
      recordsToTake: CONTACTS_PAGE,
      archived: archived ? 1 : 0,
    });
    return reply.request_status === 1 && Array.isArray(reply.data) ? reply.data.map(named) : null;
  } catch {
    return null;
  }
}

/** `user/contacts/unread`: data[0].total. */
export async function fetchUnreadTotal(): Promise<number | null> {
  try {
    const reply = await realtime.request('user/contacts/unread', {});
    const total = reply.request_status === 1 ? reply.data?.[0]?.total : undefined;
    return typeof total === 'number' ? total : null;
  } catch {
    return null;
  }
}

export type ContactOutcome = { kind: 'ok'; contact: Contact } | { kind: 'not_found' } | null;

/** `user/contact/get_by_id`; also answers for someone with no conversation yet. */
export async function fetchContact(id: number): Promise<ContactOutcome> {
  try {
    const reply = await realtime.request('user/contact/get_by_id', { contact_id: id });
    if (reply.request_status === 1 && reply.data) {
      return { kind: 'ok', contact: named(reply.data) };
    }
    return reply.error_code === 'not_found' ? { kind: 'not_found' } : null;
  } catch {
    return null;
  }
}

export type MessagesOutcome =
  { kind: 'ok'; messages: ChatMessage[] } | { kind: 'not_found' } | { kind: 'error' };

/** `messages`: 20 at most, oldest first; the newest page without `beforeId`. */
export async function fetchMessages(
  partnerId: number,
  beforeId?: number | null,
): Promise<MessagesOutcome> {
  try {
    const reply = await realtime.request('messages', {
      contact_user_id: partnerId,
      recordsToTake: MESSAGES_PAGE,
      ...(beforeId ? { before_id: beforeId } : {}),
    });
    if (reply.request_status === 1 && Array.isArray(reply.data)) {
      return { kind: 'ok', messages: reply.data };
    }
    return reply.error_code === 'not_found' ? { kind: 'not_found' } : { kind: 'error' };
  } catch {
    return { kind: 'error' };
  }
}

/** `message/read` with comma-joined ids; the new unread total, or null. */
export async function markRead(ids: readonly number[]): Promise<number | null> {
  if (ids.length === 0) return null;
  try {
    const reply = await realtime.request('message/read', { message_id: ids.join(',') });
    return reply.request_status === 1 ? detailNumber(reply.request_details, 'total_unread') : null;
  } catch {
    return null;
  }
}

export type SendOutcome =
  | {
      kind: 'ok';
      message: ChatMessage;
      credits: number | null;
      creditsSpent: number;
      replayed: boolean;
    }
  /** `required`: the least balance that may send it, when the server said. */
  | { kind: 'not_enough_credits'; credits: number | null; required: number | null }
  /** code null: no answer (timeout, socket lost); the same client_id may be sent again. */
  | { kind: 'error'; code: ErrorCode | null };

/** `send_message`. The reply's data is the stored message; request_details the new balance. */
export async function sendMessage(request: SendMessageRequest): Promise<SendOutcome> {
  try {
    const reply = await realtime.request('send_message', request);
    if (reply.request_status === 1 && reply.data) {
      return {
        kind: 'ok',
        message: reply.data,
        credits: detailNumber(reply.request_details, 'credits'),
        creditsSpent: detailNumber(reply.request_details, 'credits_spent') ?? reply.data.price,
        replayed: detailNumber(reply.request_details, 'replayed') === 1,
      };
    }
    if (reply.error_code === 'not_enough_credits') {
      return {
        kind: 'not_enough_credits',
        credits: detailNumber(reply.request_details, 'credits'),
        required: detailNumber(reply.request_details, 'required'),
      };
    }
    return { kind: 'error', code: reply.error_code ?? 'internal_error' };
  } catch {
    return { kind: 'error', code: null };
  }
}

/**
 * Why a picture link did not load (docs/protocol.md "GET /media/u/{name}.jpg"): 410 means its time
 * is up ("This image has expired"); anything else (403 someone else's link, 404, no answer) that
 * it can't be shown.
 */
export async function probeMediaLink(url: string): Promise<'expired' | 'unavailable'> {
  try {
    const response = await fetch(url, { method: 'HEAD', credentials: 'same-origin' });
    return response.status === 410 ? 'expired' : 'unavailable';
  } catch {
    return 'unavailable';
  }
}

/** `conversation/archive` or `conversation/unarchive`. */
export async function setArchived(userId: number, archived: boolean): Promise<boolean> {
  try {
    const module = archived ? 'conversation/archive' : 'conversation/unarchive';
    const reply = await realtime.request(module, { user_id: userId });
    return reply.request_status === 1;
  } catch {
    return false;
  }
}

/** A page of `gifts` (40 at most, cheapest first), or null. */
export async function fetchGifts(offset: number): Promise<GiftEntry[] | null> {
  try {
    const reply = await realtime.request('gifts', {
      currentLength: offset,
      recordsToTake: GIFTS_PAGE,
    });
    return reply.request_status === 1 && Array.isArray(reply.data) ? reply.data : null;
  } catch {
    return null;
  }
}

/** `typing`: tells `receiverId` that the member is typing. Nothing waits for the reply: a lost
 *  one only costs the partner a hint. */
export function sendTyping(receiverId: number): void {
  realtime.request('typing', { receiver_id: receiverId }).catch(() => undefined);
}

/** What the chat does with the socket's events. */
export interface ChatEventHandlers {
  /** The socket validated again after a reconnect. */
  reauthenticated(): void;
  /** A send_message reply that came after its request gave up (a timeout on a stalled socket). */
  lateSendReply(reply: Reply<'send_message'>): void;
  newMessage(message: ChatMessage): void;
  /** A read receipt: my other tab read a chat, or my partner read my messages. */
  read(details: MessageReadEvent['request_details']): void;
  /** The balance changed in another tab. */
  credits(credits: number): void;
  presence(event: OnlinesEvent): void;
  /** `userId` is typing to the member. */
  typing(userId: number): void;
}

/** Subscribes `handlers` to the chat's events; returns what unsubscribes them all. */
export function subscribeChatEvents(handlers: ChatEventHandlers): () => void {
  const offs = [
    realtime.onSession((event) => {
      if (event.type === 'authenticated') handlers.reauthenticated();
    }),
    realtime.on('send_message', (frame) => {
      if ('request_status' in frame) handlers.lateSendReply(frame);
    }),
    realtime.on('new_message', (event) => handlers.newMessage(event.request_details)),
    realtime.on('message/read', (frame) => {
      // The same module answers one's own message/read request; that reply (the frame with a
      // request_status) is no receipt.
      if (!('request_status' in frame)) handlers.read(frame.request_details);
    }),
    realtime.on('credits', (event) => handlers.credits(event.data.credits)),
    realtime.on('onlines', (event) => handlers.presence(event)),
    realtime.on('typing', (frame) => {
      // The reply to one's own typing request (it has a request_status) is no event.
      if (!('request_status' in frame)) handlers.typing(frame.data.user_id);
    }),
  ];
  return () => {
    for (const off of offs) off();
  };
}
