// The contacts list (spec §2 "Contacts list"): on /contacts under 865 px, in the right column
// from 865 px. Rows with photo, online dot, VIP badge, name, last-message preview, relative time
// and unread count ("typing…" in place of the preview while the person types); 10 more on scroll to the bottom; a way into the archived chats.
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber } from '../../app/format';
import { WIDE_QUERY } from '../../app/navigation';
import { useAppStore } from '../../app/store';
import { useMediaQuery } from '../../app/useMediaQuery';
import type { Contact, LanguageCode } from '../../realtime/protocol';
import { EmptyState } from '../../ui/EmptyState';
import { LoadError } from '../lists/LoadError';
import { OnlineDot, PersonPhoto } from '../../ui/PersonPhoto';
import { usePresenceKnown } from '../shell/ConnectionStatus';
import { RowSkeletons } from '../lists/PersonRow';
import { formatRelativeTime, nowSeconds } from '../../ui/relativeTime';
import { useInView } from '../lists/useInView';
import { Icon } from '../../ui/icons';
import { useChat, useChatState } from './context';
import { chatPath, cutPreview, isListed, previewOf } from './rules';
import type { ListKind } from './store';
import { TypingIndicator } from './TypingIndicator';
import '../lists/lists.css';
import './chat.css';

const TICK_MS = 60_000;

/** The time now in unix seconds, moving on every minute (relative times stay true). */
export function useNowSeconds(): number {
  const [now, setNow] = useState(nowSeconds);
  useEffect(() => {
    const timer = setInterval(() => setNow(nowSeconds()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** The preview line of a row, translated and cut for the screen width. */
export function usePreviewText(): (contact: Contact) => string {
  const { t } = useTranslation();
  const myId = useAppStore((s) => s.user?.id ?? null);
  const wide = useMediaQuery(WIDE_QUERY);
  return (contact) => {
    const preview = previewOf(contact, myId);
    const text = preview.kind === 'text' ? preview.text : t(`chat.preview.${preview.key}`);
    return cutPreview(text, wide);
  };
}

interface ContactRowProps {
  contact: Contact;
  now: number;
  language: LanguageCode;
  active: boolean;
  preview: string;
  /** The person is typing to me: "typing…" shows instead of the preview. */
  typing?: boolean;
  onOpen?: () => void;
  trailing?: ReactNode;
}

export function ContactRow({
  contact,
  now,
  language,
  active,
  preview,
  typing = false,
  onOpen,
  trailing,
}: ContactRowProps) {
  const { t } = useTranslation();
  const presenceKnown = usePresenceKnown();
  const unread = contact.unread;
  const classes = ['contact-row', active ? 'is-active' : '', unread > 0 ? 'has-unread' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <li className="contact-item" data-testid="contact-row" data-contact-id={contact.id}>
      <Link
        to={chatPath(contact.id)}
        className={classes}
        aria-current={active ? 'page' : undefined}
        aria-label={t('chat.row.open', { name: contact.name })}
        aria-describedby={
          unread > 0
            ? `contact-${contact.id}-preview contact-${contact.id}-unread`
            : `contact-${contact.id}-preview`
        }
        onClick={onOpen}
      >
        <span className="contact-row__photo">
          <PersonPhoto src={contact.photo} name={contact.name} seed={contact.id} />
          {presenceKnown && contact.status === 1 ? (
            <OnlineDot className="contact-row__dot" />
          ) : null}
        </span>
        <span className="contact-row__body">
          <span className="contact-row__line">
            <bdi className="contact-row__name">{contact.name}</bdi>
            {contact.vip === 1 ? (
              <span className="contact-row__vip" data-testid="contact-vip">
                <Icon name="crown" size={12} strokeWidth={2.2} />
                {t('chat.row.vip')}
              </span>
            ) : null}
            {contact.time > 0 ? (
              <time
                className="contact-row__time"
                dateTime={new Date(contact.time * 1000).toISOString()}
              >
                {formatRelativeTime(contact.time, now, language)}
              </time>
            ) : null}
          </span>
          <span className="contact-row__line">
            <span
              id={`contact-${contact.id}-preview`}
              className="contact-row__preview"
              data-testid="contact-preview"
            >
              {typing ? <TypingIndicator testId="contact-typing" /> : <bdi>{preview}</bdi>}
            </span>
            {unread > 0 ? (
              <span
                id={`contact-${contact.id}-unread`}
                className="badge contact-row__unread"
                data-testid="contact-unread"
                aria-label={t('chat.row.unread', { count: unread })}
              >
                {unread > 99 ? '99+' : formatNumber(unread, language)}
              </span>
            ) : null}
          </span>
        </span>
      </Link>
      {trailing}
    </li>
  );
}

/** The rows of a list, with skeletons, failure, paging and its empty state. */
export function ContactRows({
  kind,
  empty,
  onOpen,
  trailing,
}: {
  kind: ListKind;
  empty: ReactNode;
  onOpen?: () => void;
  /** Something to show at the end of each row (the archives' unarchive button). */
  trailing?: (contact: Contact) => ReactNode;
}) {
  const { t } = useTranslation();
  const chat = useChat();
  const list = useChatState((s) => s.lists[kind]);
  const openId = useChatState((s) => s.openPartnerId);
  const typingIds = useChatState((s) => s.typingIds);
  const language = useAppStore((s) => s.language);
  const now = useNowSeconds();
  const previewText = usePreviewText();
  const [sentinel, nearEnd] = useInView<HTMLDivElement>('240px');
  const rows = list.items.filter(isListed);

  useEffect(() => {
    if (nearEnd && list.state === 'ready' && !list.ended && !list.loadingMore) {
      void chat.loadMore(kind);
    }
  }, [chat, nearEnd, kind, list.state, list.ended, list.loadingMore, list.items.length]);

  if (list.state === 'idle' || list.state === 'loading') {
    return (
      <ul className="contacts-list" aria-busy="true" data-testid={`${kind}-loading`}>
        <RowSkeletons count={4} />
      </ul>
    );
  }
  if (list.state === 'failed' && rows.length === 0) {
    return (
      <LoadError
        message={t('chat.loadFailed')}
        retryLabel={t('chat.retry')}
        onRetry={() => void chat.loadList(kind)}
      />
    );
  }
  if (rows.length === 0) return <>{empty}</>;
  return (
    <>
      <ul className="contacts-list" data-testid={`${kind}-list`}>
        {rows.map((contact) => (
          <ContactRow
            key={contact.id}
            contact={contact}
            now={now}
            language={language}
            active={kind === 'contacts' && openId === contact.id}
            preview={previewText(contact)}
            typing={typingIds.includes(contact.id)}
            onOpen={onOpen}
            trailing={trailing?.(contact)}
          />
        ))}
      </ul>
      {list.loadingMore ? (
        <p className="muted contacts-list__more" role="status">
          {t('chat.loadingMore')}
        </p>
      ) : null}
      {!list.ended ? <div ref={sentinel} className="list-sentinel" aria-hidden="true" /> : null}
    </>
  );
}

interface ContactsListProps {
  /** The empty placeholder; by default a friendly one with a button to /explore. */
  empty?: ReactNode;
}

export function ContactsList({ empty }: ContactsListProps) {
  const { t } = useTranslation();
  const setArchivesOpen = useChatState((s) => s.setArchivesOpen);
  return (
    <nav className="contacts" aria-label={t('chat.listLabel')} data-testid="contacts">
      <button
        type="button"
        className="contacts__archived"
        onClick={() => setArchivesOpen(true)}
        data-testid="contacts-archived"
      >
        <Icon name="archive" size={18} />
        <span>{t('chat.archivedButton')}</span>
        <Icon name="chevron" size={16} className="contacts__archived-chevron" />
      </button>
      <ContactRows
        kind="contacts"
        empty={
          empty ?? (
            <EmptyState
              icon="chat"
              title={t('chat.empty.title')}
              body={t('chat.empty.body')}
              testId="contacts-empty"
              action={
                <Link to="/explore" className="btn btn-primary" data-testid="contacts-empty-cta">
                  {t('chat.empty.cta')}
                </Link>
              }
            />
          )
        }
      />
    </nav>
  );
}
