// The confirm popup (spec §2) used before a block or a report.
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../ui/Dialog';
// Its look lives with the other people dialogs; the registration's photo step has none of them.
import './people.css';

interface ConfirmDialogProps {
  title: string;
  body?: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
  error?: string | null;
  danger?: boolean;
  confirmDisabled?: boolean;
  children?: ReactNode;
}

export function ConfirmDialog({
  title,
  body,
  confirmLabel,
  onConfirm,
  onCancel,
  busy = false,
  error = null,
  danger = false,
  confirmDisabled = false,
  children,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog onClose={onCancel} labelledBy={titleId} className="confirm-dialog" alert>
      <h2 id={titleId} className="confirm-dialog__title">
        {title}
      </h2>
      {body && <p className="confirm-dialog__body">{body}</p>}
      {children}
      {error && (
        <p className="confirm-dialog__error" role="alert">
          {error}
        </p>
      )}
      <div className="confirm-dialog__actions">
        <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={busy}>
          {t('people.confirm.cancel')}
        </button>
        <button
          type="button"
          className={danger ? 'btn btn-danger' : 'btn btn-primary'}
          onClick={onConfirm}
          disabled={busy || confirmDisabled}
          aria-busy={busy}
          data-testid="confirm-accept"
        >
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
