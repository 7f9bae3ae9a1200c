// Wires the money events into the stores: payment/complete (spec §4), fresh packages when a
// promotion starts or ends, the wheel's prizes, and reward notifications for the banner.
import { formatDate, formatNumber } from '../../app/format';
import { useAppStore } from '../../app/store';
import { i18next } from '../../i18n';
import type { NotificationEvent, PaymentCompleteEvent } from '../../realtime/protocol';
import { showBanner } from '../notify/banner';
import { playSound } from '../notify/sounds';
import { usePremiumModal } from '../premium/store';
import {
  fetchPrizes,
  fetchPromo,
  onceAuthenticated,
  refreshPrices,
  refreshTotals,
  revalidateSession,
  subscribeMoneyEvents,
} from './api';
import { createPaymentCompleteHandler } from './paymentComplete';
import { useMoneyStore } from './store';

/** A staff warning stays long enough to be read. */
const STAFF_WARNING_MS = 12_000;

const app = () => useAppStore.getState();
const money = () => useMoneyStore.getState();

/** The balance and premium end a payment brought, shown before the session answers. */
function applyBalance(event: PaymentCompleteEvent['data']): void {
  const user = app().user;
  if (!user) return;
  const premiumUntil = event.premium_until ?? user.premium_until ?? null;
  const premium = premiumUntil !== null && premiumUntil * 1000 > Date.now() ? 1 : user.premium;
  app().setUser({ ...user, credits: event.credits, premium, premium_until: premiumUntil });
}

function announcePayment(event: PaymentCompleteEvent['data']): void {
  const language = app().language;
  const message =
    event.type === 'premium' && event.premium_until
      ? i18next.t('money.payment.donePremium', { date: formatDate(event.premium_until, language) })
      : i18next.t('money.payment.doneCredits', { count: formatNumber(event.credits, language) });
  showBanner({ type: 'success', message });
  playSound('credits');
}

function showNotification(event: NotificationEvent): void {
  // A staff warning is the team's own words, and interrupts whatever the member is doing.
  if (event.type === 'warning') {
    if (event.message) {
      showBanner({
        type: 'error',
        title: i18next.t('notify.staffWarning'),
        message: event.message,
        durationMs: STAFF_WARNING_MS,
      });
    }
    return;
  }
  const language = app().language;
  if (event.credits !== undefined) app().setCredits(event.credits);
  if (event.sof_spin_available !== undefined) setSpins(event.sof_spin_available);
  // The open wheel says what it gave itself, once it stops.
  if (event.type !== 'coins' && money().wheelOpen) return;
  const count = formatNumber(event.coins ?? 0, language);
  // `message` is English, for logs: the banner speaks the member's language.
  const message =
    event.type === 'freespin'
      ? i18next.t('money.notify.freeSpin')
      : event.type === 'wheel_credits'
        ? i18next.t('money.notify.wonCredits', { count })
        : i18next.t('money.notify.coins', { count });
  showBanner({ type: event.type, message });
  if (event.type !== 'freespin') playSound('credits');
}

/** The member's free spins changed (the wheel, a package with a spin). */
export function setSpins(spins: number): void {
  const user = app().user;
  // A spin used up lowers the mark, so that the next new spin brings the splash again.
  if (spins < money().splashSeenFor) money().setSplashSeenFor(spins);
  if (!user || user.sof_spin_available === spins) return;
  app().setUser({ ...user, sof_spin_available: spins, sof_can_spin: spins > 0 ? 1 : 0 });
}

/** Subscribes the stores to the money events; returns what undoes it. */
export function bindMoney(): () => void {
  const payments = createPaymentCompleteHandler({
    closeModals: () => {
      money().closePayment();
      app().setCreditsModalOpen(false);
      usePremiumModal.getState().closeSubscriptions();
    },
    applyBalance,
    announce: announcePayment,
    revalidate: revalidateSession,
    onceAuthenticated,
    reload: () => {
      app().bumpDataEpoch();
      refreshTotals();
    },
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
  });
  const onAuthenticated = () => {
    // Signed in, the prices are the member's: the same currency payment/initiate charges in.
    refreshPrices();
    if (money().prizes.length > 0) return;
    void fetchPrizes().then((catalogue) => {
      if (catalogue && catalogue.prizes.length > 0) {
        money().setPrizes(catalogue.prizes, catalogue.details);
      }
    });
  };
  const off = subscribeMoneyEvents({
    paymentComplete: (event) => payments.handle(event),
    paymentFailed: (event) => money().addFailedOrder(event.order_id),
    creditPackages: (packages) => {
      app().setConfigs({ credits: packages });
      void fetchPromo().then((promo) => money().setPromo(promo));
    },
    prizes: ({ prizes, details }) => money().setPrizes(prizes, details),
    notification: showNotification,
    authenticated: onAuthenticated,
  });
  // The socket may have signed in before this runtime started (the first render waits for the
  // page's translations): then the member's prices are asked for now.
  if (app().authenticated) onAuthenticated();
  return () => {
    off();
    payments.dispose();
  };
}
