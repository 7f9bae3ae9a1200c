// The credits store (spec §2 "credits", §4, §9): the balance, why it opened when a send could not
// be paid for, the promotion with its countdown, the packages with their bonus and free spin,
// and Pay, which opens the checkout in the payment modal. Prices come from the server in the
// member's currency; the button says exactly what will be charged.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber } from '../../app/format';
import { useAppStore, type CreditsNeed } from '../../app/store';
import type { CreditPackage } from '../../realtime/protocol';
import { nowSeconds } from '../../ui/relativeTime';
import { Modal } from '../../ui/Modal';
import { CoinIcon, FreeSpinIcon, Icon } from '../../ui/icons';
import { fetchPromo } from './api';
import {
  bestValueId,
  bonusOf,
  hasFreeSpin,
  promoEnds,
  promoRunning,
  sortCreditPackages,
} from './credits';
import { PackageCheck } from './PackageCheck';
import { PayButton } from './PayButton';
import { usePurchase } from './usePurchase';
import { PromoBanner } from './PromoBanner';
import { openCreditsHistory, useMoneyStore } from './store';
import './money.css';

const EMPTY: readonly CreditPackage[] = [];

export function CreditsModal() {
  const open = useAppStore((s) => s.creditsModalOpen);
  const close = useCallback(() => useAppStore.getState().setCreditsModalOpen(false), []);
  // Mounted only while open, so that each opening starts with nothing chosen.
  return open ? <CreditsModalView onClose={close} /> : null;
}

function NeedNotice({ need }: { need: CreditsNeed }) {
  const { t } = useTranslation();
  const language = useAppStore((s) => s.language);
  return (
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
  );
}

function CreditsModalView({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const language = useAppStore((s) => s.language);
  const credits = useAppStore((s) => s.user?.credits ?? 0);
  const need = useAppStore((s) => s.creditsNeed);
  const raw = useAppStore((s) => s.configs.credits ?? EMPTY);
  const promo = useMoneyStore((s) => s.promo);
  const [selected, setSelected] = useState<number | null>(null);
  const purchase = usePurchase();

  // The promotion may have started or ended since the packages came.
  useEffect(() => {
    let live = true;
    void fetchPromo().then((answer) => {
      if (live && answer) useMoneyStore.getState().setPromo(answer);
    });
    return () => {
      live = false;
    };
  }, []);

  const now = nowSeconds();
  const packages = sortCreditPackages(raw);
  const best = bestValueId(packages, now);
  const ends = promoEnds(packages, promo, now);
  const discount =
    promo?.discount ??
    Math.max(0, ...packages.filter((p) => promoRunning(p, now)).map((p) => p.discount));
  const chosen = packages.find((p) => p.id === selected) ?? null;

  return (
    <Modal
      open
      onClose={onClose}
      labelledBy="credits-modal-title"
      className="money-modal credits-modal"
    >
      <div data-testid="credits-modal">
        <header className="money-modal__head">
          <span className="money-modal__coin" aria-hidden="true">
            <CoinIcon size={44} />
          </span>
          <h2 id="credits-modal-title" className="money-modal__title">
            {t(need ? 'common.credits.notEnoughTitle' : 'money.credits.title')}
          </h2>
          <p className="money-modal__balance" data-testid="credits-modal-balance">
            {t('money.credits.balance', { amount: formatNumber(credits, language) })}
          </p>
        </header>

        {need ? <NeedNotice need={need} /> : null}
        {!need ? <p className="muted money-modal__lead">{t('money.credits.lead')}</p> : null}

        <PromoBanner ends={ends} discount={discount} />

        {packages.length === 0 ? (
          <p className="muted money-modal__none">{t('money.credits.noPackages')}</p>
        ) : (
          <div className="credit-packages" role="radiogroup" aria-label={t('money.credits.choose')}>
            {packages.map((pkg) => {
              const bonus = bonusOf(pkg, now);
              const active = pkg.id === selected;
              return (
                <button
                  key={pkg.id}
                  type="button"
                  role="radio"
                  aria-checked={active}
                  className={`credit-package${active ? ' is-selected' : ''}`}
                  onClick={() => setSelected(pkg.id)}
                  data-testid="credits-package"
                  data-package-id={pkg.id}
                >
                  <PackageCheck checked={active} tickSize={13} />
                  <span className="credit-package__what">
                    <span className="credit-package__credits">
                      <CoinIcon size={18} />
                      <strong>{formatNumber(pkg.credits, language)}</strong>
                      <span className="credit-package__unit">{t('money.credits.unit')}</span>
                    </span>
                    <span className="credit-package__extras">
                      {bonus > 0 ? (
                        <span className="credit-package__bonus" data-testid="credits-bonus">
                          {t('money.credits.bonus', { bonus: formatNumber(bonus, language) })}
                        </span>
                      ) : null}
                      {hasFreeSpin(pkg) ? (
                        <span
                          className="credit-package__spin"
                          data-testid="credits-free-spin"
                          title={t('money.credits.freeSpinLabel')}
                        >
                          <FreeSpinIcon size={14} />
                          {t('money.credits.freeSpin')}
                        </span>
                      ) : null}
                      {pkg.id === best ? (
                        <span className="credit-package__best">{t('money.credits.bestValue')}</span>
                      ) : null}
                    </span>
                  </span>
                  <span className="credit-package__price" data-testid="credits-price">
                    {formatMoney(pkg.price, language, pkg.currency)}
                  </span>
                </button>
              );
            })}
          </div>
        )}

        <div className="money-modal__actions">
          <PayButton
            purchase={purchase}
            type="buy-credits"
            packageId={chosen?.id ?? null}
            label={
              chosen
                ? t('money.credits.buy', {
                    price: formatMoney(chosen.price, language, chosen.currency),
                  })
                : t('money.credits.buyIdle')
            }
            className="money-modal__buy"
            testId="credits-buy"
          />
          {purchase.failed ? (
            <p className="money-modal__error" role="alert">
              {t('money.payment.error')}
            </p>
          ) : null}
          <p className="money-modal__trust">
            <Icon name="lock" size={14} strokeWidth={2.2} />
            <span>
              {t('money.credits.secure')} · {t('money.credits.oneTime')}
            </span>
          </p>
        </div>
        <button
          type="button"
          className="money-modal__link"
          onClick={openCreditsHistory}
          data-testid="credits-history-open"
        >
          {t('money.credits.history')}
        </button>
      </div>
    </Modal>
  );
}
