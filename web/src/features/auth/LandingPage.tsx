import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SIGNUP_CREDITS } from '../../app/constants';
import { formatNumber } from '../../app/format';
import { loadMemberFigure, memberLineKey } from './memberCount';
import type { MemberFigure } from './memberCount';
import type { LanguageCode } from '../../realtime/protocol';
import { BrandMark, Icon, LanguagePicker, useAppStore } from './shell';
import type { IconName } from './shell';
import './LandingPage.css';

const FEATURES = ['slips', 'discover', 'stories', 'gifts'] as const;
const FEATURE_ICONS: Record<(typeof FEATURES)[number], IconName> = {
  slips: 'slips',
  discover: 'discover',
  stories: 'story',
  gifts: 'gift',
};

// Asked as soon as this chunk loads (main.tsx preloads it on the landing's paths), beside the
// rest of the first render.
if (typeof window !== 'undefined') void loadMemberFigure();

/** The real number of members, rounded down by the server, once it is known; nothing under 100
 *  or when it cannot be read. The line keeps its height either way (LandingPage.css). */
function MemberLine({ language }: { language: LanguageCode }) {
  const { t } = useTranslation();
  const [figure, setFigure] = useState<MemberFigure>(null);
  useEffect(() => {
    let live = true;
    void loadMemberFigure().then((value) => {
      if (live) setFigure(value);
    });
    return () => {
      live = false;
    };
  }, []);
  return (
    <p className="landing-members" data-testid="landing-members" aria-live="polite">
      {figure
        ? t(memberLineKey(figure), { members: formatNumber(figure.members, language) })
        : null}
    </p>
  );
}

/** "/": the logged-out home. Its first screen is pre-rendered into the index pages by
 *  web/build/landingPages.ts: keep the two in step. */
export default function LandingPage() {
  const { t } = useTranslation();
  const language = useAppStore((s) => s.language);
  const credits = formatNumber(SIGNUP_CREDITS, language);
  // Settings send a member here after they erased their account.
  const goodbye = useAppStore((s) => s.accountErased);

  return (
    <div className="landing" data-testid="landing-page">
      <header className="landing-top">
        <Link to="/" className="landing-logo">
          <BrandMark size={38} />
          <span>{t('auth.brand')}</span>
        </Link>
        <div className="landing-top-actions">
          <LanguagePicker tone="onDark" />
          <Link to="/login" className="landing-top-login" data-testid="landing-top-login">
            {t('auth.landing.login')}
          </Link>
        </div>
      </header>

      <main>
        <section className="landing-hero">
          <div className="landing-hero-copy">
            {goodbye ? (
              <p className="landing-goodbye" role="status" data-testid="landing-goodbye">
                {t('auth.landing.goodbye')}
              </p>
            ) : null}
            <p className="landing-kicker">{t('auth.landing.kicker', { credits })}</p>
            <h1 className="landing-title">{t('auth.tagline')}</h1>
            <p className="landing-sub">{t('auth.landing.sub')}</p>
            <div className="landing-ctas">
              <Link
                to="/register"
                className="btn btn-primary landing-cta"
                data-testid="landing-register"
              >
                {t('auth.landing.register')}
              </Link>
              <Link
                to="/login"
                className="btn landing-cta landing-cta-secondary"
                data-testid="landing-login"
              >
                {t('auth.landing.login')}
              </Link>
            </div>
            <MemberLine language={language} />
          </div>

          <div className="landing-visual" aria-hidden="true">
            <div className="landing-phone">
              <div className="landing-profile">
                <div className="landing-profile-photo" />
                <div className="landing-profile-meta">
                  <span className="landing-line landing-line-strong" />
                  <span className="landing-line" />
                </div>
              </div>
              <div className="landing-bubble landing-bubble-in">{t('auth.landing.bubbleIn')}</div>
              <div className="landing-bubble landing-bubble-out">{t('auth.landing.bubbleOut')}</div>
              <div className="landing-actions">
                <span className="landing-action">✕</span>
                <span className="landing-action landing-action-like">♥</span>
              </div>
            </div>
          </div>
        </section>

        <section className="landing-disclosure" data-testid="landing-disclosure">
          <div className="landing-disclosure-icon" aria-hidden="true">
            i
          </div>
          <div>
            <h2>{t('auth.landing.disclosureTitle')}</h2>
            <p>{t('auth.disclosure')}</p>
          </div>
        </section>

        <section className="landing-features" aria-labelledby="landing-features-title">
          <h2 id="landing-features-title" className="landing-section-title">
            {t('auth.landing.featuresTitle')}
          </h2>
          <ul className="landing-feature-list">
            {FEATURES.map((feature) => (
              <li key={feature} className="landing-feature">
                <span className="landing-feature-icon" aria-hidden="true">
                  <Icon name={FEATURE_ICONS[feature]} size={24} />
                </span>
                <h3>{t(`auth.landing.features.${feature}.title`)}</h3>
                <p className="muted">{t(`auth.landing.features.${feature}.body`)}</p>
              </li>
            ))}
          </ul>
        </section>

        <section className="landing-final">
          <h2>{t('auth.landing.finalTitle')}</h2>
          <p>{t('auth.landing.adultsOnly')}</p>
          <Link
            to="/register"
            className="btn btn-primary landing-cta"
            data-testid="landing-register-bottom"
          >
            {t('auth.landing.register')}
          </Link>
        </section>
      </main>

      <footer className="landing-footer">
        <nav aria-label={t('auth.landing.footerNav')}>
          <Link to="/privacy">{t('auth.links.privacy')}</Link>
          <Link to="/terms-and-conditions">{t('auth.links.terms')}</Link>
          <Link to="/support">{t('auth.links.support')}</Link>
        </nav>
        <p className="muted">{t('auth.landing.footerNote')}</p>
      </footer>
    </div>
  );
}
