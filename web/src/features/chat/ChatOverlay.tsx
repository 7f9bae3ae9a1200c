// A chat overlay (spec §2 "Overlays and modals": the gift drawer, the archives): a dialog that is
// a bottom sheet under 865 px (chat.css), with a header of its icon and title, which label it,
// anything the overlay adds there (the gift drawer's balance), and a close button.
// Its styles are in chat.css; the phone rule names `.modal-backdrop.chat-backdrop`, so it wins over
// ui/Modal.css whatever order the bundle puts the two files in.
import { useId, type ReactNode } from 'react';
import { Dialog } from '../../ui/Dialog';
import { Icon, type IconName } from '../../ui/icons';

interface ChatOverlayProps {
  /** The overlay's own class, after chat-overlay. */
  className: string;
  testId: string;
  icon: IconName;
  title: string;
  closeLabel: string;
  onClose: () => void;
  /** Shown in the header, between the title and the close button. */
  headerExtra?: ReactNode;
  children: ReactNode;
}

export function ChatOverlay({
  className,
  testId,
  icon,
  title,
  closeLabel,
  onClose,
  headerExtra,
  children,
}: ChatOverlayProps) {
  const titleId = useId();
  return (
    <Dialog
      onClose={onClose}
      labelledBy={titleId}
      className={`chat-overlay ${className}`}
      backdropClassName="modal-backdrop chat-backdrop"
      testId={testId}
    >
      <header className="chat-overlay__header">
        <h2 id={titleId} className="chat-overlay__title">
          <Icon name={icon} size={22} />
          {title}
        </h2>
        {headerExtra}
        <button type="button" className="chat-icon-btn" onClick={onClose} aria-label={closeLabel}>
          <Icon name="close" size={20} />
        </button>
      </header>
      {children}
    </Dialog>
  );
}
