// The deck's calls (docs/protocol.md "Discovery and the social graph"), each resolved into a plain
// outcome. None throws: a lost socket or a timeout is an outcome like a refusal.
import { realtime } from '../../realtime';
import type { ErrorCode, Person, RequestOf, User } from '../../realtime/protocol';

/** `explore` {exclude}: more cards, or null when the server refused or the socket failed. */
export async function fetchCards(exclude: number[]): Promise<Person[] | null> {
  try {
    const reply = await realtime.request('explore', { exclude });
    return reply.request_status === 1 ? (reply.data ?? []) : null;
  } catch {
    return null;
  }
}

export type UpdateOutcome =
  | { kind: 'ok'; user: User | null }
  | { kind: 'refused'; code: ErrorCode | null }
  /** No answer (timeout, socket lost). */
  | { kind: 'network' };

/** `user/update` {key, value}: one search preference saved; the fresh user when the reply has it. */
export async function updateUser(update: RequestOf<'user/update'>): Promise<UpdateOutcome> {
  try {
    const reply = await realtime.request('user/update', update);
    if (reply.request_status !== 1) return { kind: 'refused', code: reply.error_code ?? null };
    return { kind: 'ok', user: reply.data?.user ?? null };
  } catch {
    return { kind: 'network' };
  }
}
