// The "activity" section of /profile: four counters from totals, each leading to its list.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber } from '../../app/format';
import { useAppStore } from '../../app/store';
import type { Totals } from '../../realtime/protocol';
import { Icon, type IconName } from '../../ui/icons';
import { useTotals } from './useTotals';
import './lists.css';

interface Counter {
  key: 'likesme' | 'mylikes' | 'visitors' | 'matches';
  to: string;
  icon: IconName;
  total: (totals: Totals) => number;
  fresh?: (totals: Totals) => number;
}

const COUNTERS: readonly Counter[] = [
  {
    key: 'likesme',
    to: '/likesme',
    icon: 'heart',
    total: (x) => x.fans.total,
    fresh: (x) => x.fans_new,
  },
  { key: 'mylikes', to: '/mylikes', icon: 'heartOutline', total: (x) => x.mylikes.total },
  {
    key: 'visitors',
    to: '/visitors',
    icon: 'eye',
    total: (x) => x.visitors.total,
    fresh: (x) => x.visits_new,
  },
  { key: 'matches', to: '/match', icon: 'sparkle', total: (x) => x.matches.total },
];

export function ActivityCounters() {
  const { t } = useTranslation();
  const totals = useTotals();
  const language = useAppStore((s) => s.language);
  return (
    <section className="activity" aria-labelledby="profile-activity-title">
      <h2 id="profile-activity-title" className="activity__title">
        {t('lists.activity.title')}
      </h2>
      <ul className="activity__grid">
        {COUNTERS.map((counter) => {
          const fresh = totals && counter.fresh ? counter.fresh(totals) : 0;
          return (
            <li key={counter.key}>
              <Link
                to={counter.to}
                className={`activity__item activity__item--${counter.key}`}
                data-testid={`profile-activity-${counter.key}`}
              >
                <span className="activity__icon" aria-hidden="true">
                  <Icon name={counter.icon} size={20} strokeWidth={2} />
                </span>
                <span className="activity__number">
                  {totals ? formatNumber(counter.total(totals), language) : '–'}
                </span>
                <span className="activity__label">{t(`lists.activity.${counter.key}`)}</span>
                {fresh > 0 ? (
                  <span
                    className="badge activity__badge"
                    aria-label={t('lists.activity.new', { n: fresh })}
                    data-testid={`profile-activity-${counter.key}-new`}
                  >
                    {formatNumber(fresh, language)}
                  </span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
