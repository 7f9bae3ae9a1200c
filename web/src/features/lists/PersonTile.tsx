// A portrait tile: the picture fills the card, name and details sit on a soft scrim at the
// bottom. Discover, Likes me, Visitors and Matches all use it. LockedTile is its stand-in for a
// fan or visitor the member may not see.
import type { ReactNode } from 'react';
import { LockedPhoto } from './LockedPhoto';
// The tile draws the online dot itself (its own place on the photo).
import '../../ui/PersonPhoto.css';
import './lists.css';

interface PersonTileProps {
  photo: ReactNode;
  name: string;
  age?: number | null;
  details?: ReactNode;
  online?: boolean;
  story?: boolean;
  /** Small badges in the top corner. */
  badges?: ReactNode;
  onClick: () => void;
  label: string;
  testId: string;
  personId?: number | null;
  locked?: boolean;
}

export function PersonTile({
  photo,
  name,
  age,
  details,
  online = false,
  story = false,
  badges,
  onClick,
  label,
  testId,
  personId,
  locked,
}: PersonTileProps) {
  const classes = [
    'person-tile',
    story ? 'person-tile--story' : '',
    locked ? 'person-tile--locked' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      type="button"
      className={classes}
      onClick={onClick}
      aria-label={label}
      data-testid={testId}
      data-person-id={personId ?? undefined}
      data-locked={locked === undefined ? undefined : String(locked)}
    >
      <span className="person-tile__frame">
        {photo}
        <span className="person-tile__scrim" aria-hidden="true" />
        {badges ? <span className="person-tile__badges">{badges}</span> : null}
        <span className="person-tile__text">
          <span className="person-tile__name">
            <bdi className="person-tile__name-text">{name}</bdi>
            {age ? <span className="person-tile__age">{age}</span> : null}
            {online ? <span className="online-dot person-tile__dot" aria-hidden="true" /> : null}
          </span>
          {details ? <span className="person-tile__details">{details}</span> : null}
        </span>
      </span>
    </button>
  );
}

/**
 * A locked fan or visitor: the server's blurred copy of their photo (or a drawn figure) and
 * blurred bars where the name and place would be. `seed` is the position in the list.
 */
export function LockedTile({
  seed,
  photo = null,
  onClick,
  label,
  testId,
}: {
  seed: number;
  photo?: string | null;
  onClick: () => void;
  label: string;
  testId: string;
}) {
  return (
    <button
      type="button"
      className="person-tile person-tile--locked"
      onClick={onClick}
      aria-label={label}
      data-testid={testId}
      data-locked="true"
    >
      <span className="person-tile__frame">
        <LockedPhoto seed={seed} photo={photo} />
        <span className="person-tile__scrim" aria-hidden="true" />
        <span className="person-tile__text" aria-hidden="true">
          <span className={`locked-bar locked-bar--name locked-bar--w${seed % 3}`} />
          <span className="locked-bar locked-bar--place" />
        </span>
      </span>
    </button>
  );
}

export function TileSkeletons({ count }: { count: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <span key={i} className="person-tile person-tile--skeleton skeleton" aria-hidden="true" />
      ))}
    </>
  );
}
