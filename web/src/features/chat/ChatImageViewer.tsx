// The image viewer of a chat (spec §2 "image viewer (wraps around at both ends)"): the
// conversation's pictures at display size, one at a time, stepping past the last back to the
// first and before the first to the last, by button, arrow key or swipe. "Next" follows the
// reading direction, as in the profile's viewer. A link that stops working shows "expired".
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../app/store';
import { Dialog } from '../../ui/Dialog';
import { Icon } from '../../ui/icons';
import { arrowStep, useSwipeStep } from '../../ui/readingStep';
import { wrapIndex } from '../people/display';
import { probeMediaLink } from './api';
import { clockTime } from './MessageBubble';
import type { ViewerPicture } from './rules';

interface ChatImageViewerProps {
  pictures: readonly ViewerPicture[];
  /** The key of the picture on screen. */
  current: string;
  onChange: (key: string) => void;
  onClose: () => void;
  partnerName: string;
}

export function ChatImageViewer({
  pictures,
  current,
  onChange,
  onClose,
  partnerName,
}: ChatImageViewerProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const myId = useAppStore((s) => s.user?.id ?? null);
  const language = useAppStore((s) => s.language);
  const [gone, setGone] = useState<Record<string, 'expired' | 'unavailable'>>({});
  const count = pictures.length;
  const index = Math.max(
    0,
    pictures.findIndex((p) => p.key === current),
  );
  const picture = pictures[index];
  const rtl = i18n.dir() === 'rtl';

  const go = (delta: number) => {
    const next = pictures[wrapIndex(index + delta, count)];
    if (count > 1 && next) onChange(next.key);
  };

  const swipe = useSwipeStep(rtl, go);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = arrowStep(event.key, rtl);
    if (step === null) return;
    event.preventDefault();
    go(step);
  };

  if (!picture) return null;
  const who =
    picture.senderId === myId
      ? t('chat.viewer.fromMe')
      : t('chat.viewer.fromThem', { name: partnerName });
  const failed = gone[picture.src];
  const label = t(picture.type === 'image' ? 'chat.messages.image' : 'chat.messages.profilePhoto');

  return (
    <Dialog
      onClose={onClose}
      labelledBy={titleId}
      className="chat-viewer"
      backdropClassName="chat-viewer-backdrop"
      testId="chat-image-viewer"
      onKeyDown={onKeyDown}
    >
      <header className="chat-viewer__bar">
        <p id={titleId} className="chat-viewer__title">
          <bdi className="chat-viewer__who">{who}</bdi>
          <span className="chat-viewer__time">{clockTime(picture.timestamp, language)}</span>
        </p>
        {count > 1 ? (
          <span className="chat-viewer__counter" data-testid="chat-viewer-counter">
            {t('chat.viewer.counter', { index: index + 1, total: count })}
          </span>
        ) : null}
        <button
          type="button"
          className="chat-viewer__close"
          onClick={onClose}
          aria-label={t('chat.viewer.close')}
          data-testid="chat-viewer-close"
        >
          <Icon name="close" size={22} strokeWidth={2.2} />
        </button>
      </header>
      <div className="chat-viewer__stage" {...swipe}>
        {failed ? (
          <p className="chat-viewer__gone" data-testid="chat-viewer-expired">
            <Icon name={failed === 'expired' ? 'hourglass' : 'image'} size={34} />
            {t(
              failed === 'expired'
                ? 'chat.messages.imageExpired'
                : 'chat.messages.imageUnavailable',
            )}
          </p>
        ) : (
          <img
            key={picture.key}
            className="chat-viewer__image"
            src={picture.src}
            alt={label}
            data-testid="chat-viewer-image"
            data-key={picture.key}
            onError={() => {
              const src = picture.src;
              void probeMediaLink(src).then((reason) => setGone((g) => ({ ...g, [src]: reason })));
            }}
          />
        )}
        {count > 1 ? (
          <>
            <button
              type="button"
              className="chat-viewer__nav chat-viewer__nav--prev"
              onClick={() => go(-1)}
              aria-label={t('chat.viewer.prev')}
              data-testid="chat-viewer-prev"
            >
              <Icon name="chevron" size={24} strokeWidth={2.2} />
            </button>
            <button
              type="button"
              className="chat-viewer__nav chat-viewer__nav--next"
              onClick={() => go(1)}
              aria-label={t('chat.viewer.next')}
              data-testid="chat-viewer-next"
            >
              <Icon name="chevron" size={24} strokeWidth={2.2} />
            </button>
          </>
        ) : null}
      </div>
    </Dialog>
  );
}
