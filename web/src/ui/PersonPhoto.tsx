// A person's picture filling its frame; without one (or when it fails to load) a gradient with
// the person's initials. And the green dot of someone online.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { gradientFor, initialsOf } from './personPlaceholder';
import './PersonPhoto.css';

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

export function OnlineDot({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <span
      className={className ? `online-dot ${className}` : 'online-dot'}
      role="img"
      aria-label={t('common.a11y.online')}
    />
  );
}
