import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandMark, LanguagePicker } from './shell';
import './AuthLayout.css';

interface AuthLayoutProps {
  children: ReactNode;
  /** The onboarding uses a wider card for its choice grids. */
  wide?: boolean;
  testId?: string;
  /** 'blue': the blue landing's colours (LandingFlowPage.css). */
  theme?: 'default' | 'blue';
}

/**
 * The logged-out frame: a brand panel beside the form on wide screens, a slim brand bar above it
 * on phones. The disclosure sits in the panel because every guest page passes through here.
 */
export function AuthLayout({ children, wide = false, testId, theme = 'default' }: AuthLayoutProps) {
  const { t } = useTranslation();
  return (
    <div
      className={`auth-layout${theme === 'blue' ? ' theme-blue' : ''}`}
      data-testid={testId}
      data-theme={theme}
    >
      <aside className="auth-brand">
        <Link to="/" className="auth-brand-home">
          <BrandMark size={44} />
          <span className="auth-brand-name">{t('auth.brand')}</span>
        </Link>
        <div className="auth-brand-language">
          <LanguagePicker tone="onDark" />
        </div>
        <div className="auth-brand-copy">
          <p className="auth-brand-tagline">{t('auth.tagline')}</p>
          <p className="auth-brand-sub">{t('auth.layout.sub')}</p>
        </div>
        <p className="auth-brand-disclosure">{t('auth.disclosure')}</p>
      </aside>
      <main className="auth-main">
        <div className="auth-topbar">
          <Link to="/" className="auth-topbar-home" aria-label={t('auth.brand')}>
            <BrandMark size={32} />
            <span>{t('auth.brand')}</span>
          </Link>
          <div className="auth-topbar-language">
            <LanguagePicker tone="onDark" />
          </div>
        </div>
        <div className={`auth-card card${wide ? ' auth-card-wide' : ''}`}>{children}</div>
        <p className="auth-disclosure-mobile muted">{t('auth.disclosure')}</p>
      </main>
    </div>
  );
}
