// The outgoing-queue rules of spec §4, as pure functions so they can be tested on their own.
import { MODULE_ACCESS } from './protocol';

/** Modules a guest socket may call (docs/protocol.md); these need not wait for authentication. */
export const GUEST_MODULES: ReadonlySet<string> = new Set(
  Object.entries(MODULE_ACCESS)
    .filter(([, access]) => access === 'guest')
    .map(([module]) => module),
);

export interface QueueItem {
  module: string;
  /** Identifies "the same request": module plus payload, independent of key order. */
  key: string;
  urgent: boolean;
}

function stable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stable);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => [k, stable(v)]),
    );
  }
  return value;
}

export function requestKey(module: string, payload: object): string {
  return `${module} ${JSON.stringify(stable(payload))}`;
}

export function findDuplicate<T extends QueueItem>(
  queue: readonly T[],
  key: string,
): T | undefined {
  return queue.find((item) => item.key === key);
}

/** Urgent items go after the urgent ones already waiting but before every normal one. */
export function enqueue<T extends QueueItem>(queue: readonly T[], item: T): T[] {
  if (!item.urgent) return [...queue, item];
  const firstNormal = queue.findIndex((q) => !q.urgent);
  const at = firstNormal === -1 ? queue.length : firstNormal;
  return [...queue.slice(0, at), item, ...queue.slice(at)];
}

export function canSend(module: string, open: boolean, authenticated: boolean): boolean {
  return open && (authenticated || GUEST_MODULES.has(module));
}

/** Splits the queue into what may go out now and what keeps waiting, preserving order. */
export function takeSendable<T extends QueueItem>(
  queue: readonly T[],
  authenticated: boolean,
): { send: T[]; keep: T[] } {
  const send: T[] = [];
  const keep: T[] = [];
  for (const item of queue) (canSend(item.module, true, authenticated) ? send : keep).push(item);
  return { send, keep };
}
