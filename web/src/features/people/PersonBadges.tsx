// Small pieces that describe a person the same way on the deck, the profile and the match screen.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Person } from '../../realtime/protocol';
import { Icon } from '../../ui/icons';
import { initialsOf, placeholderGradient } from './display';
import './PersonBadges.css';

/**
 * "Tel Aviv · 10 km away", or "Tel Aviv, Israel · 10 km away" with the country; a person farther
 * than the last bucket shows the place only.
 */
export function useLocationLine(): (
  person: Pick<Person, 'city' | 'country' | 'distance_km'>,
  withCountry?: boolean,
) => string {
  const { t } = useTranslation();
  return (person, withCountry = false) => {
    const place = [person.city, withCountry ? person.country : ''].filter(Boolean).join(', ');
    // Isolated (FSI … PDI): a city in another script than the page's, such as a Hebrew one in the
    // English interface, would otherwise pull the distance's digits into its own direction.
    const parts = [place ? `\u2068${place}\u2069` : ''];
    if (person.distance_km !== null) parts.push(t('people.distance', { km: person.distance_km }));
    return parts.filter(Boolean).join(' · ');
  };
}

export function OnlineDot({ online, className }: { online: boolean; className?: string }) {
  const { t } = useTranslation();
  if (!online) return null;
  return (
    <span
      className={className ? `people-online-dot ${className}` : 'people-online-dot'}
      role="img"
      aria-label={t('people.online')}
    />
  );
}

/** The brief §6 disclosure where the user meets a virtual profile. */
export function VirtualBadge({ className, testId }: { className?: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span
      className={className ? `virtual-badge ${className}` : 'virtual-badge'}
      data-testid={testId}
    >
      <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
        <path
          d="M12 3 19.5 6v5.5c0 4.6-3.2 8-7.5 9.5-4.3-1.5-7.5-4.9-7.5-9.5V6z"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
        <path d="M12 8v5M12 16h.01" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      {t('people.virtualBadge')}
    </span>
  );
}

/**
 * "Profile in Hebrew" on someone who writes in another language than the one the viewer uses:
 * discovery shows them after the people in the viewer's language, and this says why the name
 * and bio are in another language (or script). `short` shows only the language's name.
 */
export function LanguageBadge({
  person,
  className,
  short = false,
}: {
  person: Pick<Person, 'language'>;
  className?: string;
  short?: boolean;
}) {
  const { t, i18n } = useTranslation();
  if (!person.language || person.language === i18n.language) return null;
  const language = t(`people.languageName.${person.language}`);
  const full = t('people.profileIn', { language });
  return (
    <span
      className={className ? `language-badge ${className}` : 'language-badge'}
      data-testid="language-badge"
      title={short ? full : undefined}
    >
      <Icon name="globe" size={13} strokeWidth={2} />
      {short ? (
        <>
          <span aria-hidden="true">{language}</span>
          <span className="visually-hidden">{full}</span>
        </>
      ) : (
        full
      )}
    </span>
  );
}

interface PersonPhotoProps {
  person: Pick<Person, 'id' | 'name'>;
  src: string | null;
  className?: string;
  alt?: string;
  /** Photos above the fold load eagerly. */
  eager?: boolean;
}

/** A person's photo filling its box, or a tasteful gradient with initials when there is none. */
export function PersonPhoto({ person, src, className, alt, eager }: PersonPhotoProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const classes = className ? `people-photo ${className}` : 'people-photo';
  if (src !== null && failed !== src) {
    return (
      <img
        className={classes}
        src={src}
        alt={alt ?? ''}
        draggable={false}
        loading={eager ? 'eager' : 'lazy'}
        onError={() => setFailed(src)}
      />
    );
  }
  return (
    <span
      className={`${classes} people-photo--placeholder`}
      style={{ backgroundImage: placeholderGradient(person.id) }}
      role={alt ? 'img' : undefined}
      aria-label={alt}
      aria-hidden={alt ? undefined : true}
    >
      <span className="people-photo__initials">{initialsOf(person.name)}</span>
    </span>
  );
}
