// A person's picture filling its frame; without one (or when it fails to load) a gradient with
// the person's initials. LockedPhoto stands in for a person the server did not name.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { gradientFor, initialsOf } from './entries';
import { Icon } from '../shell/icons';

interface PersonPhotoProps {
  src: string | null;
  name: string;
  seed: number;
  className?: string;
}

export function PersonPhoto({ src, name, seed, className }: PersonPhotoProps) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState<string | null>(null);
  const classes = className ? `person-photo ${className}` : 'person-photo';
  if (src && failed !== src) {
    return (
      <img
        className={classes}
        src={src}
        alt={t('common.a11y.photoOf', { name })}
        loading="lazy"
        decoding="async"
        onError={() => setFailed(src)}
      />
    );
  }
  return (
    <span
      className={`${classes} person-photo--empty`}
      style={{ backgroundImage: gradientFor(seed) }}
      role="img"
      aria-label={t('common.a11y.photoOf', { name })}
    >
      <span className="person-photo__initials" aria-hidden="true">
        {initialsOf(name)}
      </span>
    </span>
  );
}

interface LockedPhotoProps {
  /** Picks one of the shapes; it comes from the position in the list, never from a person. */
  seed: number;
  className?: string;
  /** Pure decoration (no label, no lock), as in the locked list's teaser. */
  decorative?: boolean;
}

/** An abstract, blurred figure for a locked entry: no real photo exists on the client. */
export function LockedPhoto({ seed, className, decorative = false }: LockedPhotoProps) {
  const { t } = useTranslation();
  const variant = Math.abs(seed) % 4;
  const classes = `locked-photo locked-photo--v${variant}${className ? ` ${className}` : ''}`;
  const label = decorative
    ? { 'aria-hidden': true as const }
    : { role: 'img', 'aria-label': t('lists.lockedPhoto') };
  return (
    <span className={classes} {...label}>
      <span className="locked-photo__blob locked-photo__blob--a" />
      <span className="locked-photo__blob locked-photo__blob--b" />
      <span className="locked-photo__blob locked-photo__blob--c" />
      {decorative ? null : (
        <span className="locked-photo__lock" aria-hidden="true">
          <Icon name="lock" size={18} strokeWidth={2} />
        </span>
      )}
    </span>
  );
}

export function OnlineDot({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <span
      className={className ? `online-dot ${className}` : 'online-dot'}
      role="img"
      aria-label={t('lists.online')}
    />
  );
}
