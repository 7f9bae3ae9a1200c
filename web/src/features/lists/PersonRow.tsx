// A row of My likes or Matches: photo, name and online dot, when, and where.
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../app/store';
import type { PeopleListEntry } from '../../realtime/protocol';
import { Icon } from '../../ui/icons';
import { OnlineDot, PersonPhoto } from '../../ui/PersonPhoto';
import { formatRelativeTime } from '../../ui/relativeTime';
import './lists.css';

interface PersonRowProps {
  entry: PeopleListEntry;
  now: number;
  testId: string;
  onOpen: (id: number) => void;
  /** Translation key of the time line, with {{when}}. */
  timeKey: string;
}

export function PersonRow({ entry, now, testId, onOpen, timeKey }: PersonRowProps) {
  const { t } = useTranslation();
  const language = useAppStore((s) => s.language);
  const place = [entry.city, entry.country].filter((part) => part && part.trim()).join(', ');
  const id = entry.id;
  const open = () => onOpen(id);
  return (
    <li className="person-row" data-testid={testId} data-person-id={id}>
      <button
        type="button"
        className="person-row__photo"
        onClick={open}
        aria-label={t('lists.openProfile', { name: entry.name })}
      >
        <PersonPhoto src={entry.photo} name={entry.name} seed={id} />
        {entry.status === 1 ? <OnlineDot className="person-row__dot" /> : null}
      </button>
      <button type="button" className="person-row__body" onClick={open} tabIndex={-1}>
        <span className="person-row__name">
          <bdi>{entry.name}</bdi>
          {entry.age ? <span className="person-row__age">, {entry.age}</span> : null}
        </span>
        {place ? (
          <span className="person-row__place muted">
            <bdi>{place}</bdi>
          </span>
        ) : null}
        <time className="person-row__time" dateTime={new Date(entry.time * 1000).toISOString()}>
          {t(timeKey, { when: formatRelativeTime(entry.time, now, language) })}
        </time>
      </button>
      <Icon name="chevron" size={18} className="person-row__chevron" />
    </li>
  );
}

export function RowSkeletons({ count }: { count: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="person-row person-row--skeleton" aria-hidden="true">
          <span className="person-row__photo skeleton" />
          <span className="person-row__body">
            <span className="skeleton person-row__bar" />
            <span className="skeleton person-row__bar person-row__bar--short" />
          </span>
        </li>
      ))}
    </>
  );
}
