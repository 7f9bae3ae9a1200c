// The left column at 865 px and wider (spec §2): who I am, my credits, where to go.
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { formatNumber } from '../../app/format';
import { useAppStore } from '../../app/store';
import { Avatar } from './Avatar';
import { thumbOf } from './avatar';
import { BrandLogo } from './BrandLogo';
import { CoinIcon, Icon, type IconName } from '../../ui/icons';
import { useLogout } from './useLogout';
import './SideColumn.css';
import './SideNav.css';

const NAV: { to: string; icon: IconName; label: string }[] = [
  { to: '/explore', icon: 'slips', label: 'common.nav.explore' },
  { to: '/meet', icon: 'discover', label: 'common.nav.meet' },
  { to: '/stories', icon: 'story', label: 'common.nav.stories' },
];

function CreditsButton({ credits }: { credits: number }) {
  const { t } = useTranslation();
  const language = useAppStore((s) => s.language);
  const amount = formatNumber(credits, language);
  return (
    <button
      type="button"
      className="side-nav__credits"
      onClick={() => useAppStore.getState().setCreditsModalOpen(true)}
      aria-label={t('common.credits.balance', { amount })}
    >
      <CoinIcon size={28} />
      <span className="side-nav__credits-text">
        <span className="side-nav__credits-amount">{amount}</span>
        <span className="side-nav__credits-label">{t('common.credits.label')}</span>
      </span>
      <span className="side-nav__credits-plus" aria-hidden="true">
        +
      </span>
    </button>
  );
}

function GuestActions() {
  const { t } = useTranslation();
  return (
    <div className="side-nav__guest">
      <Link to="/register" className="btn btn-primary btn-block">
        {t('common.nav.join')}
      </Link>
      <Link to="/login" className="btn btn-secondary btn-block">
        {t('common.nav.login')}
      </Link>
    </div>
  );
}

export function SideNav() {
  const { t } = useTranslation();
  const user = useAppStore((s) => s.user);
  const { logOut, pending } = useLogout();

  return (
    <aside className="side-column side-nav">
      <Link
        to={user ? '/explore' : '/'}
        className="side-nav__logo"
        aria-label={t('common.a11y.home')}
      >
        <BrandLogo />
      </Link>

      {user ? (
        <>
          <Link to="/profile" className="side-nav__me">
            <Avatar src={thumbOf(user)} name={user.name} size={56} ring />
            <span className="side-nav__me-text">
              <span className="side-nav__name" dir="auto">
                {user.name}
              </span>
              <span className="side-nav__view">
                {t('common.nav.viewProfile')}
                <Icon name="chevron" size={14} />
              </span>
            </span>
          </Link>
          <CreditsButton credits={user.credits} />
          <nav className="side-nav__nav" aria-label={t('common.nav.main')}>
            {NAV.map((item) => (
              <NavLink key={item.to} to={item.to} className="side-nav__link">
                <Icon name={item.icon} size={22} />
                <span>{t(item.label)}</span>
              </NavLink>
            ))}
          </nav>
          <div className="side-nav__footer">
            <NavLink to="/settings" className="side-nav__link side-nav__link--quiet">
              <Icon name="settings" size={22} />
              <span>{t('common.nav.settings')}</span>
            </NavLink>
            <button
              type="button"
              className="side-nav__link side-nav__link--quiet"
              onClick={logOut}
              disabled={pending}
            >
              <Icon name="logout" size={22} />
              <span>{t('common.nav.logout')}</span>
            </button>
          </div>
        </>
      ) : (
        <GuestActions />
      )}
    </aside>
  );
}
