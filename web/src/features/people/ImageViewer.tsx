// The profile's photo viewer: wraps around at both ends (spec §2), with swipe, arrow keys (via
// the parent's onKeyDown and `step`) and dots. "Next" follows the reading direction: in RTL the
// next photo sits to the left, so a swipe to the right reveals it.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Person, PhotoEntry } from '../../realtime/protocol';
import { Icon } from '../../ui/icons';
import { useSwipeStep } from '../../ui/readingStep';
import { wrapIndex } from './display';
import { PersonPhoto } from './PersonBadges';
import './ImageViewer.css';

interface ImageViewerProps {
  person: Pick<Person, 'id' | 'name'>;
  photos: PhotoEntry[];
  /** All the person's photos, loaded or not (for the counter). */
  total: number;
  index: number;
  onIndexChange: (index: number) => void;
  children?: ReactNode;
}

export function ImageViewer({
  person,
  photos,
  total,
  index,
  onIndexChange,
  children,
}: ImageViewerProps) {
  const { t, i18n } = useTranslation();
  const count = photos.length;
  const current = wrapIndex(index, count);
  const rtl = i18n.dir() === 'rtl';
  const go = (delta: number) => {
    if (count > 1) onIndexChange(wrapIndex(current + delta, count));
  };

  const swipe = useSwipeStep(rtl, go);

  const visible = new Set(
    count ? [current, wrapIndex(current + 1, count), wrapIndex(current - 1, count)] : [],
  );

  return (
    <div
      className="image-viewer"
      role="group"
      aria-roledescription={t('people.viewer.role')}
      aria-label={t('people.viewer.label', { name: person.name })}
      {...swipe}
    >
      {count === 0 ? (
        <PersonPhoto person={person} src={null} className="image-viewer__photo is-active" />
      ) : (
        photos.map((photo, i) =>
          visible.has(i) ? (
            <PersonPhoto
              key={photo.id}
              person={person}
              src={photo.photo}
              eager={i === current}
              className={i === current ? 'image-viewer__photo is-active' : 'image-viewer__photo'}
              alt={
                i === current
                  ? t('people.viewer.photo', { name: person.name, index: i + 1, total })
                  : undefined
              }
            />
          ) : null,
        )
      )}
      {count > 1 && (
        <>
          <span className="image-viewer__counter" aria-hidden="true">
            <span dir="ltr">
              {current + 1} / {Math.max(total, count)}
            </span>
          </span>
          <button
            type="button"
            className="image-viewer__nav image-viewer__nav--prev"
            onClick={() => go(-1)}
            aria-label={t('people.viewer.prev')}
          >
            <Icon name="chevron" size={22} strokeWidth={2.2} />
          </button>
          <button
            type="button"
            className="image-viewer__nav image-viewer__nav--next"
            onClick={() => go(1)}
            aria-label={t('people.viewer.next')}
          >
            <Icon name="chevron" size={22} strokeWidth={2.2} />
          </button>
          <div className="image-viewer__dots" role="tablist" aria-label={t('people.viewer.dots')}>
            {photos.map((photo, i) => (
              <button
                key={photo.id}
                type="button"
                role="tab"
                aria-selected={i === current}
                aria-label={t('people.viewer.goto', { index: i + 1 })}
                className={i === current ? 'image-viewer__dot is-active' : 'image-viewer__dot'}
                onClick={() => onIndexChange(i)}
              />
            ))}
          </div>
        </>
      )}
      {children}
    </div>
  );
}
