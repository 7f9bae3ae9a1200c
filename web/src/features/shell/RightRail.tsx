// The right column at 865 px and wider: spotlight strip and contacts list (spec §2).
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppStore } from '../../app/store';
import { ContactsList } from '../chat/ContactsList';
import { SpotlightStrip } from '../meet/SpotlightStrip';
import { Icon } from '../../ui/icons';
import './SideColumn.css';
import './RightRail.css';

export function RightRail() {
  const { t } = useTranslation();
  const signedIn = useAppStore((s) => s.authenticated);
  const empty = (
    <div className="rail-empty" data-testid="contacts-empty">
      <span className="rail-empty__art" aria-hidden="true">
        <Icon name="chat" size={34} strokeWidth={1.5} />
        <span className="rail-empty__heart">
          <Icon name="heart" size={16} strokeWidth={2.2} />
        </span>
      </span>
      <p className="rail-empty__title">{t('common.contactsPanel.empty')}</p>
      <p className="muted rail-empty__body">{t('common.contactsPanel.body')}</p>
      <Link to="/explore" className="btn btn-primary">
        {t('common.contactsPanel.cta')}
      </Link>
    </div>
  );
  return (
    <aside className="side-column right-rail">
      <section className="rail-card" aria-labelledby="rail-spotlight">
        <h2 id="rail-spotlight" className="rail-card__title">
          <Icon name="sparkle" size={18} />
          {t('common.spotlight.title')}
        </h2>
        <SpotlightStrip />
      </section>

      <section className="rail-card rail-card--grow" aria-labelledby="rail-contacts">
        <h2 id="rail-contacts" className="rail-card__title">
          <Icon name="chat" size={18} />
          {t('common.contactsPanel.title')}
        </h2>
        {signedIn ? <ContactsList empty={empty} /> : empty}
      </section>
    </aside>
  );
}
