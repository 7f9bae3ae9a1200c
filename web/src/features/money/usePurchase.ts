// Pay for a package: payment/initiate, then the payment modal with the checkout the server made.
import { useCallback, useRef, useState } from 'react';
import type { PaymentType } from '../../realtime/protocol';
import { initiatePayment } from './api';
import { useMoneyStore } from './store';

export function usePurchase() {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const inflight = useRef(false);

  const start = useCallback(async (type: PaymentType, packageId: number) => {
    if (inflight.current) return;
    inflight.current = true;
    setBusy(true);
    setFailed(false);
    const outcome = await initiatePayment(type, packageId);
    inflight.current = false;
    setBusy(false);
    if (outcome.kind !== 'ok') {
      setFailed(true);
      return;
    }
    const { order } = outcome;
    useMoneyStore.getState().openPayment({
      orderId: order.order_id,
      url: order.redirect_url,
      type,
      amount: order.amount,
      currency: order.currency,
      packageId,
    });
  }, []);

  return { busy, failed, start };
}

export type Purchase = ReturnType<typeof usePurchase>;
