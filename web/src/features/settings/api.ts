// The settings page's calls (docs/protocol.md "user/update"), each resolved into a plain outcome.
// The socket is reached through the auth shell, which the settings tests replace.
import type { ErrorCode, RequestOf, User } from '../../realtime/protocol';
import { realtime } from '../auth/shell';

export type UpdateOutcome =
  | { kind: 'ok'; user: User | null }
  | { kind: 'refused'; code: ErrorCode | null }
  /** No answer (timeout, socket lost). */
  | { kind: 'network' };

/** `user/update` {key, value}: one setting saved; the fresh user when the reply has it. */
export async function updateUser(update: RequestOf<'user/update'>): Promise<UpdateOutcome> {
  try {
    const reply = await realtime.request('user/update', update);
    if (reply.request_status !== 1) return { kind: 'refused', code: reply.error_code ?? null };
    return { kind: 'ok', user: reply.data?.user ?? null };
  } catch {
    return { kind: 'network' };
  }
}
