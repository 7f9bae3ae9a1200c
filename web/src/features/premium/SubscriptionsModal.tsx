// The subscriptions (premium) modal (spec §2, §4): the benefits, the packages from configs with
// the recommended one preselected, the end date for a premium member, and Pay, which stays
// disabled until a package is chosen and opens the checkout. Nothing renews by itself, and the
// modal says so before anyone pays.
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../app/format';
import { useAppStore } from '../../app/store';
import type { PremiumPackage } from '../../realtime/protocol';
import { Modal } from '../../ui/Modal';
import { Icon, type IconName } from '../../ui/icons';
import { PackageCheck } from '../money/PackageCheck';
import { PayButton } from '../money/PayButton';
import { usePurchase } from '../money/usePurchase';
import { monthsKey, recommendedId, sortPackages } from './packages';
import { usePremiumModal } from './store';
import './SubscriptionsModal.css';

const BENEFITS: readonly { key: string; icon: IconName }[] = [
  { key: 'likes', icon: 'infinity' },
  { key: 'visitors', icon: 'users' },
  { key: 'fans', icon: 'crown' },
  { key: 'stories', icon: 'flame' },
  { key: 'private', icon: 'lock' },
  { key: 'photos', icon: 'image' },
];

const EMPTY: readonly PremiumPackage[] = [];

export function SubscriptionsModalHost() {
  const open = usePremiumModal((s) => s.subscriptionsOpen);
  const close = useCallback(() => usePremiumModal.getState().closeSubscriptions(), []);
  // Mounted only while open, so that each opening starts from the recommended package.
  return open ? <SubscriptionsModal onClose={close} /> : null;
}

function SubscriptionsModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const language = useAppStore((s) => s.language);
  const premium = useAppStore((s) => s.user?.premium === 1);
  const premiumUntil = useAppStore((s) => s.user?.premium_until ?? null);
  const raw = useAppStore((s) => s.configs.premium ?? EMPTY);
  const packages = sortPackages(raw);
  const [selected, setSelected] = useState<number | null>(() => recommendedId(raw));
  const purchase = usePurchase();
  const chosen = packages.find((p) => p.id === selected) ?? null;

  const choose = (id: number) => setSelected(id);

  return (
    <Modal open onClose={onClose} labelledBy="subscriptions-title" className="subs-modal">
      <div data-testid="subscriptions-modal">
        <div className="subs-modal__hero" aria-hidden="true">
          <span className="subs-modal__crown">
            <Icon name="crown" size={34} strokeWidth={1.9} />
          </span>
        </div>
        <h2 id="subscriptions-title" className="subs-modal__title">
          {t('premium.title')}
        </h2>
        <p className="muted subs-modal__lead">
          {premium ? t('premium.alreadyPremium') : t('premium.lead')}
        </p>
        {premium && premiumUntil ? (
          <p className="subs-modal__until" data-testid="subscriptions-until">
            <Icon name="clock" size={16} strokeWidth={2} />
            {t('money.premium.until', { date: formatDate(premiumUntil, language) })}
          </p>
        ) : null}

        <ul className="subs-benefits">
          {BENEFITS.map((benefit) => (
            <li key={benefit.key} className="subs-benefits__item">
              <span className="subs-benefits__icon" aria-hidden="true">
                <Icon name={benefit.icon} size={18} strokeWidth={2} />
              </span>
              {t(`premium.benefits.${benefit.key}`)}
            </li>
          ))}
        </ul>

        {packages.length === 0 ? (
          <p className="muted subs-modal__none">{t('premium.noPackages')}</p>
        ) : (
          <div className="subs-packages" role="radiogroup" aria-label={t('premium.choose')}>
            {packages.map((pkg) => {
              const active = pkg.id === selected;
              return (
                <button
                  key={pkg.id}
                  type="button"
                  role="radio"
                  aria-checked={active}
                  className={`subs-package${active ? ' is-selected' : ''}${pkg.recommended === 1 ? ' is-recommended' : ''}`}
                  onClick={() => choose(pkg.id)}
                  data-testid="subscriptions-package"
                  data-package-id={pkg.id}
                >
                  {pkg.recommended === 1 ? (
                    <span className="subs-package__flag">{t('premium.recommended')}</span>
                  ) : null}
                  <PackageCheck checked={active} tickSize={14} className="subs-package__check" />
                  <span className="subs-package__months">
                    {t(monthsKey(pkg.months), { n: pkg.months })}
                  </span>
                  <span className="subs-package__price">
                    {t('premium.perMonth', {
                      price: formatMoney(pkg.price, language, pkg.currency),
                    })}
                  </span>
                  <span className="subs-package__total muted">
                    {t('premium.total', {
                      total: formatMoney(pkg.total, language, pkg.currency),
                    })}
                  </span>
                  {pkg.saves > 0 ? (
                    <span className="subs-package__saves">
                      {t('premium.saves', { percent: pkg.saves })}
                    </span>
                  ) : null}
                </button>
              );
            })}
          </div>
        )}

        <div className="subs-modal__actions">
          <p className="subs-modal__renew" data-testid="subscriptions-no-renew">
            <Icon name="refresh" size={16} strokeWidth={2} />
            <span>{t('money.premium.noRenew')}</span>
          </p>
          <PayButton
            purchase={purchase}
            type="premium"
            packageId={chosen?.id ?? null}
            label={
              chosen
                ? t('money.premium.pay', {
                    price: formatMoney(chosen.total, language, chosen.currency),
                  })
                : t('money.premium.choose')
            }
            className="subs-modal__buy"
            testId="subscriptions-buy"
          />
          <p className="subs-modal__notice" role="status" data-testid="subscriptions-notice">
            {purchase.failed ? t('money.payment.error') : ''}
          </p>
        </div>
        <p className="muted subs-modal__fine">
          <Icon name="lock" size={12} strokeWidth={2.2} /> {t('money.credits.secure')}
        </p>
      </div>
    </Modal>
  );
}
