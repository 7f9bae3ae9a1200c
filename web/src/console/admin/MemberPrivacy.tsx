// A member's personal data (GDPR, docs/protocol.md "Admin: GDPR export and erasure"): the export
// the member could download themselves, saved as a file, and the erasure of the account, which
// asks for a reason and for the member's id or name typed out. The server audits both.
import { useState } from 'react';
import { cleanReason, ERASE_REASON_MAX, exportFileName, namesMember } from '../admin';
import { useService } from '../context';
import { useConfirmedSave, useConsoleT, useServiceCall } from '../hooks';
import type { AdminMember } from '../protocol';
import type { MessageKey } from '../refusals';
import type { Outcome } from '../service';
import { ConfirmDialog, ErrorLine, TextField } from '../ui';
import { downloadJson } from './download';
import { ReasonField } from './ui';

/** `not_found` here means the member is gone (erased meanwhile), not a conversation. */
function refusalOf(outcome: Extract<Outcome<unknown>, { ok: false }>): MessageKey {
  return outcome.code === 'not_found' ? { key: 'console.admin.members.gone' } : outcome.message;
}

export function PrivacyCard({
  member,
  onExported,
  onErased,
}: {
  member: Pick<AdminMember, 'id' | 'name'>;
  onExported: (file: string) => void;
  onErased: () => void;
}) {
  const { t } = useConsoleT();
  const service = useService();
  const exporting = useServiceCall();
  const erasure = useConfirmedSave();
  const [reason, setReason] = useState('');
  const [typed, setTyped] = useState('');
  const cleanErase = cleanReason(reason, ERASE_REASON_MAX);
  const confirmed = cleanErase !== null && namesMember(typed, member);
  const error = erasure.error ?? exporting.error;

  const exportData = async () => {
    const outcome = await exporting.run(() => service.exportMember(member.id));
    if (!outcome.ok) {
      exporting.setError(refusalOf(outcome));
      return;
    }
    const file = exportFileName(member.id);
    downloadJson(file, outcome.value);
    onExported(file);
  };

  const erase = async () => {
    if (cleanErase === null) return;
    const outcome = await erasure.run(() => service.eraseMember(member.id, cleanErase));
    if (!outcome.ok) {
      erasure.setError(refusalOf(outcome));
      return;
    }
    onErased();
  };

  return (
    <section className="cs-card" data-testid="admin-privacy">
      <h4 className="cs-card__title">{t('console.admin.members.dataTitle')}</h4>
      <p className="cs-muted">{t('console.admin.members.dataExplained')}</p>
      <div className="cs-inline">
        <button
          type="button"
          className="cs-btn"
          disabled={exporting.busy}
          onClick={() => void exportData()}
          data-testid="admin-export"
        >
          {t(exporting.busy ? 'console.admin.members.exporting' : 'console.admin.members.export')}
        </button>
        <button
          type="button"
          className="cs-btn cs-btn--danger"
          disabled={erasure.busy}
          onClick={() => {
            exporting.setError(null);
            erasure.ask(true);
          }}
          data-testid="admin-erase"
        >
          {t('console.admin.members.erase')}
        </button>
      </div>
      <ErrorLine error={error} />
      {erasure.pending ? (
        <ConfirmDialog
          title={t('console.admin.confirm.erase.title', { name: member.name })}
          body={t('console.admin.confirm.erase.body', { name: member.name })}
          confirmLabel={t('console.admin.confirm.erase.confirm')}
          busy={erasure.busy || !confirmed}
          danger
          onClose={erasure.cancel}
          onConfirm={() => void erase()}
          testId="admin-confirm"
        >
          <div className="cs-admin__form">
            <ReasonField
              label={t('console.admin.confirm.erase.reason')}
              value={reason}
              onValue={setReason}
              max={ERASE_REASON_MAX}
              testId="admin-erase-reason"
            />
            <TextField
              label={t('console.admin.confirm.erase.typeName', {
                id: member.id,
                name: member.name,
              })}
              value={typed}
              onValue={setTyped}
              autoComplete="off"
              data-testid="admin-erase-name"
            />
          </div>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
