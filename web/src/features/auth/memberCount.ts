// The landing's member count (docs/protocol.md "GET /api/stats/members"). The pre-rendered pages
// hold no number at all: the count is the server's, rounded down, fetched when the landing's chunk
// loads, so the landing never shows a figure the database does not hold.
import type { MemberStatsResponse } from '../../realtime/protocol';

export type MemberFigure = { members: number; over: boolean } | null;

/** The server's answer, or null for anything else (nothing is shown then). */
export function parseMemberStats(body: unknown): MemberFigure {
  if (typeof body !== 'object' || body === null) return null;
  const { members, over } = body as Partial<MemberStatsResponse>;
  if (typeof members !== 'number' || !Number.isSafeInteger(members) || members <= 0) return null;
  return { members, over: over === true };
}

/** The translation key of the line: "Over N…" only when the real count is above N. */
export function memberLineKey(figure: { over: boolean }): string {
  return figure.over ? 'auth.landing.membersOver' : 'auth.landing.members';
}

let pending: Promise<MemberFigure> | null = null;

/** One request per page load, started as soon as the landing's chunk is imported. */
export function loadMemberFigure(): Promise<MemberFigure> {
  pending ??= fetch('/api/stats/members', {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  })
    .then((response) => (response.ok ? response.json() : null))
    .then(parseMemberStats)
    .catch(() => null);
  return pending;
}

/** Tests start each case afresh. */
export function forgetMemberFigure(): void {
  pending = null;
}
