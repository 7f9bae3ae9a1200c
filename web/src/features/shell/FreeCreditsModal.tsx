// The reward after registration (spec §4: "Reward modal shows 200 credits"), opened by the
// claim_free_credits event through the store.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../app/format';
import { useAppStore } from '../../app/store';
import { Modal } from '../../ui/Modal';
import { CoinIcon, SolidIcon } from '../../ui/icons';
import './RewardModal.css';

// A four-pointed spark, drawn rather than typed: "✦" is in no subset of the app's font, and the
// system fallback font it sends the browser looking for costs a font lookup and looks different
// on every platform.
const SPARK =
  'M12 1.5c.7 5.6 4.9 9.8 10.5 10.5-5.6.7-9.8 4.9-10.5 10.5C11.3 16.9 7.1 12.7 1.5 12 7.1 11.3 11.3 7.1 12 1.5z';

export function FreeCreditsModal() {
  const { t } = useTranslation();
  const claimed = useAppStore((s) => s.freeCreditsClaimed);
  // A new member adding photos on the registration's last step sees the reward once they are in.
  const finishingRegistration = useAppStore((s) => s.finishingRegistration);
  const language = useAppStore((s) => s.language);
  // The same reward for turning notifications on (spec §9: 200 credits), in its own words.
  const words = useAppStore((s) =>
    s.freeCreditsReason === 'push' ? 'common.freeCredits.push' : 'common.freeCredits',
  );
  const close = useCallback(() => useAppStore.getState().setFreeCreditsClaimed(null), []);
  return (
    <Modal
      open={claimed !== null && !finishingRegistration}
      onClose={close}
      labelledBy="free-credits-title"
      className="reward-modal"
    >
      <div className="reward-modal__art" aria-hidden="true">
        <span className="reward-modal__glow" />
        <SolidIcon d={SPARK} size={16} className="reward-modal__spark reward-modal__spark--a" />
        <SolidIcon d={SPARK} size={22} className="reward-modal__spark reward-modal__spark--b" />
        <SolidIcon d={SPARK} size={12} className="reward-modal__spark reward-modal__spark--c" />
        <CoinIcon size={96} className="reward-modal__coin" />
      </div>
      <p className="pill reward-modal__eyebrow">{t(`${words}.eyebrow`)}</p>
      <h2 id="free-credits-title" className="reward-modal__title">
        {t(`${words}.title`)}
      </h2>
      <p className="reward-modal__amount">
        <span className="reward-modal__number">{formatNumber(claimed ?? 0, language)}</span>
        <span className="reward-modal__unit">{t('common.freeCredits.unit')}</span>
      </p>
      <p className="muted reward-modal__body">{t(`${words}.body`)}</p>
      <button type="button" className="btn btn-primary btn-block" onClick={close}>
        {t('common.freeCredits.cta')}
      </button>
    </Modal>
  );
}
