// What a paid order does on the client (spec §4 "Payment complete"): close the payment, credits
// and subscription modals, show the new balance at once, validate the session again, and 1.5 s
// after the re-authentication reload what depends on credits and premium. The reload is of the
// member's data (totals, the lists that premium unlocks), not of the page: a page reload would
// throw away an open chat, its drafts and the scroll position for nothing the socket can't give.
import type { PaymentCompleteEvent } from '../../realtime/protocol';

/** Spec §9: the reload comes 1.5 s after the re-authentication. */
export const RELOAD_AFTER_REAUTH_MS = 1500;

export interface PaymentCompleteDeps {
  closeModals(): void;
  /** The balance (and premium end) from the event, before the session answers. */
  applyBalance(event: PaymentCompleteEvent['data']): void;
  /** Tells the member, once per order. */
  announce(event: PaymentCompleteEvent['data']): void;
  revalidate(): void;
  /** Calls back once at the next successful validation; returns what cancels it. */
  onceAuthenticated(callback: () => void): () => void;
  reload(): void;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface PaymentCompleteHandler {
  handle(event: PaymentCompleteEvent['data']): void;
  dispose(): void;
}

export function createPaymentCompleteHandler(deps: PaymentCompleteDeps): PaymentCompleteHandler {
  const seen = new Set<string>();
  let cancelWait: (() => void) | null = null;
  let timer: unknown = null;

  const clearTimer = () => {
    if (timer !== null) deps.clearTimeout(timer);
    timer = null;
  };

  return {
    handle(event) {
      deps.closeModals();
      if (seen.has(event.order_id)) return;
      seen.add(event.order_id);
      deps.applyBalance(event);
      deps.announce(event);
      // A second order before the first reload: one validation and one reload serve both.
      cancelWait?.();
      clearTimer();
      cancelWait = deps.onceAuthenticated(() => {
        cancelWait = null;
        clearTimer();
        timer = deps.setTimeout(() => {
          timer = null;
          deps.reload();
        }, RELOAD_AFTER_REAUTH_MS);
      });
      deps.revalidate();
    },
    dispose() {
      cancelWait?.();
      cancelWait = null;
      clearTimer();
    },
  };
}
