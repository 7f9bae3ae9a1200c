// The credits promo banner (spec §4): a countdown (hh:mm:ss) to the promotion's end; once past,
// EXPIRED for a moment, then nothing.
import { useTranslation } from 'react-i18next';
import { Icon } from '../../ui/icons';
import { promoPhase } from './countdown';
import { useNow } from './useNow';
import './money.css';

export function PromoBanner({ ends, discount }: { ends: number | null; discount: number }) {
  const { t } = useTranslation();
  const now = useNow(ends !== null);
  const phase = promoPhase(ends, now);
  if (phase.kind === 'hidden') return null;
  const expired = phase.kind === 'expired';
  return (
    <div
      className={`promo-banner${expired ? ' is-expired' : ''}`}
      data-testid="credits-promo"
      role="timer"
      aria-live="off"
    >
      <span className="promo-banner__icon" aria-hidden="true">
        <Icon name="sparkle" size={20} strokeWidth={2} />
      </span>
      <span className="promo-banner__text">
        <strong>{t('money.credits.promo.title')}</strong>
        {discount > 0 ? <span className="promo-banner__pct">+{discount}%</span> : null}
      </span>
      {expired ? (
        <span className="promo-banner__clock is-expired" data-testid="credits-promo-expired">
          {t('money.credits.promo.expired')}
        </span>
      ) : (
        <span className="promo-banner__clock">
          <span className="promo-banner__label">{t('money.credits.promo.endsIn')}</span>
          <span className="promo-banner__time" dir="ltr" data-testid="credits-promo-countdown">
            {phase.text}
          </span>
        </span>
      )}
    </div>
  );
}
