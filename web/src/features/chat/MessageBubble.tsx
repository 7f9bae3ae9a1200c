// One message (spec §2 "Chat pane"): text, gift (icon and name), image or profile photo (the
// thumbnail while its link works, spec §4; a tap opens the viewer; then "This image has
// expired"), and story replies with the story's image under the same rule. Mine sit at the inline
// end, with an uploading, sending, sent, seen or failed mark; an image going up shows its
// progress over its preview.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../app/store';
import { languageInfo } from '../../i18n/languages';
import type { LanguageCode } from '../../realtime/protocol';
import { errorText } from '../people/api';
import { Icon } from '../../ui/icons';
import { probeMediaLink } from './api';
import { useChat } from './context';
import { isPicture, pictureKey, pictureView, storyImageOf, type LocalMessage } from './rules';

/** "14:05" in the UI language. */
export function clockTime(timestamp: number, language: LanguageCode): string {
  return new Intl.DateTimeFormat(languageInfo(language).locale, {
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(timestamp * 1000));
}

function StatusMark({ message }: { message: LocalMessage }) {
  const { t } = useTranslation();
  const state = message.pending?.state ?? (message.seen === 1 ? 'seen' : 'sent');
  const icon = {
    uploading: 'clock',
    sending: 'clock',
    failed: 'cancel',
    sent: 'check',
    seen: 'checks',
  } as const;
  return (
    <span
      className={`chat-bubble__status is-${state}`}
      role="img"
      aria-label={t(`chat.messages.${state}`)}
      data-testid="message-status"
      data-state={state}
    >
      <Icon name={icon[state]} size={15} strokeWidth={2.2} />
    </span>
  );
}

/** "This image has expired" (or, for a link the server refuses, that it can't be shown). */
function PictureGone({
  reason,
  story = false,
}: {
  reason: 'expired' | 'unavailable';
  story?: boolean;
}) {
  const { t } = useTranslation();
  const text =
    reason === 'unavailable'
      ? t('chat.messages.imageUnavailable')
      : t(story ? 'chat.messages.storyExpired' : 'chat.messages.imageExpired');
  return (
    <span
      className={story ? 'chat-picture-gone chat-picture-gone--story' : 'chat-picture-gone'}
      data-testid={story ? 'story-expired' : 'image-expired'}
      data-reason={reason}
    >
      <span className="chat-picture-gone__icon" aria-hidden="true">
        <Icon name={reason === 'expired' ? 'hourglass' : 'image'} size={22} />
      </span>
      <span className="chat-picture-gone__text">{text}</span>
    </span>
  );
}

/**
 * A picture link that may fail: past its time the server answers 410 (expired), for anyone else
 * 403. Until it fails it is drawn; then it asks the server which it was.
 */
function useLinkFailure(src: string | null) {
  const [failure, setFailure] = useState<{ src: string; reason: 'expired' | 'unavailable' } | null>(
    null,
  );
  const onError = () => {
    if (!src) return;
    void probeMediaLink(src).then((reason) => setFailure({ src, reason }));
  };
  return { failed: failure?.src === src ? failure.reason : null, onError };
}

/** The upload's progress over the picture, as a ring with the percentage. */
function UploadProgress({ progress, onCancel }: { progress: number; onCancel: () => void }) {
  const { t } = useTranslation();
  const percent = Math.round(progress * 100);
  const radius = 20;
  const circumference = 2 * Math.PI * radius;
  return (
    <span className="chat-picture__progress" data-testid="upload-progress" data-percent={percent}>
      <span
        className="chat-picture__ring"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-label={t('chat.messages.uploading')}
      >
        <svg viewBox="0 0 48 48" width="52" height="52" aria-hidden="true">
          <circle cx="24" cy="24" r={radius} className="chat-picture__ring-track" />
          <circle
            cx="24"
            cy="24"
            r={radius}
            className="chat-picture__ring-value"
            strokeDasharray={circumference}
            strokeDashoffset={circumference * (1 - progress)}
          />
        </svg>
        <span className="chat-picture__percent" dir="ltr">
          {percent}%
        </span>
      </span>
      <button
        type="button"
        className="chat-picture__cancel"
        onClick={onCancel}
        aria-label={t('chat.messages.cancelUpload')}
        data-testid="upload-cancel"
      >
        <Icon name="close" size={14} strokeWidth={2.4} />
      </button>
    </span>
  );
}

/** An image or a profile photo: the thumbnail, a tap opens the viewer. */
function PictureBody({
  message,
  now,
  onOpen,
}: {
  message: LocalMessage;
  now: number;
  onOpen: (key: string) => void;
}) {
  const { t } = useTranslation();
  const chat = useChat();
  const view = pictureView(message, now);
  const { failed, onError } = useLinkFailure(view.kind === 'picture' ? view.thumb : null);
  const label = t(message.type === 'image' ? 'chat.messages.image' : 'chat.messages.profilePhoto');
  if (view.kind === 'expired') return <PictureGone reason="expired" />;
  if (failed) return <PictureGone reason={failed} />;
  const uploading = message.pending?.state === 'uploading';
  const cancel = () => chat.cancelImage(message.receiver_id, message.client_id ?? '');
  const frame = (
    <>
      {view.kind === 'picture' ? (
        <img
          className="chat-picture__image"
          src={view.thumb}
          alt={label}
          loading="lazy"
          decoding="async"
          onError={onError}
          data-testid="message-image"
        />
      ) : (
        <span className="chat-picture__placeholder" data-testid="image-placeholder">
          <Icon name="image" size={34} strokeWidth={1.5} />
          <span>{t('chat.messages.preparing')}</span>
        </span>
      )}
      {uploading ? (
        <UploadProgress progress={message.pending?.progress ?? 0} onCancel={cancel} />
      ) : null}
    </>
  );
  if (view.kind !== 'picture' || message.pending) {
    return (
      <span className={uploading ? 'chat-picture is-uploading' : 'chat-picture'}>{frame}</span>
    );
  }
  return (
    <button
      type="button"
      className="chat-picture chat-picture--open"
      onClick={() => onOpen(pictureKey(message))}
      aria-label={t('chat.messages.openImage', { what: label })}
      data-testid="open-image"
    >
      {frame}
    </button>
  );
}

/** The story a text replied to: its picture while the link works, then "expired". */
function StoryQuote({ message, now }: { message: LocalMessage; now: number }) {
  const { t } = useTranslation();
  const image = storyImageOf(message, now);
  const { failed, onError } = useLinkFailure(image);
  return (
    <span className="chat-story" data-testid="story-reply">
      <span className="chat-story__label">
        <Icon name="story" size={14} />
        {t('chat.messages.storyReply')}
      </span>
      {image && !failed ? (
        <img
          className="chat-story__image"
          src={image}
          alt={t('chat.messages.storyImage')}
          loading="lazy"
          onError={onError}
          data-testid="story-reply-image"
        />
      ) : (
        <PictureGone reason={failed ?? 'expired'} story />
      )}
    </span>
  );
}

function Body({
  message,
  now,
  onOpenPicture,
}: {
  message: LocalMessage;
  now: number;
  onOpenPicture: (key: string) => void;
}) {
  const { t } = useTranslation();
  if (message.type === 'gift') {
    const name = message.gift?.gift ?? t('chat.messages.gift');
    const icon = message.gift?.icon ?? message.message;
    return (
      <span className="chat-gift" role="img" aria-label={t('chat.messages.giftLabel', { name })}>
        {icon ? <img className="chat-gift__icon" src={icon} alt="" loading="lazy" /> : null}
        <span className="chat-gift__name" aria-hidden="true">
          <Icon name="gift" size={14} />
          <bdi>{name}</bdi>
        </span>
      </span>
    );
  }
  if (isPicture(message)) {
    return <PictureBody message={message} now={now} onOpen={onOpenPicture} />;
  }
  return (
    <span className="chat-bubble__text" dir="auto">
      {message.message}
    </span>
  );
}

export function MessageBubble({
  message,
  mine,
  now,
  onOpenPicture = () => undefined,
}: {
  message: LocalMessage;
  mine: boolean;
  now: number;
  /** Opens the image viewer on the picture with this key (pictureKey). */
  onOpenPicture?: (key: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const chat = useChat();
  const language = useAppStore((s) => s.language);
  const failed = message.pending?.state === 'failed';
  const isGift = message.type === 'gift';
  const picture = isPicture(message);
  const classes = [
    'chat-bubble',
    mine ? 'chat-bubble--mine' : 'chat-bubble--theirs',
    isGift ? 'chat-bubble--gift' : '',
    picture ? 'chat-bubble--picture' : '',
    message.pending ? `is-${message.pending.state}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <li
      className={mine ? 'chat-row chat-row--mine' : 'chat-row chat-row--theirs'}
      data-testid="message"
      data-mine={mine ? 'true' : 'false'}
      data-type={message.type}
      data-message-id={message.id > 0 ? message.id : undefined}
      data-client-id={message.client_id ?? undefined}
    >
      <div className={classes}>
        {typeof message.story_id === 'number' && !picture ? (
          <StoryQuote message={message} now={now} />
        ) : null}
        <Body message={message} now={now} onOpenPicture={onOpenPicture} />
        <span className="chat-bubble__meta">
          <time dateTime={new Date(message.timestamp * 1000).toISOString()}>
            {clockTime(message.timestamp, language)}
          </time>
          {mine ? <StatusMark message={message} /> : null}
        </span>
      </div>
      {failed && message.client_id ? (
        <p className="chat-row__failed" role="alert">
          <span>
            {t('chat.messages.failed')} ·{' '}
            {errorText(t, (key) => i18n.exists(key), message.pending?.error ?? null)}
          </span>
          <button
            type="button"
            className="chat-row__retry"
            onClick={() => chat.retrySend(partnerOfRow(message), message.client_id ?? '')}
            data-testid="message-retry"
          >
            <Icon name="refresh" size={14} />
            {t('chat.messages.retry')}
          </button>
          {message.type === 'image' ? (
            <button
              type="button"
              className="chat-row__retry"
              onClick={() => chat.cancelImage(partnerOfRow(message), message.client_id ?? '')}
              data-testid="message-discard"
            >
              <Icon name="trash" size={14} />
              {t('chat.messages.discard')}
            </button>
          ) : null}
        </p>
      ) : null}
    </li>
  );
}

/** A provisional message is always mine: its partner is the receiver. */
const partnerOfRow = (message: LocalMessage) => message.receiver_id;

/** Spec §2: the chat-message skeleton, 20 to 60 percent wide. */
export function MessageSkeletons({ widths }: { widths: readonly number[] }) {
  return (
    <ul className="chat-messages__list" aria-hidden="true" data-testid="chat-skeleton">
      {widths.map((width, i) => (
        <li
          key={i}
          className={i % 3 === 1 ? 'chat-row chat-row--mine' : 'chat-row chat-row--theirs'}
        >
          <span className="chat-skeleton skeleton" style={{ inlineSize: `${width}%` }} />
        </li>
      ))}
    </ul>
  );
}
