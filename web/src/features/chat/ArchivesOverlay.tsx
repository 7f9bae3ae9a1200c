// The archives overlay (spec §2 "Overlays and modals"): archived conversations, each of which can
// be opened or moved back to the chats.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../ui/EmptyState';
import { showNotice } from '../people/overlays';
import { ChatOverlay } from './ChatOverlay';
import { ContactRows } from './ContactsList';
import { useChat, useChatState } from './context';
import '../../ui/Modal.css';

function ArchivesOverlay() {
  const { t } = useTranslation();
  const chat = useChat();
  const close = () => chat.store.getState().setArchivesOpen(false);
  const [busy, setBusy] = useState<number[]>([]);

  useEffect(() => {
    void chat.loadList('archived');
  }, [chat]);

  const unarchive = async (id: number) => {
    setBusy((ids) => [...ids, id]);
    const ok = await chat.unarchiveConversation(id);
    setBusy((ids) => ids.filter((other) => other !== id));
    showNotice(
      t(ok ? 'chat.archived.unarchived' : 'chat.archived.unarchiveFailed'),
      ok ? 'success' : 'error',
    );
  };

  return (
    <ChatOverlay
      className="chat-archives"
      testId="archives"
      icon="archive"
      title={t('chat.archived.title')}
      closeLabel={t('chat.archived.close')}
      onClose={close}
    >
      <div className="chat-archives__body">
        <ContactRows
          kind="archived"
          onOpen={close}
          empty={
            <EmptyState
              icon="archive"
              title={t('chat.archived.empty')}
              body={t('chat.archived.emptyBody')}
              testId="archives-empty"
            />
          }
          trailing={(contact) => (
            <button
              type="button"
              className="btn btn-secondary chat-archives__unarchive"
              onClick={() => void unarchive(contact.id)}
              disabled={busy.includes(contact.id)}
              aria-label={t('chat.archived.unarchiveLabel', { name: contact.name })}
              data-testid="archives-unarchive"
            >
              {t('chat.archived.unarchive')}
            </button>
          )}
        />
      </div>
    </ChatOverlay>
  );
}

/** Mounted once by ChatRuntime; shows the archives while the store says so. */
export function ArchivesHost() {
  const open = useChatState((s) => s.archivesOpen);
  return open ? <ArchivesOverlay /> : null;
}
