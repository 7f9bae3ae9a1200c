import { useEffect } from 'react';
import { bindMoney } from './runtime';

/** Binds the money events (payment/complete, promotions, prizes, rewards) while the app runs. */
export function MoneyRuntime() {
  useEffect(() => bindMoney(), []);
  return null;
}
