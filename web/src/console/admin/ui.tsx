// Pieces the admin sections share beside the console's own (../ui.tsx).
import { REASON_MAX } from '../admin';
import { useConsoleT } from '../hooks';
import { TextField } from '../ui';

/** Whether a member may sign in: active, banned, or erased for good. */
export function StatusBadge({ banned, erased = false }: { banned: boolean; erased?: boolean }) {
  const { t } = useConsoleT();
  if (erased) {
    return (
      <span className="cs-badge cs-badge--danger" data-testid="admin-erased">
        {t('console.admin.members.erased')}
      </span>
    );
  }
  return (
    <span className={`cs-badge ${banned ? 'cs-badge--danger' : 'cs-badge--ok'}`}>
      {t(banned ? 'console.admin.members.banned' : 'console.admin.members.active')}
    </span>
  );
}

/** A line that says a change went through. */
export function DoneLine({ text }: { text: string | null }) {
  return text ? (
    <p className="cs-admin__ok" role="status">
      {text}
    </p>
  ) : null;
}

/** A reason or note the server keeps in the audit log: one line of at most `max` characters. */
export function ReasonField({
  label,
  value,
  onValue,
  testId,
  max = REASON_MAX,
}: {
  label: string;
  value: string;
  onValue: (value: string) => void;
  testId: string;
  max?: number;
}) {
  return (
    <TextField label={label} value={value} maxLength={max} onValue={onValue} data-testid={testId} />
  );
}
