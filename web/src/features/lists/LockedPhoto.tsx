// LockedPhoto stands in for a person the server did not name (a locked entry of Likes me or
// Visitors): no real photo exists on the client.
import { useTranslation } from 'react-i18next';
import { Icon } from '../../ui/icons';

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
