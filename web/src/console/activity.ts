// The lease rule (docs/protocol.md, "Locks"): the console renews the operator's locks every 30 s
// while the operator is active, that is, gave input within the last 2 minutes and the tab is
// visible. An operator who walked away lets the locks lapse, and the conversations go back to
// the queue for someone else.
import type { IntervalHandle, Timers } from '../realtime/client';

export const RENEW_INTERVAL_MS = 30_000;
export const ACTIVE_INPUT_WINDOW_MS = 2 * 60_000;

export function isOperatorActive(now: number, lastInputAt: number, visible: boolean): boolean {
  return visible && now - lastInputAt <= ACTIVE_INPUT_WINDOW_MS;
}

/** Whether this tick of the 30 s timer renews: there is something to renew and someone there. */
export function shouldRenew(
  now: number,
  lastInputAt: number,
  visible: boolean,
  lockCount: number,
): boolean {
  return lockCount > 0 && isOperatorActive(now, lastInputAt, visible);
}

const INPUT_EVENTS = [
  'keydown',
  'pointerdown',
  'pointermove',
  'wheel',
  'input',
  'focusin',
] as const;

/** The last moment of input in `doc` and whether it is visible. */
export class ActivityTracker {
  private lastInputAt: number;
  private readonly doc: Document;
  private readonly now: () => number;
  private readonly mark = () => {
    this.lastInputAt = this.now();
  };

  constructor(doc: Document = document, now: () => number = Date.now) {
    this.doc = doc;
    this.now = now;
    this.lastInputAt = now();
  }

  start(): () => void {
    for (const type of INPUT_EVENTS) this.doc.addEventListener(type, this.mark, { passive: true });
    this.doc.addEventListener('visibilitychange', this.mark);
    return () => {
      for (const type of INPUT_EVENTS) this.doc.removeEventListener(type, this.mark);
      this.doc.removeEventListener('visibilitychange', this.mark);
    };
  }

  active(): boolean {
    return isOperatorActive(this.now(), this.lastInputAt, this.doc.visibilityState !== 'hidden');
  }

  lastInput(): number {
    return this.lastInputAt;
  }
}

/** Calls `renew` every 30 s while `active()` and `lockCount() > 0`. Returns the stop function. */
export function startLeaseRenewal(options: {
  renew: () => void;
  active: () => boolean;
  lockCount: () => number;
  timers?: Pick<Timers, 'setInterval' | 'clearInterval'>;
}): () => void {
  const timers = options.timers ?? {
    setInterval: (fn: () => void, ms: number) => globalThis.setInterval(fn, ms),
    clearInterval: (handle: IntervalHandle) => globalThis.clearInterval(handle),
  };
  const handle = timers.setInterval(() => {
    if (options.lockCount() > 0 && options.active()) options.renew();
  }, RENEW_INTERVAL_MS);
  return () => timers.clearInterval(handle);
}
