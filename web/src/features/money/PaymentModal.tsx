// The payment modal (spec §2 "payment (iframe of a payment link)", §4): what is being bought and
// for how much, beside the checkout page the server made for the order. The checkout returns to
// /payments/redirect, which grants nothing: the purchase arrives with payment/complete, which
// closes this modal (paymentComplete.ts). Until then the modal says it is confirming.
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber } from '../../app/format';
import { useAppStore } from '../../app/store';
import { Modal } from '../../ui/Modal';
import { Icon } from '../../ui/icons';
import { monthsKey } from '../premium/packages';
import { bonusOf } from './credits';
import { nowSeconds } from '../../ui/relativeTime';
import { useMoneyStore, type OpenPayment } from './store';
import './money.css';

export function PaymentModalHost() {
  const payment = useMoneyStore((s) => s.payment);
  const close = useCallback(() => useMoneyStore.getState().closePayment(), []);
  return payment ? <PaymentModal key={payment.orderId} payment={payment} onClose={close} /> : null;
}

/** The iframe left the checkout for the return page: the provider is done with the card. The
 *  return page is this app, which refuses to be framed, so the frame may also be unreadable
 *  (the browser's error page); the checkout's own pages, a declined card included, stay
 *  readable. */
function returned(frame: HTMLIFrameElement | null): boolean {
  try {
    const path = frame?.contentWindow?.location.pathname ?? '';
    return path.startsWith('/payments/redirect') || path === '' || path === 'blank';
  } catch {
    return true;
  }
}

function Summary({ payment }: { payment: OpenPayment }) {
  const { t } = useTranslation();
  const language = useAppStore((s) => s.language);
  const configs = useAppStore((s) => s.configs);
  const creditPackage = configs.credits?.find((p) => p.id === payment.packageId);
  const premiumPackage = configs.premium?.find((p) => p.id === payment.packageId);
  let what = '';
  if (payment.type === 'buy-credits' && creditPackage) {
    const total = creditPackage.credits + bonusOf(creditPackage, nowSeconds());
    what = t('money.payment.summaryCredits', { credits: formatNumber(total, language) });
  } else if (payment.type === 'premium' && premiumPackage) {
    const months = t(monthsKey(premiumPackage.months), { n: premiumPackage.months });
    what = t('money.payment.summaryPremium', { months });
  }
  return (
    <div className="payment-summary" data-testid="payment-summary">
      <span className="payment-summary__what">{what}</span>
      <span className="payment-summary__total">
        <span className="muted">{t('money.payment.total')}</span>
        <strong data-testid="payment-amount">
          {formatMoney(payment.amount, language, payment.currency)}
        </strong>
      </span>
    </div>
  );
}

function PaymentModal({ payment, onClose }: { payment: OpenPayment; onClose: () => void }) {
  const { t } = useTranslation();
  const frame = useRef<HTMLIFrameElement>(null);
  const [loaded, setLoaded] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const failed = useMoneyStore((s) => s.failedOrders.includes(payment.orderId));

  const onLoad = () => {
    setLoaded(true);
    // The return page is this app: never run a second copy of it inside the modal.
    if (returned(frame.current)) setConfirming(true);
  };

  return (
    <Modal open onClose={onClose} labelledBy="payment-title" className="money-modal payment-modal">
      <div data-testid="payment-modal">
        <h2 id="payment-title" className="payment-modal__title">
          <Icon name="lock" size={18} strokeWidth={2.2} />
          {t('money.payment.title')}
        </h2>
        <Summary payment={payment} />
        {failed ? (
          <div className="payment-modal__confirming" role="alert" data-testid="payment-failed">
            <strong>{t('money.payment.failed')}</strong>
            <p className="muted">{t('money.payment.failedBody')}</p>
            <button type="button" className="btn btn-secondary" onClick={onClose}>
              {t('money.payment.retry')}
            </button>
          </div>
        ) : confirming ? (
          <div className="payment-modal__confirming" role="status" data-testid="payment-confirming">
            <span className="payment-modal__spinner" aria-hidden="true" />
            <strong>{t('money.payment.confirming')}</strong>
            <p className="muted">{t('money.payment.confirmingBody')}</p>
          </div>
        ) : (
          <div className="payment-modal__frame-wrap">
            {!loaded ? (
              <p className="muted payment-modal__loading" role="status">
                {t('money.payment.loading')}
              </p>
            ) : null}
            <iframe
              ref={frame}
              src={payment.url}
              title={t('money.payment.frame')}
              className="payment-modal__frame"
              onLoad={onLoad}
              data-testid="payment-iframe"
            />
          </div>
        )}
        <p className="muted payment-modal__footer">{t('money.payment.footer')}</p>
      </div>
    </Modal>
  );
}
