// Likes me and Visitors (spec §2): a grid of people that is locked for non-premium members. For
// them the server sends only how many there are and, for each, at most a heavily blurred copy of
// the first photo (docs/protocol.md: a locked entry is {"locked": 1, "photo": … | null}), so the
// page shows the count and blurred pictures or shapes, and a tap opens the subscriptions modal.
// Premium members get the people and open their profiles.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { BREAKPOINT_LIKES } from '../../app/constants';
import { formatNumber } from '../../app/format';
import { useAppStore } from '../../app/store';
import { useMediaQuery } from '../../app/useMediaQuery';
import type { PeopleListEntry, Totals } from '../../realtime/protocol';
import { openProfile } from '../people/store';
import { openSubscriptions } from '../premium/store';
import { EmptyState } from '../../ui/EmptyState';
import { markListSeen } from './api';
import { entryKey, mergeEntries } from './entries';
import { Icon } from '../../ui/icons';
import { ListHeader } from './ListHeader';
import { ListEnd } from './ListEnd';
import { PersonPhoto } from '../../ui/PersonPhoto';
import { LockedPhoto } from './LockedPhoto';
import { LockedTile, PersonTile, TileSkeletons } from './PersonTile';
import { refreshTotals } from './useTotals';
import { useScrolledPeopleList } from './usePeopleList';
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
  // On a failure the badge stays until the next visit.
  if (await markListSeen(module)) await refreshTotals();
}

/** The top of a locked list: how many, and what premium reveals. */
function LockedTeaser({
  kind,
  count,
  photos,
}: {
  kind: LockedListConfig['kind'];
  count: number;
  /** The blurred photos of the first locked entries, for the three faces. */
  photos: (string | null)[];
}) {
  const { t } = useTranslation();
  const language = useAppStore((s) => s.language);
  const headline =
    count === 1
      ? t(`lists.${kind}.teaserOne`)
      : t(`lists.${kind}.teaserMany`, { count: formatNumber(count, language) });
  return (
    <button
      type="button"
      className="locked-teaser"
      onClick={openSubscriptions}
      data-testid={`${kind}-teaser`}
    >
      <span className="locked-teaser__faces" aria-hidden="true">
        {[0, 1, 2].map((seed) => (
          <span key={seed} className="locked-teaser__face">
            <LockedPhoto seed={seed + 1} photo={photos[seed] ?? null} decorative />
          </span>
        ))}
        <span className="locked-teaser__badge">
          <Icon name={kind === 'likesme' ? 'heart' : 'eye'} size={16} />
        </span>
      </span>
      <span className="locked-teaser__text">
        <strong className="locked-teaser__headline">{headline}</strong>
        <span className="locked-teaser__body">{t(`lists.${kind}.teaserBody`)}</span>
      </span>
    </button>
  );
}

export function LockedListPage({ config }: { config: LockedListConfig }) {
  const { kind } = config;
  const { t } = useTranslation();
  const premium = useAppStore((s) => s.user?.premium === 1);
  const totals = useAppStore((s) => s.totals);
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const list = useScrolledPeopleList(config.module, mergeEntries);
  const { loaded, loading, ended, failed, loadMore } = list;

  useEffect(() => {
    void markSeen(config.seenModule);
  }, [config.seenModule]);

  const total = totals ? config.total(totals) : list.items.length;
  // Spec §2: phones show the count (the total), desktop the length of the list.
  const count = desktop ? list.items.length : total;
  // The server decides: an entry is locked when it says so, whatever this client believes.
  const anyLocked = list.items.some((entry) => entry.locked === 1);
  const blurredPhotos = list.items
    .map((entry) => (entry.locked === 1 ? entry.photo : null))
    .filter((photo): photo is string => photo !== null)
    .slice(0, 3);

  const open = (entry: PeopleListEntry) => openProfile(entry.id, kind);

  return (
    <section
      className={`list-page list-page--grid${!premium || anyLocked ? ' list-page--locked' : ''}`}
      data-testid={`${kind}-page`}
    >
      <ListHeader
        title={t(`lists.${kind}.title`)}
        count={loaded ? count : null}
        countTestId={`${kind}-count`}
      />

      {loaded && anyLocked ? (
        <LockedTeaser
          kind={kind}
          count={Math.max(total, list.items.length)}
          photos={blurredPhotos}
        />
      ) : null}

      {loaded && list.items.length === 0 && !failed ? (
        <EmptyState
          icon={kind === 'likesme' ? 'heart' : 'eye'}
          title={t(`lists.${kind}.empty`)}
          body={t(`lists.${kind}.emptyBody`)}
          testId={`${kind}-empty`}
        />
      ) : (
        <div className="people-grid people-grid--likes" aria-busy={loading}>
          {list.items.map((entry, index) =>
            entry.locked === 1 ? (
              <LockedTile
                key={entryKey(entry, index)}
                testId={`${kind}-card`}
                label={t('lists.lockedCard')}
                seed={index}
                photo={entry.photo}
                onClick={openSubscriptions}
              />
            ) : (
              <PersonTile
                key={entryKey(entry, index)}
                testId={`${kind}-card`}
                personId={entry.id}
                locked={false}
                label={t('lists.openProfile', { name: entry.name })}
                photo={<PersonPhoto src={entry.photo} name={entry.name} seed={entry.id} />}
                name={entry.name}
                age={entry.age}
                details={entry.city ? <bdi>{entry.city}</bdi> : null}
                online={entry.status === 1}
                story={entry.story > 0}
                onClick={() => open(entry)}
              />
            ),
          )}
          {!loaded || (loading && !ended) ? <TileSkeletons count={loaded ? 2 : 6} /> : null}
        </div>
      )}

      <ListEnd failed={failed} onRetry={() => void loadMore()} sentinel={list.sentinel} />

      {!premium || anyLocked ? (
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
