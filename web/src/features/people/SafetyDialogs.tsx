// Block and report (spec §2): the confirm popup with its texts ("Block {name}?", the report
// reasons), the request, and the notice after it. The profile modal and the chat header use them.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { blockUser, errorText, reportUser, REPORT_REASONS, type ReportReason } from './api';
import { ConfirmDialog } from './ConfirmDialog';
import { showNotice } from './overlays';
import './people.css';

interface SafetyDialogProps {
  userId: number;
  name: string;
  onClose: () => void;
}

/** Confirm, block, then `onBlocked` (the caller forgets the person and leaves their screen). */
export function BlockDialog({
  userId,
  name,
  onClose,
  onBlocked,
}: SafetyDialogProps & { onBlocked: () => void }) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const block = async () => {
    setBusy(true);
    setError(null);
    const result = await blockUser(userId);
    setBusy(false);
    if (!result.ok) {
      setError(errorText(t, (key) => i18n.exists(key), result.code));
      return;
    }
    onClose();
    onBlocked();
    showNotice(t('people.block.done'), 'success');
  };

  return (
    <ConfirmDialog
      title={t('people.block.title', { name })}
      body={t('people.block.body')}
      confirmLabel={t('people.block.confirm')}
      danger
      busy={busy}
      error={error}
      onConfirm={() => void block()}
      onCancel={onClose}
    />
  );
}

/** Pick a reason, report, and say how it went. */
export function ReportDialog({ userId, name, onClose }: SafetyDialogProps) {
  const { t } = useTranslation();
  const group = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [busy, setBusy] = useState(false);

  const report = async () => {
    if (!reason) return;
    setBusy(true);
    const ok = await reportUser(userId, reason);
    setBusy(false);
    onClose();
    showNotice(t(ok ? 'people.report.done' : 'people.report.failed'), ok ? 'success' : 'error');
  };

  return (
    <ConfirmDialog
      title={t('people.report.title', { name })}
      body={t('people.report.body')}
      confirmLabel={t('people.report.confirm')}
      busy={busy}
      confirmDisabled={reason === null}
      onConfirm={() => void report()}
      onCancel={onClose}
    >
      <fieldset className="report-reasons">
        <legend className="visually-hidden">{t('people.report.reasonsLabel')}</legend>
        {REPORT_REASONS.map((r) => (
          <label key={r} className={reason === r ? 'report-reason is-checked' : 'report-reason'}>
            <input
              type="radio"
              name={group}
              value={r}
              checked={reason === r}
              onChange={() => setReason(r)}
              data-testid={`report-reason-${r}`}
            />
            <span>{t(`people.report.reasons.${r}`)}</span>
          </label>
        ))}
      </fieldset>
    </ConfirmDialog>
  );
}
