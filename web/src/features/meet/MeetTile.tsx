import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../app/format';
import { useAppStore } from '../../app/store';
import type { Person } from '../../realtime/protocol';
import { LanguageBadge } from '../people/PersonBadges';
import { Icon } from '../../ui/icons';
import { PersonPhoto } from '../../ui/PersonPhoto';
import { PersonTile } from '../lists/PersonTile';
import '../lists/lists.css';

/** A Discover tile: photo, name and age, city, distance bucket, online dot, Virtual badge. */
export function MeetTile({ person, onOpen }: { person: Person; onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const language = useAppStore((s) => s.language);
  const distance =
    person.distance_km === null
      ? t('meet.distanceFar')
      : t('meet.distance', { km: formatNumber(person.distance_km, language) });
  return (
    <PersonTile
      testId="meet-tile"
      personId={person.id}
      label={t('meet.openProfile', { name: person.name, age: person.age })}
      photo={<PersonPhoto src={person.thumb ?? person.photo} name={person.name} seed={person.id} />}
      name={person.name}
      age={person.age}
      online={person.status === 1}
      story={person.has_story > 0}
      badges={
        <>
          {person.virtual === 1 ? (
            <span className="tile-badge tile-badge--virtual" title={t('meet.virtualHint')}>
              {t('meet.virtual')}
            </span>
          ) : null}
          <LanguageBadge person={person} className="tile-badge meet-tile__language" short />
        </>
      }
      details={
        <>
          {person.city ? <bdi className="meet-tile__city">{person.city}</bdi> : null}
          <span className="meet-tile__distance">
            <Icon name="pin" size={12} strokeWidth={2.2} />
            {distance}
          </span>
        </>
      }
      onClick={() => onOpen(person.id)}
    />
  );
}
