// LockedPhoto stands in for a person the server did not name (a locked entry of Likes me or
// Visitors). When the server sends a blurred copy of their first photo it shows that, as it is:
// the copy is already too blurred to recognise anyone, and it is the only picture of them the
// client ever gets. Otherwise it draws an abstract figure.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../ui/icons';
import './lists.css';

interface LockedPhotoProps {
  /** Picks one of the shapes; it comes from the position in the list, never from a person. */
  seed: number;
  /** The server's blurred copy of the person's first photo, or null. */
  photo?: string | null;
  className?: string;
  /** Pure decoration (no label, no lock), as in the locked list's teaser. */
  decorative?: boolean;
}

export function LockedPhoto({
  seed,
  photo = null,
  className,
  decorative = false,
}: LockedPhotoProps) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState<string | null>(null);
  const variant = Math.abs(seed) % 4;
  const classes = `locked-photo locked-photo--v${variant}${className ? ` ${className}` : ''}`;
  const label = decorative
    ? { 'aria-hidden': true as const }
    : { role: 'img', 'aria-label': t('lists.lockedPhoto') };
  const showPhoto = photo !== null && failed !== photo;
  return (
    <span className={classes} {...label}>
      {showPhoto ? (
        <img
          className="locked-photo__image"
          src={photo}
          alt=""
          loading="lazy"
          decoding="async"
          onError={() => setFailed(photo)}
        />
      ) : (
        <>
          <span className="locked-photo__blob locked-photo__blob--a" />
          <span className="locked-photo__blob locked-photo__blob--b" />
          <span className="locked-photo__blob locked-photo__blob--c" />
        </>
      )}
      {decorative ? null : (
        <span className="locked-photo__lock" aria-hidden="true">
          <Icon name="lock" size={18} strokeWidth={2} />
        </span>
      )}
    </span>
  );
}
