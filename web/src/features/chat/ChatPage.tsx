// /chat/:slug (spec §2): the chat pane with the person whose id is the slug. Under 865 px it is
// the whole page; from 865 px it is the centre column, with the contacts list at the side.
// /chat without a slug is the contacts list on phones and a "pick a chat" page on wide screens.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { WIDE_QUERY } from '../../app/navigation';
import { useAppStore } from '../../app/store';
import { useMediaQuery } from '../../app/useMediaQuery';
import { setChatOpen } from '../notify/banner';
import { EmptyState } from '../../ui/EmptyState';
import { ChatConnectionNotice } from '../shell/ConnectionStatus';
import { LoadError } from '../lists/LoadError';
import { ChatHeader } from './ChatHeader';
import { Composer } from './Composer';
import { MessageList } from './MessageList';
import { useChat, useContact } from './context';
import './chat.css';
import './media.css';

type ContactLoad = 'loading' | 'ready' | 'not_found' | 'failed';

/** A page-sized note in place of a chat: not available, or none chosen yet. */
function ChatNotice({ kind }: { kind: 'notFound' | 'choose' }) {
  const { t } = useTranslation();
  const to = kind === 'notFound' ? '/contacts' : '/explore';
  return (
    <section className="chat-page chat-page--message">
      <EmptyState
        icon="chat"
        title={t(`chat.${kind}.title`)}
        body={t(`chat.${kind}.body`)}
        testId={kind === 'notFound' ? 'chat-not-found' : 'chat-choose'}
        action={
          <Link to={to} className={kind === 'notFound' ? 'btn btn-secondary' : 'btn btn-primary'}>
            {t(`chat.${kind}.cta`)}
          </Link>
        }
      />
    </section>
  );
}

function ChatPane({ partnerId }: { partnerId: number }) {
  const { t } = useTranslation();
  const chat = useChat();
  const contact = useContact(partnerId);
  const [load, setLoad] = useState<ContactLoad>(contact ? 'ready' : 'loading');
  const [attempt, setAttempt] = useState(0);

  // While the pane is on screen the chat is open: no banners for it, and its messages are read.
  useEffect(() => {
    chat.setOpenChat(partnerId);
    setChatOpen(partnerId);
    void chat.loadConversation(partnerId);
    return () => {
      chat.setOpenChat(null);
      setChatOpen(null);
    };
  }, [chat, partnerId]);

  useEffect(() => {
    let live = true;
    void chat.ensureContact(partnerId).then((outcome) => {
      if (!live) return;
      if (outcome === 'not_found') setLoad('not_found');
      else if (outcome === null) setLoad('failed');
      else {
        setLoad('ready');
        // A contact fetched after the messages: its unread count goes too.
        if (outcome.unread > 0) void chat.markConversationRead(partnerId);
      }
    });
    return () => {
      live = false;
    };
  }, [chat, partnerId, attempt]);

  if (load === 'not_found') return <ChatNotice kind="notFound" />;
  return (
    <section className="chat-page chat-pane" data-testid="chat-pane" data-partner-id={partnerId}>
      <ChatHeader partnerId={partnerId} contact={contact} />
      {load === 'failed' && !contact ? (
        <LoadError
          inline
          message={t('chat.messages.loadFailed')}
          retryLabel={t('chat.retry')}
          onRetry={() => setAttempt((a) => a + 1)}
        />
      ) : null}
      <MessageList partnerId={partnerId} contact={contact} />
      <ChatConnectionNotice />
      <Composer partnerId={partnerId} partnerName={contact?.name ?? ''} />
    </section>
  );
}

export default function ChatPage() {
  const { slug } = useParams();
  const wide = useMediaQuery(WIDE_QUERY);
  const myId = useAppStore((s) => s.user?.id ?? null);
  if (!slug) return wide ? <ChatNotice kind="choose" /> : <Navigate to="/contacts" replace />;
  const partnerId = Number(slug);
  if (!Number.isSafeInteger(partnerId) || partnerId <= 0 || partnerId === myId) {
    return <ChatNotice kind="notFound" />;
  }
  return <ChatPane key={partnerId} partnerId={partnerId} />;
}
