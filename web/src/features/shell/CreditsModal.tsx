// Placeholder for the credits store (spec §2 "credits" overlay): shows the balance until the
// package list and payment flow are built. When a send opened it (creditsNeed), it says so first:
// not enough credits, what the send costs, and that a text stays unsent in the composer.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../app/format';
import { useAppStore } from '../../app/store';
import { Modal } from '../../ui/Modal';
import { CoinIcon } from '../../ui/icons';
import './RewardModal.css';

export function CreditsModal() {
  const { t } = useTranslation();
  const open = useAppStore((s) => s.creditsModalOpen);
  const credits = useAppStore((s) => s.user?.credits ?? 0);
  const need = useAppStore((s) => s.creditsNeed);
  const language = useAppStore((s) => s.language);
  const close = useCallback(() => useAppStore.getState().setCreditsModalOpen(false), []);
  return (
    <Modal
      open={open}
      onClose={close}
      labelledBy="credits-modal-title"
      closeLabel={t('common.a11y.close')}
      className="reward-modal"
    >
      <div className="reward-modal__art reward-modal__art--small" aria-hidden="true">
        <span className="reward-modal__glow" />
        <CoinIcon size={72} className="reward-modal__coin" />
      </div>
      <h2 id="credits-modal-title" className="reward-modal__title">
        {t(need ? 'common.credits.notEnoughTitle' : 'common.credits.title')}
      </h2>
      {need ? (
        <div className="credits-need" data-testid="credits-need">
          <p className="credits-need__line">
            {t(
              need.price < need.required
                ? 'common.credits.needMinimum'
                : need.kind === 'gift'
                  ? 'common.credits.needGift'
                  : need.kind === 'image'
                    ? 'common.credits.needImage'
                    : 'common.credits.needText',
              {
                price: formatNumber(need.price, language),
                required: formatNumber(need.required, language),
              },
            )}
          </p>
          {need.kind === 'text' ? (
            <p className="credits-need__kept">{t('common.credits.keptText')}</p>
          ) : null}
        </div>
      ) : null}
      <p className="muted reward-modal__caption">{t('common.credits.yourBalance')}</p>
      <p className="reward-modal__amount">
        <span className="reward-modal__number">{formatNumber(credits, language)}</span>
        <span className="reward-modal__unit">{t('common.credits.label')}</span>
      </p>
      <p className="muted reward-modal__body">{t('common.credits.body')}</p>
      <p className="pill reward-modal__soon">{t('common.comingSoon.badge')}</p>
      <button type="button" className="btn btn-secondary btn-block" onClick={close}>
        {t('common.credits.ok')}
      </button>
    </Modal>
  );
}
