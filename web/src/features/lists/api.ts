// The social lists' calls (docs/protocol.md "Discovery and the social graph"), each resolved into a
// plain outcome, and the totals events. None throws: a lost socket or a timeout is an outcome.
import { realtime } from '../../realtime';
import type { BlockedEntry, DataOf, Totals } from '../../realtime/protocol';
import { LIST_PAGE_SIZE } from './entries';

export type PeopleListModule = 'user/fans' | 'user/visitors' | 'user/mylikes' | 'user/matches';
/** PeopleListEntry, or for user/fans and user/visitors also LockedListEntry. */
export type EntryOf<M extends PeopleListModule> = DataOf<M>[number];

/** One page of a social list from `offset`, or null when the server refused or the socket failed. */
export async function fetchListPage<M extends PeopleListModule>(
  module: M,
  offset: number,
): Promise<EntryOf<M>[] | null> {
  try {
    const reply = await realtime.request(module, {
      currentLength: offset,
      recordsToTake: LIST_PAGE_SIZE,
    });
    const data: unknown = reply.data;
    return reply.request_status === 1 && Array.isArray(data) ? (data as EntryOf<M>[]) : null;
  } catch {
    return null;
  }
}

/** `user/fans/seen` or `user/visitors/seen`: fans_new or visits_new drop to 0. */
export async function markListSeen(
  module: 'user/fans/seen' | 'user/visitors/seen',
): Promise<boolean> {
  try {
    const reply = await realtime.request(module, {});
    return reply.request_status === 1;
  } catch {
    return false;
  }
}

/** `totals`: the counters, or null. */
export async function fetchTotals(): Promise<Totals | null> {
  try {
    const reply = await realtime.request('totals', {});
    return reply.request_status === 1 && reply.data ? reply.data : null;
  } catch {
    return null;
  }
}

/** Every `totals` frame with data (a pushed event, or the reply to any tab's request). */
export function onTotals(handler: (totals: Totals) => void): () => void {
  return realtime.on('totals', (message) => {
    if (message.data) handler(message.data);
  });
}

/** `user/blocked`: the members I blocked, or null. */
export async function fetchBlocked(): Promise<BlockedEntry[] | null> {
  try {
    const reply = await realtime.request('user/blocked', {});
    return reply.request_status === 1 && Array.isArray(reply.data) ? reply.data : null;
  } catch {
    return null;
  }
}

/** `user/unblock` {user_id}; false when it failed, for any reason. */
export async function unblockUser(userId: number): Promise<boolean> {
  try {
    const reply = await realtime.request('user/unblock', { user_id: userId });
    return reply.request_status === 1;
  } catch {
    return false;
  }
}
