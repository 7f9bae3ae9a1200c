// The messages of one chat: newest at the bottom, older ones loaded when scrolled within 10 px of
// the top (debounced 300 ms, `before_id` paging) without moving what the reader sees; skeletons
// while loading (and after the tab was hidden for 3 s); a placeholder for a chat with no messages.
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../app/store';
import type { Contact } from '../../realtime/protocol';
import { LoadError } from '../lists/LoadError';
import { PersonPhoto } from '../../ui/PersonPhoto';
import { nowSeconds } from '../../ui/relativeTime';
import { useNowSeconds } from './ContactsList';
import { ChatImageViewer } from './ChatImageViewer';
import { MessageBubble, MessageSkeletons } from './MessageBubble';
import {
  keepScrollAfterPrepend,
  nearBottom,
  nearTop,
  nextExpiry,
  OLDER_DEBOUNCE_MS,
  skeletonWidth,
  viewerPictures,
  type LocalMessage,
} from './rules';
import { useChat, useChatState, useConversation } from './context';

const SKELETONS = 8;

/**
 * The time the messages are drawn at: the minute clock of the list, and the exact moment the next
 * picture expires (spec §4: images show for an hour), so "expired" replaces it on time.
 */
function usePictureClock(messages: readonly LocalMessage[]): number {
  const minute = useNowSeconds();
  const [reached, setReached] = useState(0);
  const now = Math.max(minute, reached);
  const next = nextExpiry(messages, now);
  useEffect(() => {
    if (next === null) return;
    const timer = setTimeout(
      () => setReached(next),
      Math.max(0, (next - nowSeconds()) * 1000 + 50),
    );
    return () => clearTimeout(timer);
  }, [next]);
  return now;
}

function EmptyChat({ contact }: { contact: Contact | null }) {
  const { t } = useTranslation();
  const name = contact?.name ?? '';
  return (
    <div className="chat-empty" data-testid="chat-empty">
      <span className="chat-empty__photo">
        {contact ? <PersonPhoto src={contact.photo} name={name} seed={contact.id} /> : null}
      </span>
      <p className="chat-empty__title">{t('chat.emptyChat.title', { name })}</p>
      <p className="chat-empty__line">{t('chat.emptyChat.firstTime')}</p>
      <p className="chat-empty__line muted">{t('chat.emptyChat.creative')}</p>
    </div>
  );
}

interface MessageListProps {
  partnerId: number;
  contact: Contact | null;
}

export function MessageList({ partnerId, contact }: MessageListProps) {
  const { t } = useTranslation();
  const chat = useChat();
  const conversation = useConversation(partnerId);
  const stale = useChatState((s) => s.stale);
  const myId = useAppStore((s) => s.user?.id ?? null);
  const { messages, state, olderLoading, olderEnded } = conversation;
  const now = usePictureClock(messages);
  const [widths] = useState(() => Array.from({ length: SKELETONS }, () => skeletonWidth()));
  const scroller = useRef<HTMLDivElement>(null);
  // What the list looked like at the last render or scroll, to keep the view steady.
  const view = useRef({ height: 0, top: 0, atBottom: true, first: 0, last: '' });
  const olderTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const ready = state === 'ready' && !stale;
  // The picture open in the image viewer, by its key (pictureKey).
  const [viewing, setViewing] = useState<string | null>(null);
  const pictures = useMemo(() => viewerPictures(messages, now), [messages, now]);

  const askOlder = () => {
    void chat.loadOlder(partnerId);
  };

  // After each change: older messages above keep the reader's place; a new message at the
  // bottom scrolls into view when the reader was there (or sent it).
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (!ready) {
      // Skeletons replace the list: once it is back, it opens at the newest message again.
      view.current = { ...view.current, last: '' };
      return;
    }
    const first = messages[0]?.id ?? 0;
    const lastMessage = messages.at(-1);
    const last = lastMessage ? `${lastMessage.id}:${lastMessage.client_id ?? ''}` : '';
    const before = view.current;
    if (before.last === '' && last !== '') {
      el.scrollTop = el.scrollHeight;
    } else if (first !== before.first && last === before.last) {
      el.scrollTop = keepScrollAfterPrepend(before.height, before.top, el.scrollHeight);
    } else if (last !== before.last && (before.atBottom || lastMessage?.sender_id === myId)) {
      el.scrollTop = el.scrollHeight;
    }
    view.current = {
      height: el.scrollHeight,
      top: el.scrollTop,
      atBottom: nearBottom(el.scrollTop, el.scrollHeight, el.clientHeight),
      first,
      last,
    };
  }, [messages, ready, myId]);

  // A first page too short to scroll can't be scrolled to the top: fetch older at once.
  useEffect(() => {
    const el = scroller.current;
    if (!el || !ready || olderEnded || olderLoading || messages.length === 0) return;
    if (el.scrollHeight <= el.clientHeight) void chat.loadOlder(partnerId);
  }, [chat, ready, olderEnded, olderLoading, messages.length, partnerId]);

  useEffect(
    () => () => {
      if (olderTimer.current !== null) clearTimeout(olderTimer.current);
    },
    [],
  );

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    view.current = {
      ...view.current,
      height: el.scrollHeight,
      top: el.scrollTop,
      atBottom: nearBottom(el.scrollTop, el.scrollHeight, el.clientHeight),
    };
    if (olderTimer.current !== null) clearTimeout(olderTimer.current);
    olderTimer.current = null;
    if (!nearTop(el.scrollTop) || olderEnded) return;
    olderTimer.current = setTimeout(() => {
      olderTimer.current = null;
      if (scroller.current && nearTop(scroller.current.scrollTop)) askOlder();
    }, OLDER_DEBOUNCE_MS);
  };

  let body;
  if (!ready && state !== 'failed') {
    body = <MessageSkeletons widths={widths} />;
  } else if (state === 'failed') {
    body = (
      <LoadError
        message={t('chat.messages.loadFailed')}
        retryLabel={t('chat.retry')}
        onRetry={() => void chat.loadConversation(partnerId)}
      />
    );
  } else if (messages.length === 0) {
    body = <EmptyChat contact={contact} />;
  } else {
    body = (
      <>
        {olderLoading ? (
          <p className="chat-messages__older muted" role="status">
            {t('chat.messages.loadingOlder')}
          </p>
        ) : null}
        <ol className="chat-messages__list" data-testid="messages">
          {messages.map((message) => (
            <MessageBubble
              key={message.client_id ?? message.id}
              message={message}
              mine={message.sender_id === myId}
              now={now}
              onOpenPicture={setViewing}
            />
          ))}
        </ol>
      </>
    );
  }

  return (
    <div
      ref={scroller}
      className="chat-messages"
      onScroll={onScroll}
      role="log"
      aria-live="polite"
      aria-busy={!ready}
      aria-label={t('chat.messages.label', { name: contact?.name ?? '' })}
      tabIndex={0}
      data-testid="chat-messages"
    >
      {body}
      {viewing !== null && pictures.some((p) => p.key === viewing) ? (
        <ChatImageViewer
          pictures={pictures}
          current={viewing}
          onChange={setViewing}
          onClose={() => setViewing(null)}
          partnerName={contact?.name ?? ''}
        />
      ) : null}
    </div>
  );
}
