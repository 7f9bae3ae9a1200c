// The spotlight strip of the right column (spec §2): the most popular people with a photo.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../app/store';
import { gradientFor, initialsOf } from '../../ui/personPlaceholder';
import { openProfile, usePeopleStore } from '../people/store';
import { fetchSpotlight } from './api';
import '../../ui/PersonPhoto.css';
import './SpotlightStrip.css';

type LoadState = 'loading' | 'ready' | 'failed';

const SKELETONS = 5;

export function SpotlightStrip() {
  const { t } = useTranslation();
  const people = usePeopleStore((s) => s.spotlight);
  const signedIn = useAppStore((s) => s.authenticated);
  const [state, setState] = useState<LoadState>(() =>
    usePeopleStore.getState().spotlight.length > 0 ? 'ready' : 'loading',
  );

  useEffect(() => {
    if (!signedIn) return;
    let alive = true;
    void fetchSpotlight().then((people) => {
      if (!alive) return;
      if (people) {
        usePeopleStore.getState().setSpotlight(people);
        setState('ready');
      } else setState('failed');
    });
    return () => {
      alive = false;
    };
  }, [signedIn]);

  if (state !== 'ready' && people.length === 0) {
    return (
      <ul className="spotlight-strip" aria-hidden="true">
        {Array.from({ length: SKELETONS }, (_, i) => (
          <li key={i} className="spotlight-strip__slot">
            <span className="spotlight-strip__ring">
              <span className="spotlight-strip__photo skeleton" />
            </span>
            <span className="spotlight-strip__bar skeleton" />
          </li>
        ))}
      </ul>
    );
  }
  if (people.length === 0) {
    return <p className="muted spotlight-strip__empty">{t('meet.spotlight.empty')}</p>;
  }
  return (
    <ul className="spotlight-strip spotlight-strip--live" data-testid="spotlight-strip">
      {people.map((person) => (
        <li key={person.id} className="spotlight-strip__slot">
          <button
            type="button"
            className="spotlight-strip__item"
            onClick={() => openProfile(person.id, 'spotlight')}
            aria-label={t('meet.openProfile', { name: person.name, age: person.age })}
            data-testid="spotlight-item"
            data-person-id={person.id}
          >
            <span className="spotlight-strip__ring">
              {person.photo ? (
                <img
                  className="spotlight-strip__photo"
                  src={person.thumb ?? person.photo}
                  alt=""
                  loading="lazy"
                />
              ) : (
                <span
                  className="spotlight-strip__photo spotlight-strip__initials"
                  style={{ backgroundImage: gradientFor(person.id) }}
                >
                  {initialsOf(person.name)}
                </span>
              )}
              {person.status === 1 ? <span className="online-dot spotlight-strip__dot" /> : null}
            </span>
            <bdi className="spotlight-strip__name">{person.name}</bdi>
          </button>
        </li>
      ))}
    </ul>
  );
}
