// Stands in for a screen that is not built yet, inside the real layout, so navigation works end
// to end while the feature teams fill the routes in.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon, type IconName } from '../../ui/icons';
import './ComingSoon.css';

export type PlaceholderPage =
  | 'explore'
  | 'meet'
  | 'stories'
  | 'contacts'
  | 'likesme'
  | 'mylikes'
  | 'visitors'
  | 'match'
  | 'chat'
  | 'check'
  | 'reconnect'
  | 'paymentsRedirect';

const ICONS: Record<PlaceholderPage, IconName> = {
  explore: 'slips',
  meet: 'discover',
  stories: 'story',
  contacts: 'chat',
  likesme: 'heart',
  mylikes: 'heartOutline',
  visitors: 'eye',
  match: 'sparkle',
  chat: 'chat',
  check: 'shield',
  reconnect: 'refresh',
  paymentsRedirect: 'card',
};

export function ComingSoon({ page }: { page: PlaceholderPage }) {
  const { t } = useTranslation();
  return (
    <section className="coming-soon" aria-labelledby="coming-soon-title">
      <div className="coming-soon__art" aria-hidden="true">
        <span className="coming-soon__blob coming-soon__blob--a" />
        <span className="coming-soon__blob coming-soon__blob--b" />
        <span className="coming-soon__icon">
          <Icon name={ICONS[page]} size={44} strokeWidth={1.6} />
        </span>
      </div>
      <p className="pill">{t('common.comingSoon.badge')}</p>
      <h1 id="coming-soon-title" className="coming-soon__title">
        {t(`common.pages.${page}.title`)}
      </h1>
      <p className="coming-soon__desc">{t(`common.pages.${page}.desc`)}</p>
      <p className="muted coming-soon__body">{t('common.comingSoon.body')}</p>
      {page !== 'explore' && (
        <Link to="/explore" className="btn btn-secondary">
          {t('common.comingSoon.cta')}
        </Link>
      )}
    </section>
  );
}
