// One message (spec §2 "Chat pane"): text, gift (icon and name), image or profile photo (while
// still visible, spec §4), and story replies with the story's image. Mine sit at the inline end,
// with a sending, sent, seen or failed mark.
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../app/store';
import { languageInfo } from '../../i18n/languages';
import type { LanguageCode } from '../../realtime/protocol';
import { errorText } from '../people/api';
import { Icon } from '../../ui/icons';
import { useChat } from './context';
import { imageVisible, type LocalMessage } from './rules';

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
  const icon = { sending: 'clock', failed: 'cancel', sent: 'check', seen: 'checks' } as const;
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

function Body({ message, now }: { message: LocalMessage; now: number }) {
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
  if (message.type === 'image' || message.type === 'pphoto') {
    const label = t(
      message.type === 'image' ? 'chat.messages.image' : 'chat.messages.profilePhoto',
    );
    return message.message && imageVisible(message.timestamp, now) ? (
      <img className="chat-bubble__image" src={message.message} alt={label} loading="lazy" />
    ) : (
      <span className="chat-bubble__expired">
        <Icon name="image" size={18} />
        {t('chat.messages.imageExpired')}
      </span>
    );
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
}: {
  message: LocalMessage;
  mine: boolean;
  now: number;
}) {
  const { t, i18n } = useTranslation();
  const chat = useChat();
  const language = useAppStore((s) => s.language);
  const failed = message.pending?.state === 'failed';
  const isGift = message.type === 'gift';
  const classes = [
    'chat-bubble',
    mine ? 'chat-bubble--mine' : 'chat-bubble--theirs',
    isGift ? 'chat-bubble--gift' : '',
    message.pending ? `is-${message.pending.state}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <li
      className={mine ? 'chat-row chat-row--mine' : 'chat-row chat-row--theirs'}
      data-testid="message"
      data-mine={mine ? 'true' : 'false'}
      data-message-id={message.id > 0 ? message.id : undefined}
      data-client-id={message.client_id ?? undefined}
    >
      <div className={classes}>
        {message.story ? (
          <span className="chat-story">
            <img
              className="chat-story__image"
              src={message.story}
              alt={t('chat.messages.storyImage')}
              loading="lazy"
            />
            <span className="chat-story__label">{t('chat.messages.storyReply')}</span>
          </span>
        ) : null}
        <Body message={message} now={now} />
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
