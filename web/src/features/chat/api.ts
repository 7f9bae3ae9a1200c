// The chat's calls (docs/protocol.md "Chat and credits"), each resolved into a plain outcome.
// None throws: a lost socket or a timeout is an outcome like a refusal.
import { realtime } from '../../realtime';
import type {
  ChatMessage,
  Contact,
  ErrorCode,
  GiftEntry,
  SendMessageRequest,
} from '../../realtime/protocol';
import { detailNumber } from '../people/api';
import { CONTACTS_PAGE, GIFTS_PAGE, MESSAGES_PAGE } from './rules';

/** A page of `user/contacts` (or of the archived ones), or null when it failed. */
export async function fetchContacts(offset: number, archived = false): Promise<Contact[] | null> {
  try {
    const reply = await realtime.request('user/contacts', {
      currentLength: offset,
      recordsToTake: CONTACTS_PAGE,
      archived: archived ? 1 : 0,
    });
    return reply.request_status === 1 && Array.isArray(reply.data) ? reply.data : null;
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
    if (reply.request_status === 1 && reply.data) return { kind: 'ok', contact: reply.data };
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
