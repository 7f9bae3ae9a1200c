// /landing and /landing-blue: the landing variants of the onboarding (spec §2), each a
// configuration of the one step engine (RegisterFlow, registerFlows.ts):
// - /landing: fifteen steps; for German visitors the ten-step version;
// - /landing-blue: about twenty-six (twenty-five) steps, one per extra, in blue;
// - ?layout=ads on either: the ads-landing layout, a compact page for ad traffic with the flow
//   right on it and nothing to scroll past first.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { SIGNUP_CREDITS } from '../../app/constants';
import { formatNumber } from '../../app/format';
import { AuthLayout } from './AuthLayout';
import { landingFlow } from './registerFlows';
import { RegisterFlow } from './RegisterFlow';
import { BrandMark, LanguagePicker, useAppStore } from './shell';
import './RegisterPage.css';
import './LandingFlowPage.css';

function LandingFrame({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <AuthLayout wide testId={testId}>
      {children}
    </AuthLayout>
  );
}

function BlueLandingFrame({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <AuthLayout wide testId={testId} theme="blue">
      {children}
    </AuthLayout>
  );
}

/** The ads-landing layout: a slim bar, one line of what Kesher is, and the flow at once. */
function AdsLandingFrame({
  children,
  testId,
  blue,
}: {
  children: ReactNode;
  testId: string;
  blue: boolean;
}) {
  const { t } = useTranslation();
  const language = useAppStore((s) => s.language);
  const credits = formatNumber(SIGNUP_CREDITS, language);
  return (
    <div
      className={`ads-landing${blue ? ' theme-blue' : ''}`}
      data-testid={testId}
      data-layout="ads"
    >
      <header className="ads-landing__bar">
        <Link to="/" className="ads-landing__brand">
          <BrandMark size={30} />
          <span>{t('auth.brand')}</span>
        </Link>
        <div className="ads-landing__actions">
          <LanguagePicker tone="onDark" />
          <Link to="/login" className="ads-landing__login" data-testid="ads-landing-login">
            {t('auth.landing.login')}
          </Link>
        </div>
      </header>
      <main className="ads-landing__main">
        <div className="ads-landing__pitch">
          <p className="ads-landing__title">{t('auth.tagline')}</p>
          <p className="ads-landing__kicker">{t('auth.landing.kicker', { credits })}</p>
        </div>
        <div className="auth-card card auth-card-wide ads-landing__card">{children}</div>
        <p className="ads-landing__disclosure muted">{t('auth.disclosure')}</p>
        <nav className="ads-landing__links" aria-label={t('auth.landing.footerNav')}>
          <Link to="/privacy">{t('auth.links.privacy')}</Link>
          <Link to="/terms-and-conditions">{t('auth.links.terms')}</Link>
        </nav>
      </main>
    </div>
  );
}

const AdsFrame = ({ children, testId }: { children: ReactNode; testId: string }) => (
  <AdsLandingFrame testId={testId} blue={false}>
    {children}
  </AdsLandingFrame>
);
const BlueAdsFrame = ({ children, testId }: { children: ReactNode; testId: string }) => (
  <AdsLandingFrame testId={testId} blue>
    {children}
  </AdsLandingFrame>
);

export default function LandingFlowPage() {
  const { pathname, search } = useLocation();
  const language = useAppStore((s) => s.language);
  const flow = landingFlow(pathname, language);
  const ads = new URLSearchParams(search).get('layout') === 'ads';
  const blue = flow.theme === 'blue';
  const frame = ads ? (blue ? BlueAdsFrame : AdsFrame) : blue ? BlueLandingFrame : LandingFrame;
  return (
    <RegisterFlow
      flow={flow}
      frame={frame}
      testId={ads ? 'ads-landing' : `landing-flow-${flow.id}`}
    />
  );
}
