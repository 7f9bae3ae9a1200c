// The bottom menu under 865 px (spec §2 "Bottom tab bar").
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { formatNumber } from '../../app/format';
import { isActivePath, tabBarMode } from '../../app/navigation';
import { useAppStore } from '../../app/store';
import { Avatar } from './Avatar';
import { thumbOf } from './avatar';
import { CoinIcon, Icon, type IconName } from '../../ui/icons';
import './TabBar.css';

const TABS: { to: string; icon: IconName; label: string }[] = [
  { to: '/explore', icon: 'slips', label: 'common.nav.explore' },
  { to: '/meet', icon: 'discover', label: 'common.nav.meet' },
  { to: '/stories', icon: 'story', label: 'common.nav.stories' },
  { to: '/contacts', icon: 'chat', label: 'common.nav.contacts' },
];

export function TabBar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const user = useAppStore((s) => s.user);
  const unread = useAppStore((s) => s.unreadTotal);
  const language = useAppStore((s) => s.language);
  const mode = tabBarMode(pathname);
  if (mode === 'hidden') return null;

  return (
    <nav className={`tab-bar tab-bar--${mode}`} aria-label={t('common.nav.tabs')}>
      {TABS.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          className={({ isActive }) =>
            // An open chat belongs to the Chats tab.
            isActive || (tab.to === '/contacts' && isActivePath(pathname, '/chat'))
              ? 'tab-bar__item active'
              : 'tab-bar__item'
          }
          onClick={(event) => {
            // Tapping Chats again while on it scrolls the list back to the top (spec §2).
            if (tab.to === '/contacts' && pathname === '/contacts') {
              event.preventDefault();
              window.scrollTo({ top: 0, behavior: 'smooth' });
            }
          }}
        >
          <span className="tab-bar__icon">
            <Icon name={tab.icon} size={26} />
            {tab.to === '/contacts' && unread > 0 && (
              <span
                className="badge tab-bar__badge"
                aria-label={t('common.nav.unread', { count: unread })}
              >
                {unread > 99 ? '99+' : formatNumber(unread, language)}
              </span>
            )}
          </span>
          <span className="tab-bar__label">{t(tab.label)}</span>
        </NavLink>
      ))}
      <NavLink to="/profile" className="tab-bar__item">
        <span className="tab-bar__icon tab-bar__avatar">
          <Avatar src={thumbOf(user)} size={28} />
          {user ? (
            <span
              className="tab-bar__credits"
              aria-label={t('common.credits.balance', {
                amount: formatNumber(user.credits, language),
              })}
              data-testid="tabbar-credits"
            >
              <CoinIcon size={11} />
              {formatNumber(user.credits, language)}
            </span>
          ) : null}
        </span>
        <span className="tab-bar__label">{t('common.nav.profile')}</span>
      </NavLink>
    </nav>
  );
}
