// My likes and Matches: rows of people, newest first.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BREAKPOINT_WIDE } from '../../app/constants';
import { useAppStore } from '../../app/store';
import { useMediaQuery } from '../../app/useMediaQuery';
import type { PeopleListEntry, ProfileTarget, Totals } from '../../realtime/protocol';
import { openProfile } from '../people/store';
import type { IconName } from '../../ui/icons';
import { EmptyState } from '../../ui/EmptyState';
import { entryKey } from './entries';
import { ListHeader } from './ListHeader';
import { ListEnd } from './ListEnd';
import { PersonRow, RowSkeletons } from './PersonRow';
import { nowSeconds } from '../../ui/relativeTime';
import { useScrolledPeopleList } from './usePeopleList';
import './lists.css';

export interface RowListConfig {
  kind: 'mylikes' | 'matches';
  module: 'user/mylikes' | 'user/matches';
  target: ProfileTarget;
  icon: IconName;
  merge: (
    current: readonly PeopleListEntry[],
    incoming: readonly PeopleListEntry[],
  ) => PeopleListEntry[];
  total: (totals: Totals) => number;
}

const DESKTOP_QUERY = `(min-width: ${BREAKPOINT_WIDE}px)`;
const TICK_MS = 60_000;

export function RowListPage({ config }: { config: RowListConfig }) {
  const { kind } = config;
  const { t } = useTranslation();
  const totals = useAppStore((s) => s.totals);
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const list = useScrolledPeopleList(config.module, config.merge);
  const [now, setNow] = useState(nowSeconds);
  const { loaded, loading, ended, failed, loadMore } = list;

  useEffect(() => {
    const timer = setInterval(() => setNow(nowSeconds()), TICK_MS);
    return () => clearInterval(timer);
  }, []);

  const count = desktop ? list.items.length : totals ? config.total(totals) : list.items.length;
  const open = (id: number) => openProfile(id, config.target);

  return (
    <section className="list-page list-page--rows" data-testid={`${kind}-page`}>
      <ListHeader
        title={t(`lists.${kind}.title`)}
        count={loaded ? count : null}
        countTestId={`${kind}-count`}
      />

      {loaded && list.items.length === 0 && !failed ? (
        <EmptyState
          icon={config.icon}
          title={t(`lists.${kind}.empty`)}
          body={t(`lists.${kind}.emptyBody`)}
          testId={`${kind}-empty`}
          action={
            <Link to="/explore" className="btn btn-primary">
              {t(kind === 'mylikes' ? 'lists.mylikes.cta' : 'lists.findPeople')}
            </Link>
          }
        />
      ) : (
        <ul className="person-rows" aria-busy={loading}>
          {list.items.map((entry, index) => (
            <PersonRow
              key={entryKey(entry, index)}
              entry={entry}
              now={now}
              testId={kind === 'mylikes' ? 'mylikes-row' : 'matches-row'}
              onOpen={open}
              timeKey={`lists.${kind}.when`}
            />
          ))}
          {!loaded || (loading && !ended) ? <RowSkeletons count={loaded ? 1 : 6} /> : null}
        </ul>
      )}

      <ListEnd failed={failed} onRetry={() => void loadMore()} sentinel={list.sentinel} />
    </section>
  );
}
