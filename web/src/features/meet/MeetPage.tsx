// /meet (spec §2 "Discover"): the meet and popular tabs, a grid of people, 24 a page with
// infinite scroll. A tile opens the profile modal.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../ui/EmptyState';
import { LoadError } from '../lists/LoadError';
import { Icon } from '../../ui/icons';
import { TileSkeletons } from '../lists/PersonTile';
import { useInView } from '../lists/useInView';
import { openProfile } from '../people/store';
import { openBoost } from '../money/store';
import { MeetTile } from './MeetTile';
import type { MeetTab } from './api';
import { useDiscoveryList } from './useDiscoveryList';
import '../lists/lists.css';
import './meet.css';

const TABS: readonly MeetTab[] = ['meet', 'popular'];

export default function MeetPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: MeetTab = params.get('tab') === 'popular' ? 'popular' : 'meet';
  const { people, loading, loaded, ended, failed, loadMore } = useDiscoveryList(tab);
  const [sentinel, nearEnd] = useInView<HTMLDivElement>('800px');

  useEffect(() => {
    if (nearEnd && loaded && !loading && !ended && !failed && people.length > 0) void loadMore();
  }, [nearEnd, loaded, loading, ended, failed, people.length, loadMore]);

  const select = (next: MeetTab) => {
    if (next === tab) return;
    setParams(next === 'popular' ? { tab: 'popular' } : {}, { replace: true });
  };

  const empty = loaded && !loading && !failed && people.length === 0;

  return (
    <section className="meet-page" data-testid="meet-page">
      <header className="meet-page__header">
        <div>
          <div className="meet-page__titlerow">
            <h1 className="meet-page__title">{t('meet.title')}</h1>
            <button
              type="button"
              className="meet-page__boost"
              onClick={() => openBoost('boost')}
              data-testid="meet-boost"
            >
              <Icon name="flame" size={15} strokeWidth={2.2} />
              {t('money.boost.cta')}
            </button>
          </div>
          <p className="muted meet-page__lead">{t(`meet.lead.${tab}`)}</p>
        </div>
        <div className="meet-tabs" role="tablist" aria-label={t('meet.tabsLabel')}>
          {TABS.map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              id={`meet-tab-${name}`}
              aria-selected={tab === name}
              aria-controls="meet-panel"
              className={`meet-tabs__tab${tab === name ? ' is-active' : ''}`}
              onClick={() => select(name)}
              data-testid={`meet-tab-${name}`}
            >
              <Icon name={name === 'meet' ? 'pin' : 'flame'} size={16} strokeWidth={2} />
              {t(`meet.tabs.${name}`)}
            </button>
          ))}
        </div>
      </header>

      <div id="meet-panel" role="tabpanel" aria-labelledby={`meet-tab-${tab}`}>
        {empty ? (
          <EmptyState
            icon="discover"
            title={t('meet.empty.title')}
            body={t('meet.empty.body')}
            testId="meet-empty"
            action={
              <Link to="/settings" className="btn btn-primary">
                {t('meet.empty.cta')}
              </Link>
            }
          />
        ) : (
          <div className="people-grid people-grid--meet" aria-busy={loading}>
            {people.map((person) => (
              <MeetTile key={person.id} person={person} onOpen={(id) => openProfile(id, tab)} />
            ))}
            {loading || !loaded ? <TileSkeletons count={people.length === 0 ? 8 : 4} /> : null}
          </div>
        )}

        {failed ? (
          <LoadError
            message={t('meet.error')}
            retryLabel={t('meet.retry')}
            onRetry={() => void loadMore()}
          />
        ) : null}
        {ended && people.length > 0 ? (
          <p className="muted meet-page__end">{t('meet.end')}</p>
        ) : null}
        <div ref={sentinel} className="list-sentinel" aria-hidden="true" />
      </div>
    </section>
  );
}
