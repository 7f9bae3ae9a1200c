// Shown while the first session/validate is still out, so a guard never decides on a guess.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandMark } from './BrandLogo';
import './LoadingScreen.css';

const SLOW_AFTER_MS = 4000;

export function LoadingScreen() {
  const { t } = useTranslation();
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), SLOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className="loading-screen" role="status" aria-live="polite">
      <div className="loading-screen__mark">
        <span className="loading-screen__ring" />
        <BrandMark size={72} />
      </div>
      <p className="loading-screen__text">
        {slow ? t('common.loading.slow') : t('common.loading.label')}
      </p>
    </div>
  );
}

/** A quiet spinner for lazy pages inside a layout that is already on screen. */
export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="page-spinner" role="status">
      <span className="page-spinner__dot" />
      <span className="page-spinner__dot" />
      <span className="page-spinner__dot" />
      <span className="visually-hidden">{t('common.loading.label')}</span>
    </div>
  );
}
