// The wheel splash and the floating free-spin button (spec §2): only on /explore and /meet, only
// while the member has a free spin (sof_spin_available > 0). The button fades in 100 ms after it
// becomes visible; the splash shows once for each new spin.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { formatNumber } from '../../app/format';
import { useAppStore } from '../../app/store';
import { Modal } from '../../ui/Modal';
import { FreeSpinIcon } from '../../ui/icons';
import { freeSpinShown } from './freeSpinShown';
import { openWheel, useMoneyStore } from './store';
import './money.css';
import './wheel.css';

/** Spec §2: the button fades in this long after it becomes visible. */
export const FREE_SPIN_FADE_DELAY_MS = 100;

function FloatingButton() {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setShown(true), FREE_SPIN_FADE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <button
      type="button"
      className={`free-spin-fab${shown ? ' is-shown' : ''}`}
      onClick={openWheel}
      data-testid="free-spin-button"
    >
      <FreeSpinIcon size={26} />
      <span>{t('money.wheel.floating')}</span>
    </button>
  );
}

function Splash({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const language = useAppStore((s) => s.language);
  const prizes = useMoneyStore((s) => s.prizes);
  const max = Math.max(0, ...prizes.filter((p) => p.kind === 'coins').map((p) => p.amount));
  return (
    <Modal
      open
      onClose={onDone}
      labelledBy="wheel-splash-title"
      className="money-modal wheel-splash"
    >
      <div data-testid="wheel-splash">
        <div className="wheel-splash__art" aria-hidden="true">
          <FreeSpinIcon size={96} />
        </div>
        <h2 id="wheel-splash-title" className="money-modal__title">
          {t('money.wheel.splash.title')}
        </h2>
        {max > 0 ? (
          <p className="muted">
            {t('money.wheel.splash.body', { max: formatNumber(max, language) })}
          </p>
        ) : null}
        <button
          type="button"
          className="btn btn-primary btn-block"
          onClick={() => {
            onDone();
            openWheel();
          }}
          data-testid="wheel-splash-spin"
        >
          {t('money.wheel.splash.cta')}
        </button>
        <button type="button" className="btn btn-ghost btn-block" onClick={onDone}>
          {t('money.wheel.splash.later')}
        </button>
      </div>
    </Modal>
  );
}

export function FreeSpinHost() {
  const { pathname } = useLocation();
  const spins = useAppStore((s) => s.user?.sof_spin_available ?? 0);
  const wheelOpen = useMoneyStore((s) => s.wheelOpen);
  const seenFor = useMoneyStore((s) => s.splashSeenFor);
  if (!freeSpinShown(pathname, spins, wheelOpen)) return null;
  const splash = spins > seenFor;
  return (
    <>
      <FloatingButton />
      {splash ? <Splash onDone={() => useMoneyStore.getState().setSplashSeenFor(spins)} /> : null}
    </>
  );
}
