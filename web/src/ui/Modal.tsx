// A centred card dialog with a close button, on the shared Dialog frame (focus trap, stacking,
// Escape and backdrop dismiss, focus restored on close).
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from './Dialog';
import './Modal.css';

interface ModalProps {
  open: boolean;
  onClose: () => void;
  /** Id of the element inside children that names the dialog. */
  labelledBy: string;
  /** The close button's name; "Close" in the page's language unless said otherwise. */
  closeLabel?: string;
  children: ReactNode;
  className?: string;
}

export function Modal({ open, onClose, labelledBy, closeLabel, children, className }: ModalProps) {
  const { t } = useTranslation();
  if (!open) return null;
  return (
    <Dialog
      onClose={onClose}
      labelledBy={labelledBy}
      className={className ? `modal ${className}` : 'modal'}
      backdropClassName="modal-backdrop"
    >
      <button
        type="button"
        className="modal__close"
        onClick={onClose}
        aria-label={closeLabel ?? t('common.a11y.close')}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path
            d="M6 6l12 12M18 6 6 18"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
      </button>
      {children}
    </Dialog>
  );
}
