// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { createPaymentCompleteHandler, RELOAD_AFTER_REAUTH_MS } from './paymentComplete';

function setup() {
  let authenticated: (() => void) | null = null;
  const calls: string[] = [];
  const deps = {
    closeModals: vi.fn(() => calls.push('close')),
    applyBalance: vi.fn(() => calls.push('balance')),
    announce: vi.fn(() => calls.push('announce')),
    revalidate: vi.fn(() => calls.push('revalidate')),
    onceAuthenticated: vi.fn((callback: () => void) => {
      authenticated = callback;
      return () => {
        authenticated = null;
      };
    }),
    reload: vi.fn(() => calls.push('reload')),
    setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
    clearTimeout: (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
  const handler = createPaymentCompleteHandler(deps);
  return { deps, handler, calls, authenticate: () => authenticated?.() };
}

const EVENT = { order_id: 'o_1', type: 'buy-credits' as const, credits: 6200, premium_until: null };

describe('payment/complete (spec §4)', () => {
  it('closes the modals, shows the balance, validates again and reloads 1.5 s after re-auth', () => {
    vi.useFakeTimers();
    const { deps, handler, calls, authenticate } = setup();
    handler.handle(EVENT);
    expect(calls).toEqual(['close', 'balance', 'announce', 'revalidate']);
    expect(deps.applyBalance).toHaveBeenCalledWith(EVENT);
    // Nothing reloads before the session answers.
    vi.advanceTimersByTime(10_000);
    expect(deps.reload).not.toHaveBeenCalled();
    authenticate();
    vi.advanceTimersByTime(RELOAD_AFTER_REAUTH_MS - 1);
    expect(deps.reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(deps.reload).toHaveBeenCalledTimes(1);
    expect(RELOAD_AFTER_REAUTH_MS).toBe(1500);
    vi.useRealTimers();
  });

  it('applies an order once, but closes the modals again on a repeat', () => {
    vi.useFakeTimers();
    const { deps, handler, authenticate } = setup();
    handler.handle(EVENT);
    handler.handle(EVENT);
    expect(deps.closeModals).toHaveBeenCalledTimes(2);
    expect(deps.applyBalance).toHaveBeenCalledTimes(1);
    expect(deps.announce).toHaveBeenCalledTimes(1);
    expect(deps.revalidate).toHaveBeenCalledTimes(1);
    authenticate();
    vi.advanceTimersByTime(RELOAD_AFTER_REAUTH_MS);
    expect(deps.reload).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });

  it('two orders in a row reload once; dispose cancels a pending reload', () => {
    vi.useFakeTimers();
    const { deps, handler, authenticate } = setup();
    handler.handle(EVENT);
    handler.handle({ ...EVENT, order_id: 'o_2', credits: 7000 });
    expect(deps.applyBalance).toHaveBeenCalledTimes(2);
    authenticate();
    handler.dispose();
    vi.advanceTimersByTime(RELOAD_AFTER_REAUTH_MS * 2);
    expect(deps.reload).not.toHaveBeenCalled();
    vi.useRealTimers();
  });
});
