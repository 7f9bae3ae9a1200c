import { useTranslation } from 'react-i18next';
import type { PaymentType } from '../../realtime/protocol';
import type { Purchase } from './usePurchase';

interface PayButtonProps {
  purchase: Purchase;
  type: PaymentType;
  /** The chosen package; none chosen disables the button. */
  packageId: number | null;
  /** What the button says while no checkout is being opened. */
  label: string;
  className: string;
  testId: string;
}

/** Opens the checkout for the chosen package, and says so while the server prepares it. */
export function PayButton({ purchase, type, packageId, label, className, testId }: PayButtonProps) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={`btn btn-primary btn-block ${className}`}
      disabled={packageId === null || purchase.busy}
      aria-busy={purchase.busy}
      onClick={() => packageId !== null && void purchase.start(type, packageId)}
      data-testid={testId}
    >
      {purchase.busy ? t('money.payment.opening') : label}
    </button>
  );
}
