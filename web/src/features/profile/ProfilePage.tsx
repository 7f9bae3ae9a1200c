// The member's own profile (/profile): who they are, their balance, the way to edit the profile
// and its photos, to settings, the information pages and logout. On phones this is the only
// menu, so none of it may be missing.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber } from '../../app/format';
import { useAppStore } from '../../app/store';
import { ActivityCounters } from '../lists/ActivityCounters';
import { Avatar } from '../shell/Avatar';
import { thumbOf } from '../shell/avatar';
import { CoinIcon, FreeSpinIcon, Icon, type IconName } from '../../ui/icons';
import { openBoost, openWheel } from '../money/store';
import { LanguagePicker } from '../shell/LanguagePicker';
import { useLogout } from '../shell/useLogout';
import { ProfileEditOverlay } from './ProfileEditOverlay';
import { LazyExtrasSummary } from './extras/lazy';
import './ProfilePage.css';

/** Below this many photos the page suggests adding more. */
const SUGGEST_PHOTOS_BELOW = 3;

const LINKS: { to: string; icon: IconName; label: string }[] = [
  { to: '/settings', icon: 'settings', label: 'profile.links.settings' },
  { to: '/privacy', icon: 'shield', label: 'profile.links.privacy' },
  { to: '/terms-and-conditions', icon: 'card', label: 'profile.links.terms' },
  { to: '/support', icon: 'chat', label: 'profile.links.support' },
];

export default function ProfilePage() {
  const { t } = useTranslation();
  const user = useAppStore((s) => s.user);
  const language = useAppStore((s) => s.language);
  const { logOut, pending } = useLogout();
  const [editing, setEditing] = useState(false);
  if (!user) return null;
  const openEdit = () => setEditing(true);

  return (
    <section className="profile-page" data-testid="profile-page">
      <header className="profile-page__card">
        <button
          type="button"
          className="profile-page__avatar"
          onClick={openEdit}
          aria-label={t('profile.edit.open')}
          data-testid="profile-avatar"
        >
          <Avatar src={thumbOf(user)} name={user.name} size={96} ring />
          <span className="profile-page__avatar-badge" aria-hidden="true">
            <Icon name="camera" size={16} strokeWidth={2} />
          </span>
        </button>
        <div className="profile-page__who">
          <h1 className="profile-page__name" dir="auto">
            {t('profile.nameAge', { name: user.name, age: user.age })}
          </h1>
          {user.city ? <p className="muted profile-page__city">{user.city}</p> : null}
          {user.premium ? <span className="pill">{t('profile.premium')}</span> : null}
          <button
            type="button"
            className="profile-page__edit"
            onClick={openEdit}
            data-testid="profile-edit-open"
          >
            <Icon name="pencil" size={16} strokeWidth={2} />
            {t('profile.edit.open')}
          </button>
        </div>
      </header>

      <button
        type="button"
        className="profile-page__credits"
        onClick={() => useAppStore.getState().setCreditsModalOpen(true)}
        data-testid="profile-credits"
      >
        <CoinIcon size={32} />
        <span className="profile-page__credits-text">
          <strong>{formatNumber(user.credits, language)}</strong>
          <span className="muted">{t('profile.credits')}</span>
        </span>
        <span className="btn btn-primary profile-page__credits-cta">{t('profile.getCredits')}</span>
      </button>

      <div className="profile-page__extras">
        <button
          type="button"
          className="profile-page__extra"
          onClick={() => openBoost('boost')}
          data-testid="profile-boost"
        >
          <span
            className="profile-page__extra-icon profile-page__extra-icon--boost"
            aria-hidden="true"
          >
            <Icon name="flame" size={22} strokeWidth={2} />
          </span>
          <span className="profile-page__extra-text">
            <strong>{t('money.boost.entry')}</strong>
            <span className="muted">{t('money.boost.entryBody')}</span>
          </span>
        </button>
        <button
          type="button"
          className="profile-page__extra"
          onClick={openWheel}
          data-testid="profile-wheel"
        >
          <span className="profile-page__extra-icon" aria-hidden="true">
            <FreeSpinIcon size={30} />
          </span>
          <span className="profile-page__extra-text">
            <strong>{t('money.wheel.title')}</strong>
            <span className="muted">{t('money.wheel.lead')}</span>
          </span>
        </button>
      </div>

      <ActivityCounters />

      <LazyExtrasSummary
        extras={user.extras}
        showEmpty
        heading="h2"
        className="profile-page__about"
        testId="own-extras"
      />

      {user.photos.length < SUGGEST_PHOTOS_BELOW ? (
        <div className="profile-page__tip" data-testid="profile-photo-tip">
          <Icon name="sparkle" size={20} />
          <span>{t('profile.photoTip')}</span>
          <button type="button" className="profile-page__tip-action" onClick={openEdit}>
            {t('profile.photoTipAction')}
          </button>
        </div>
      ) : null}

      <nav className="profile-page__links" aria-label={t('profile.menu')}>
        {LINKS.map((link) => (
          <Link key={link.to} to={link.to} className="profile-page__link">
            <Icon name={link.icon} size={22} />
            <span>{t(link.label)}</span>
            <Icon name="chevron" size={16} className="icon-directional profile-page__chevron" />
          </Link>
        ))}
        <div className="profile-page__link profile-page__link--static">
          <Icon name="globe" size={22} />
          <span>{t('profile.language')}</span>
          <LanguagePicker />
        </div>
        <button
          type="button"
          className="profile-page__link profile-page__logout"
          onClick={logOut}
          disabled={pending}
          data-testid="profile-logout"
        >
          <Icon name="logout" size={22} />
          <span>{t('profile.logout')}</span>
        </button>
      </nav>
      {editing ? <ProfileEditOverlay onClose={() => setEditing(false)} /> : null}
    </section>
  );
}
