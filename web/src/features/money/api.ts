// The money calls (docs/protocol.md "Money"), each resolved into a plain outcome. None throws:
// a lost socket or a timeout is an outcome like a refusal.
import { realtime } from '../../realtime';
import type {
  BoostKind,
  BoostStatusEntry,
  CreditPackage,
  CreditsPromo,
  ErrorCode,
  LedgerEntry,
  NotificationEvent,
  PaymentCompleteEvent,
  PaymentFailedEvent,
  PaymentOrder,
  PaymentType,
  SpinDetails,
  WheelPrize,
  WheelPrizesDetails,
} from '../../realtime/protocol';
import { spinDetailsOf } from '../../realtime/parse';
import { detailNumber } from '../people/api';

export const HISTORY_PAGE = 20;

export type Outcome<T> =
  | ({ kind: 'ok' } & T)
  | { kind: 'refused'; code: ErrorCode | null }
  /** No answer (timeout, socket lost). */
  | { kind: 'network' };

/** `payment/initiate`: an order for a package; its checkout page goes in the payment iframe. */
export async function initiatePayment(
  type: PaymentType,
  packageId: number,
): Promise<Outcome<{ order: PaymentOrder }>> {
  try {
    const reply = await realtime.request('payment/initiate', {
      provider: 'sandbox',
      package_id: packageId,
      type,
    });
    if (reply.request_status === 1 && reply.data) return { kind: 'ok', order: reply.data };
    return { kind: 'refused', code: reply.error_code ?? null };
  } catch {
    return { kind: 'network' };
  }
}

/** `credits_promo`: the running promotion, or null when it could not be asked. */
export async function fetchPromo(): Promise<CreditsPromo | null> {
  try {
    const reply = await realtime.request('credits_promo', {});
    return reply.request_status === 1 ? (reply.data ?? null) : null;
  } catch {
    return null;
  }
}

/** A page of `credits/history`, newest first; null when it failed. */
export async function fetchCreditsHistory(offset: number): Promise<LedgerEntry[] | null> {
  try {
    const reply = await realtime.request('credits/history', {
      currentLength: offset,
      recordsToTake: HISTORY_PAGE,
    });
    return reply.request_status === 1 && Array.isArray(reply.data) ? reply.data : null;
  } catch {
    return null;
  }
}

export interface WheelCatalogue {
  prizes: WheelPrize[];
  details: WheelPrizesDetails;
}

function prizesDetailsOf(details: Record<string, unknown> | undefined): WheelPrizesDetails {
  const expected = details?.expected_credits;
  const out: WheelPrizesDetails = {};
  const price = detailNumber(details, 'spin_price');
  if (price !== null) out.spin_price = price;
  if (expected === null) out.expected_credits = null;
  else if (typeof expected === 'number' && Number.isFinite(expected)) {
    out.expected_credits = expected;
  }
  return out;
}

/** `spinofluck/prizes`: the wheel's segments with their odds and the average value of a spin. */
export async function fetchPrizes(): Promise<WheelCatalogue | null> {
  try {
    const reply = await realtime.request('spinofluck/prizes', {});
    if (reply.request_status !== 1 || !Array.isArray(reply.data)) return null;
    return { prizes: reply.data, details: prizesDetailsOf(reply.request_details) };
  } catch {
    return null;
  }
}

export type SpinOutcome =
  | { kind: 'ok'; details: SpinDetails }
  | { kind: 'not_enough_credits'; credits: number | null }
  | { kind: 'no_free_spin' }
  | { kind: 'error' };

function spinOutcome(
  status: 0 | 1,
  code: ErrorCode | undefined,
  details: Record<string, unknown> | undefined,
): SpinOutcome {
  if (status === 1) {
    const parsed = spinDetailsOf(details);
    return parsed ? { kind: 'ok', details: parsed } : { kind: 'error' };
  }
  if (code === 'not_enough_credits') {
    return { kind: 'not_enough_credits', credits: detailNumber(details, 'credits') };
  }
  if (code === 'no_free_spin') return { kind: 'no_free_spin' };
  return { kind: 'error' };
}

/** `spinofluck/buy_spin`: 100 credits for one spin; `clientId` makes a retry pay once. */
export async function buySpin(clientId: string): Promise<SpinOutcome> {
  try {
    const reply = await realtime.request('spinofluck/buy_spin', { client_id: clientId });
    return spinOutcome(reply.request_status, reply.error_code, reply.request_details);
  } catch {
    return { kind: 'error' };
  }
}

/** `spinofluck/spin`: uses a free spin; the prize comes from the server. */
export async function spinWheel(clientId: string): Promise<SpinOutcome> {
  try {
    const reply = await realtime.request('spinofluck/spin', { client_id: clientId });
    const outcome = spinOutcome(reply.request_status, reply.error_code, reply.request_details);
    return outcome.kind === 'ok' && !outcome.details.prize ? { kind: 'error' } : outcome;
  } catch {
    return { kind: 'error' };
  }
}

export type BoostOutcome =
  { kind: 'ok'; credits: number | null } | { kind: 'not_enough_credits' } | { kind: 'error' };

/** `boost/buy`: charged once per `clientId`, so a repeated tap never pays twice. */
export async function buyBoost(kind: BoostKind, clientId: string): Promise<BoostOutcome> {
  try {
    const reply = await realtime.request('boost/buy', { kind, client_id: clientId });
    if (reply.request_status === 1) {
      return { kind: 'ok', credits: detailNumber(reply.request_details, 'credits') };
    }
    return reply.error_code === 'not_enough_credits'
      ? { kind: 'not_enough_credits' }
      : { kind: 'error' };
  } catch {
    return { kind: 'error' };
  }
}

/** `boost/status`: the member's running boosts. */
export async function fetchBoostStatus(): Promise<BoostStatusEntry[] | null> {
  try {
    const reply = await realtime.request('boost/status', {});
    return reply.request_status === 1 && Array.isArray(reply.data) ? reply.data : null;
  } catch {
    return null;
  }
}

/** Validates the session again (after a payment, spec §4). */
export function revalidateSession(): void {
  realtime.revalidate();
}

/** Calls `listener` once, at the next successful validation; returns what cancels it. */
export function onceAuthenticated(listener: () => void): () => void {
  const off = realtime.onSession((event) => {
    if (event.type !== 'authenticated') return;
    off();
    listener();
  });
  return off;
}

export interface MoneyEventHandlers {
  paymentComplete(event: PaymentCompleteEvent['data']): void;
  paymentFailed(event: PaymentFailedEvent['data']): void;
  creditPackages(packages: CreditPackage[]): void;
  prizes(catalogue: WheelCatalogue): void;
  notification(event: NotificationEvent): void;
  /** The socket (re)authenticated: ask for what the money screens need. */
  authenticated(): void;
}

export function subscribeMoneyEvents(handlers: MoneyEventHandlers): () => void {
  const offs = [
    realtime.on('payment/complete', (event) => handlers.paymentComplete(event.data)),
    realtime.on('payment/failed', (event) => handlers.paymentFailed(event.data)),
    realtime.on('update_credit_discount', (event) =>
      handlers.creditPackages(event.data.credits_packages),
    ),
    realtime.on('spinofluck/prizes', (frame) => {
      if (frame.request_status === 1 && frame.data) {
        handlers.prizes({ prizes: frame.data, details: prizesDetailsOf(frame.request_details) });
      }
    }),
    realtime.on('notification', (event) => handlers.notification(event)),
    realtime.onSession((event) => {
      if (event.type === 'authenticated') handlers.authenticated();
    }),
  ];
  return () => {
    for (const off of offs) off();
  };
}

/** Asks for the priced configs again: they come in the currency of the socket's member (a
 *  guest socket prices in the browser's language). The app store takes the reply. */
export function refreshPrices(): void {
  realtime.request('configs', { keys: ['credits', 'premium', 'prices'] }).catch(() => {
    // Asked again at the next authentication.
  });
}

/** Asks for `totals` again; the app store takes the reply. */
export function refreshTotals(): void {
  realtime.request('totals', {}).catch(() => {
    // Refreshed again on the next reconnect or visibility change.
  });
}
