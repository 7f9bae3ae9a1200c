// The settings page's calls (docs/protocol.md "user/update"), each resolved into a plain outcome.
// The socket is reached through the auth shell, which the settings tests replace.
import type { ErrorCode, ReferralInfo, RequestOf, User } from '../../realtime/protocol';
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

export type ExportStartOutcome =
  | { kind: 'ok'; percent: number }
  | { kind: 'refused'; code: ErrorCode | null }
  | { kind: 'network' };

/** `account/export`: starts the member's export (or reports the running one). */
export async function startExport(): Promise<ExportStartOutcome> {
  try {
    const reply = await realtime.request('account/export', {});
    if (reply.request_status !== 1) return { kind: 'refused', code: reply.error_code ?? null };
    return { kind: 'ok', percent: reply.data?.percent ?? 0 };
  } catch {
    return { kind: 'network' };
  }
}

export type EraseOutcome =
  | { kind: 'erased' }
  | { kind: 'wrong_password' }
  | { kind: 'refused'; code: ErrorCode | null }
  | { kind: 'network' };

function closedSocket(error: unknown): boolean {
  return error instanceof Error && 'reason' in error && error.reason === 'socket_closed';
}

/** `account/erase` {password}. The server closes the member's sockets (4001) right after it
 *  erases, which can overtake its answer: the socket closing while the request waits means it
 *  was done (docs/protocol.md, "account/erase"). */
export async function eraseAccount(password: string): Promise<EraseOutcome> {
  try {
    const reply = await realtime.request('account/erase', { password });
    if (reply.request_status === 1) return { kind: 'erased' };
    if (reply.error_code === 'invalid_credentials') return { kind: 'wrong_password' };
    return { kind: 'refused', code: reply.error_code ?? null };
  } catch (error) {
    return closedSocket(error) ? { kind: 'erased' } : { kind: 'network' };
  }
}

export interface ExportEventHandlers {
  progress(percent: number): void;
  ready(link: string, expiresAt: number): void;
  failed(): void;
}

/** The account/export/* events, to every socket of the member. */
export function subscribeExportEvents(handlers: ExportEventHandlers): () => void {
  const offs = [
    realtime.on('account/export/progress', (event) => handlers.progress(event.data.percent)),
    realtime.on('account/export/ready', (event) =>
      handlers.ready(event.data.link, event.data.expires_at),
    ),
    realtime.on('account/export/failed', () => handlers.failed()),
  ];
  return () => {
    for (const off of offs) off();
  };
}

export type ReferralOutcome = { kind: 'ok'; info: ReferralInfo } | { kind: 'failed' };

/** `referral/info`: the member's referral link and what it earns (docs/protocol.md "Referrals"). */
export async function loadReferral(): Promise<ReferralOutcome> {
  try {
    const reply = await realtime.request('referral/info', {});
    if (reply.request_status !== 1 || !reply.data) return { kind: 'failed' };
    return { kind: 'ok', info: reply.data };
  } catch {
    return { kind: 'failed' };
  }
}
