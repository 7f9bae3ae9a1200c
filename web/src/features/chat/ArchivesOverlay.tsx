// The archives overlay (spec §2 "Overlays and modals"): archived conversations, each of which can
// be opened or moved back to the chats.
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../ui/Dialog';
import { EmptyState } from '../lists/EmptyState';
import { showNotice } from '../people/overlays';
import { Icon } from '../shell/icons';
import { loadList, unarchiveConversation } from './actions';
import { ContactRows } from './ContactsList';
import { useChatStore } from './store';
import '../../ui/Modal.css';

function ArchivesOverlay() {
  const { t } = useTranslation();
  const titleId = useId();
  const close = () => useChatStore.getState().setArchivesOpen(false);
  const [busy, setBusy] = useState<number[]>([]);

  useEffect(() => {
    void loadList('archived');
  }, []);

  const unarchive = async (id: number) => {
    setBusy((ids) => [...ids, id]);
    const ok = await unarchiveConversation(id);
    setBusy((ids) => ids.filter((other) => other !== id));
    showNotice(
      t(ok ? 'chat.archived.unarchived' : 'chat.archived.unarchiveFailed'),
      ok ? 'success' : 'error',
    );
  };

  return (
    <Dialog
      onClose={close}
      labelledBy={titleId}
      className="chat-overlay chat-archives"
      backdropClassName="modal-backdrop chat-backdrop"
      testId="archives"
    >
      <header className="chat-archives__header">
        <Icon name="archive" size={22} />
        <h2 id={titleId} className="chat-archives__title">
          {t('chat.archived.title')}
        </h2>
        <button
          type="button"
          className="chat-icon-btn"
          onClick={close}
          aria-label={t('chat.archived.close')}
        >
          <Icon name="close" size={20} />
        </button>
      </header>
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
    </Dialog>
  );
}

/** Mounted once by ChatRuntime; shows the archives while the store says so. */
export function ArchivesHost() {
  const open = useChatStore((s) => s.archivesOpen);
  return open ? <ArchivesOverlay /> : null;
}
