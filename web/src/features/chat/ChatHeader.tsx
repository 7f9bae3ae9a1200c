// The chat pane's header (spec §2 "Chat pane"): back, the partner's photo, name and presence, or
// "typing…" while they type (a tap opens the profile), the virtual-profile disclosure (brief §6),
// a three-dot menu (Open Profile, Block User) and the actions sheet (Open Profile, Archive, Block
// User, Report User).
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { WIDE_QUERY } from '../../app/navigation';
import { useMediaQuery } from '../../app/useMediaQuery';
import type { Contact } from '../../realtime/protocol';
import { Dialog } from '../../ui/Dialog';
import { OnlineDot, PersonPhoto } from '../../ui/PersonPhoto';
import { showNotice } from '../people/overlays';
import { VirtualBadge } from '../people/PersonBadges';
import { BlockDialog, ReportDialog } from '../people/SafetyDialogs';
import { openProfile } from '../people/store';
import { usePresenceKnown } from '../shell/ConnectionStatus';
import { Icon, type IconName } from '../../ui/icons';
import { useChat, useChatState } from './context';
import { TypingIndicator } from './TypingIndicator';
import '../../ui/Modal.css';

type Popup = 'menu' | 'sheet' | 'block' | 'report' | null;

/** Where the chat goes when it closes for good (archive, block): spec §2. */
export function useLeaveChat(): () => void {
  const navigate = useNavigate();
  const wide = useMediaQuery(WIDE_QUERY);
  return () => void navigate(wide ? '/profile' : '/contacts', { replace: true });
}

interface ChatHeaderProps {
  partnerId: number;
  contact: Contact | null;
}

export function ChatHeader({ partnerId, contact }: ChatHeaderProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const chat = useChat();
  const leave = useLeaveChat();
  const [popup, setPopup] = useState<Popup>(null);
  const [archiving, setArchiving] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const sheetTitle = useId();
  const name = contact?.name ?? '';
  // Without a live connection the last known presence may be stale: it is shown as unknown.
  const presenceKnown = usePresenceKnown();
  const online = presenceKnown && contact?.status === 1;
  const typing = useChatState((s) => s.typingIds.includes(partnerId)) && contact !== null;

  // The dropdown closes on a click elsewhere or Escape, and focuses its first item on open.
  useEffect(() => {
    if (popup !== 'menu') return;
    const menu = menuRef.current;
    menu?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onPointer = (event: PointerEvent) => {
      if (menu && !menu.contains(event.target as Node)) setPopup(null);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setPopup(null);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [popup]);

  const showProfile = () => {
    setPopup(null);
    openProfile(partnerId, 'chat');
  };

  const archive = async () => {
    setArchiving(true);
    const ok = await chat.archiveConversation(partnerId);
    setArchiving(false);
    setPopup(null);
    if (ok) leave();
    else showNotice(t('chat.archived.archiveFailed'), 'error');
  };

  const sheetItems: {
    label: string;
    icon: IconName;
    onClick: () => void;
    testId: string;
    danger?: boolean;
    busy?: boolean;
  }[] = [
    { label: 'chat.menu.openProfile', icon: 'user', onClick: showProfile, testId: 'chat-profile' },
    {
      label: 'chat.menu.archive',
      icon: 'archive',
      onClick: () => void archive(),
      testId: 'chat-archive',
      busy: archiving,
    },
    {
      label: 'chat.menu.block',
      icon: 'block',
      onClick: () => setPopup('block'),
      testId: 'chat-block',
      danger: true,
    },
    {
      label: 'chat.menu.report',
      icon: 'flag',
      onClick: () => setPopup('report'),
      testId: 'chat-report',
      danger: true,
    },
  ];

  return (
    <header className="chat-header" data-testid="chat-header">
      <div className="chat-header__bar">
        <button
          type="button"
          className="chat-icon-btn"
          onClick={() => void navigate('/contacts')}
          aria-label={t('chat.header.back')}
          data-testid="chat-back"
        >
          <Icon name="back" size={22} />
        </button>
        <button
          type="button"
          className="chat-header__who"
          onClick={showProfile}
          disabled={!contact}
          aria-label={t('chat.header.openProfile', { name })}
          data-testid="chat-open-profile"
        >
          <span className="chat-header__photo">
            {contact ? (
              <PersonPhoto src={contact.photo} name={contact.name} seed={contact.id} />
            ) : (
              <span className="skeleton chat-header__photo-skeleton" />
            )}
            {online ? <OnlineDot className="chat-header__dot" /> : null}
          </span>
          <span className="chat-header__text">
            {contact ? (
              <bdi className="chat-header__name" data-testid="chat-partner-name">
                {contact.name}
              </bdi>
            ) : (
              <span className="skeleton chat-header__name-skeleton" />
            )}
            {typing ? (
              <TypingIndicator className="chat-header__status is-typing" testId="chat-typing" />
            ) : contact ? (
              <span
                className={online ? 'chat-header__status is-online' : 'chat-header__status'}
                data-testid="chat-status"
                data-presence={presenceKnown ? (online ? 'online' : 'offline') : 'unknown'}
              >
                {t(
                  presenceKnown
                    ? online
                      ? 'chat.header.online'
                      : 'chat.header.offline'
                    : 'chat.header.presenceUnknown',
                )}
              </span>
            ) : null}
          </span>
        </button>
        {/* Outside the button, whose content is presentational: screen readers hear it here. */}
        <span className="visually-hidden" aria-live="polite" data-testid="chat-typing-live">
          {typing ? t('chat.typing.named', { name }) : ''}
        </span>
        {contact?.virtual === 1 ? (
          <VirtualBadge className="chat-header__virtual" testId="chat-virtual-badge" />
        ) : null}
        <div className="chat-header__actions" ref={menuRef}>
          <button
            type="button"
            className="chat-icon-btn"
            onClick={() => setPopup('sheet')}
            disabled={!contact}
            aria-label={t('chat.header.actions')}
            aria-haspopup="dialog"
            data-testid="chat-actions"
          >
            <Icon name="settings" size={20} />
          </button>
          <button
            type="button"
            className="chat-icon-btn"
            onClick={() => setPopup(popup === 'menu' ? null : 'menu')}
            disabled={!contact}
            aria-label={t('chat.header.menu')}
            aria-haspopup="menu"
            aria-expanded={popup === 'menu'}
            aria-controls={popup === 'menu' ? menuId : undefined}
            data-testid="chat-menu"
          >
            <Icon name="more" size={22} />
          </button>
          {popup === 'menu' ? (
            <ul className="chat-menu" id={menuId} role="menu" aria-label={t('chat.header.menu')}>
              <li role="none">
                <button
                  type="button"
                  role="menuitem"
                  className="chat-menu__item"
                  onClick={showProfile}
                >
                  <Icon name="user" size={18} />
                  {t('chat.menu.openProfile')}
                </button>
              </li>
              <li role="none">
                <button
                  type="button"
                  role="menuitem"
                  className="chat-menu__item is-danger"
                  onClick={() => setPopup('block')}
                  data-testid="chat-menu-block"
                >
                  <Icon name="block" size={18} />
                  {t('chat.menu.block')}
                </button>
              </li>
            </ul>
          ) : null}
        </div>
      </div>
      {contact?.virtual === 1 ? (
        <p className="chat-header__disclosure" data-testid="chat-virtual-notice">
          {t('chat.header.virtualNotice')}
        </p>
      ) : null}

      {popup === 'sheet' ? (
        <Dialog
          onClose={() => setPopup(null)}
          labelledBy={sheetTitle}
          className="chat-overlay chat-sheet"
          backdropClassName="modal-backdrop chat-backdrop"
          testId="chat-actions-sheet"
        >
          <h2 id={sheetTitle} className="chat-sheet__title">
            {t('chat.menu.title', { name })}
          </h2>
          {sheetItems.map((item) => (
            <button
              key={item.label}
              type="button"
              className={item.danger ? 'chat-sheet__item is-danger' : 'chat-sheet__item'}
              onClick={item.onClick}
              disabled={item.busy}
              aria-busy={item.busy}
              data-testid={item.testId}
            >
              <Icon name={item.icon} size={20} />
              {t(item.label)}
            </button>
          ))}
          <button
            type="button"
            className="chat-sheet__item chat-sheet__cancel"
            onClick={() => setPopup(null)}
          >
            {t('chat.menu.cancel')}
          </button>
        </Dialog>
      ) : null}
      {popup === 'block' && contact ? (
        <BlockDialog
          userId={partnerId}
          name={name}
          onClose={() => setPopup(null)}
          onBlocked={() => {
            chat.forgetBlocked(partnerId);
            leave();
          }}
        />
      ) : null}
      {popup === 'report' && contact ? (
        <ReportDialog userId={partnerId} name={name} onClose={() => setPopup(null)} />
      ) : null}
    </header>
  );
}
