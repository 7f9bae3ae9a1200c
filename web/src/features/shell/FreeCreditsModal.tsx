// The reward after registration (spec §4: "Reward modal shows 200 credits"), opened by the
// claim_free_credits event through the store.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../app/format';
import { useAppStore } from '../../app/store';
import { Modal } from '../../ui/Modal';
import { CoinIcon } from '../../ui/icons';
import './RewardModal.css';

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
        <span className="reward-modal__spark reward-modal__spark--a">✦</span>
        <span className="reward-modal__spark reward-modal__spark--b">✦</span>
        <span className="reward-modal__spark reward-modal__spark--c">✦</span>
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
