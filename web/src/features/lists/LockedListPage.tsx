// Likes me and Visitors (spec §2): a grid of people that is locked for non-premium members. The
// server sends locked entries without id or photo (docs/protocol.md), so a locked card draws an
// abstract placeholder and tapping it opens the subscriptions modal.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { BREAKPOINT_LIKES } from '../../app/constants';
import { useAppStore } from '../../app/store';
import { useMediaQuery } from '../../app/useMediaQuery';
import { realtime } from '../../realtime';
import type { PeopleListEntry, Totals } from '../../realtime/protocol';
import { openProfile } from '../people/store';
import { openSubscriptions } from '../premium/store';
import { EmptyState } from './EmptyState';
import { entryKey, mergeEntries, seedOf } from './entries';
import { Icon } from '../shell/icons';
import { ListHeader } from './ListHeader';
import { LoadError } from './LoadError';
import { LockedPhoto, PersonPhoto } from './PersonPhoto';
import { PersonTile, TileSkeletons } from './PersonTile';
import { refreshTotals } from './useTotals';
import { useInView } from './useInView';
import { usePeopleList } from './usePeopleList';
import './lists.css';

export interface LockedListConfig {
  kind: 'likesme' | 'visitors';
  module: 'user/fans' | 'user/visitors';
  seenModule: 'user/fans/seen' | 'user/visitors/seen';
  total: (totals: Totals) => number;
}

const DESKTOP_QUERY = `(min-width: ${BREAKPOINT_LIKES}px)`;

/** Marks the list as seen (fans_new or visits_new drop to 0), then refreshes the counters. */
async function markSeen(module: LockedListConfig['seenModule']) {
  try {
    const reply = await realtime.request(module, {});
    if (reply.request_status === 1) await refreshTotals();
  } catch {
    // The badge stays until the next visit.
  }
}

export function LockedListPage({ config }: { config: LockedListConfig }) {
  const { kind } = config;
  const { t } = useTranslation();
  const premium = useAppStore((s) => s.user?.premium === 1);
  const totals = useAppStore((s) => s.totals);
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const list = usePeopleList(config.module, mergeEntries);
  const [sentinel, nearEnd] = useInView<HTMLDivElement>();
  const { loaded, loading, ended, failed, loadMore } = list;

  useEffect(() => {
    void markSeen(config.seenModule);
  }, [config.seenModule]);

  useEffect(() => {
    if (nearEnd && loaded && !loading && !ended && !failed) void loadMore();
  }, [nearEnd, loaded, loading, ended, failed, loadMore]);

  // Spec §2: phones show the count (the total), desktop the length of the list.
  const count = desktop ? list.items.length : totals ? config.total(totals) : list.items.length;
  const anyLocked = !premium || list.items.some((entry) => entry.locked === 1);

  const open = (entry: PeopleListEntry) => {
    if (premium && entry.locked !== 1 && entry.id !== null) openProfile(entry.id, kind);
    else openSubscriptions();
  };

  return (
    <section
      className={`list-page list-page--grid${anyLocked ? ' list-page--locked' : ''}`}
      data-testid={`${kind}-page`}
    >
      <ListHeader
        title={t(`lists.${kind}.title`)}
        count={loaded ? count : null}
        countTestId={`${kind}-count`}
      />

      {loaded && list.items.length === 0 && !failed ? (
        <EmptyState
          icon={kind === 'likesme' ? 'heart' : 'eye'}
          title={t(`lists.${kind}.empty`)}
          body={t(`lists.${kind}.emptyBody`)}
          testId={`${kind}-empty`}
        />
      ) : (
        <div className="people-grid people-grid--likes" aria-busy={loading}>
          {list.items.map((entry, index) => {
            const locked = !premium || entry.locked === 1 || entry.id === null;
            const seed = entry.id ?? seedOf(`${entry.name}${entry.time}${index}`);
            return (
              <PersonTile
                key={entryKey(entry, index)}
                testId={`${kind}-card`}
                personId={locked ? null : entry.id}
                locked={locked}
                label={
                  locked
                    ? t('lists.lockedCard', { name: entry.name })
                    : t('lists.openProfile', { name: entry.name })
                }
                photo={
                  locked ? (
                    <LockedPhoto seed={seed} />
                  ) : (
                    <PersonPhoto src={entry.photo} name={entry.name} seed={seed} />
                  )
                }
                name={entry.name}
                age={entry.age}
                details={entry.city ? <bdi>{entry.city}</bdi> : null}
                // Spec §2: non-premium members don't see who is online on phones.
                online={entry.status === 1 && (premium || desktop)}
                story={entry.story > 0}
                onClick={() => open(entry)}
              />
            );
          })}
          {!loaded || (loading && !ended) ? <TileSkeletons count={loaded ? 2 : 6} /> : null}
        </div>
      )}

      {failed ? (
        <LoadError
          message={t('lists.error')}
          retryLabel={t('lists.retry')}
          onRetry={() => void loadMore()}
        />
      ) : null}

      <div ref={sentinel} className="list-sentinel" aria-hidden="true" />

      {!premium ? (
        <div className="locked-cta" role="region" aria-label={t(`lists.${kind}.lockedTitle`)}>
          <span className="locked-cta__icon" aria-hidden="true">
            <Icon name="crown" size={22} />
          </span>
          <span className="locked-cta__text">
            <strong>{t(`lists.${kind}.lockedTitle`)}</strong>
            <span>{t(`lists.${kind}.lockedBody`)}</span>
          </span>
          <button
            type="button"
            className="btn btn-primary locked-cta__button"
            onClick={openSubscriptions}
            data-testid={`${kind}-get-premium`}
          >
            {t('lists.getPremium')}
          </button>
        </div>
      ) : null}
    </section>
  );
}
