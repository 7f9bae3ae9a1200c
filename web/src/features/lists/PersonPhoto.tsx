// A person's picture filling its frame; without one (or when it fails to load) a gradient with
// the person's initials. LockedPhoto stands in for a photo the server did not send.
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

/** An abstract, blurred picture for a locked entry: no real photo exists on the client. */
export function LockedPhoto({ seed, className }: { seed: number; className?: string }) {
  const { t } = useTranslation();
  const variant = Math.abs(seed) % 4;
  return (
    <span
      className={`locked-photo locked-photo--v${variant}${className ? ` ${className}` : ''}`}
      role="img"
      aria-label={t('lists.lockedPhoto')}
    >
      <span className="locked-photo__blob locked-photo__blob--a" />
      <span className="locked-photo__blob locked-photo__blob--b" />
      <span className="locked-photo__blob locked-photo__blob--c" />
      <span className="locked-photo__lock" aria-hidden="true">
        <Icon name="lock" size={18} strokeWidth={2} />
      </span>
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
