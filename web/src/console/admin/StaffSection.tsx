// The staff: who they are, whether they are online and what they hold; adding, disabling and
// resetting them. An admin's authenticator secret is shown once, when it is made.
import { useCallback, useState, type FormEvent } from 'react';
import { validStaffPassword } from '../admin';
import { useConsole, useService } from '../context';
import { formatTimestamp } from '../format';
import { useConfirmedSave, useConsoleT, useLoad } from '../hooks';
import type { StaffEntry, StaffRole, TotpSecret } from '../protocol';
import { ConfirmDialog, ErrorLine, PasswordField, SmallButton, Table, TextField } from '../ui';

type Pending = { entry: StaffEntry; kind: 'disable' | 'reset' };

function SecretBox({ secret }: { secret: TotpSecret }) {
  const { t } = useConsoleT();
  if (!secret.totp_secret) return null;
  return (
    <div className="cs-admin__secret" role="status">
      <p>{t('console.admin.staff.secretOnce')}</p>
      <p dir="ltr">
        <code>{secret.totp_secret}</code>
      </p>
      <p dir="ltr" className="cs-admin__uri">
        <code>{secret.otpauth_uri}</code>
      </p>
    </div>
  );
}

export function StaffSection() {
  const { t, language } = useConsoleT();
  const service = useService();
  const me = useConsole((s) => s.staff);
  const [staff, setStaff] = useState<StaffEntry[] | null>(null);
  const { error: loadError, reload } = useLoad(
    useCallback(() => service.staffList(), [service]),
    setStaff,
  );
  const change = useConfirmedSave<Pending>();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('operator');
  const [password, setPassword] = useState('');
  const [secret, setSecret] = useState<TotpSecret | null>(null);
  const [newPassword, setNewPassword] = useState('');

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = await change.run(() => service.addStaff(email.trim(), role, password));
    if (!outcome.ok) return;
    setSecret(outcome.value);
    setEmail('');
    setPassword('');
    reload();
  };

  const toggle = async (entry: StaffEntry, disabled: boolean) => {
    const outcome = await change.run(() => service.setStaffDisabled(entry.id, disabled));
    if (outcome.ok) reload();
  };

  const reset = async (entry: StaffEntry) => {
    const outcome = await change.run(() => service.resetStaff(entry.id, newPassword));
    setNewPassword('');
    if (!outcome.ok) return;
    setSecret(outcome.value);
    reload();
  };

  const pending = change.pending;
  return (
    <div className="cs-admin__staff">
      <ErrorLine error={change.error ?? loadError} />
      {secret ? <SecretBox secret={secret} /> : null}
      <section className="cs-card">
        <Table
          prefix="console.admin.staff"
          columns={['email', 'role', 'status', 'locks', 'added', '']}
          numeric={['locks']}
          testId="admin-staff"
        >
          {staff?.map((s) => (
            <tr key={s.id}>
              <td dir="ltr">{s.email}</td>
              <td>{t(`console.role.${s.role}`)}</td>
              <td>
                {s.disabled
                  ? t('console.admin.staff.disabled')
                  : s.online
                    ? t('console.admin.staff.online')
                    : t('console.admin.staff.offline')}
              </td>
              <td className="cs-num">{s.locks.length}</td>
              <td>{formatTimestamp(s.created_at, language, true)}</td>
              <td>
                <div className="cs-admin__row-actions">
                  {s.id === me?.id ? (
                    <span className="cs-muted">{t('console.admin.staff.you')}</span>
                  ) : s.disabled ? (
                    <SmallButton
                      label={t('console.admin.staff.enable')}
                      disabled={change.busy}
                      onClick={() => void toggle(s, false)}
                    />
                  ) : (
                    <SmallButton
                      label={t('console.admin.staff.disable')}
                      disabled={change.busy}
                      onClick={() => change.ask({ entry: s, kind: 'disable' })}
                    />
                  )}
                  <SmallButton
                    label={t('console.admin.staff.reset')}
                    disabled={change.busy}
                    onClick={() => change.ask({ entry: s, kind: 'reset' })}
                  />
                </div>
              </td>
            </tr>
          ))}
        </Table>
      </section>
      <section className="cs-card">
        <h4 className="cs-card__title">{t('console.admin.staff.addTitle')}</h4>
        <form className="cs-admin__form cs-admin__form--row" onSubmit={(e) => void add(e)}>
          <TextField
            className="field cs-grow"
            label={t('console.admin.staff.email')}
            type="email"
            dir="ltr"
            value={email}
            onValue={setEmail}
            autoComplete="off"
          />
          <label className="field">
            <span className="field-label">{t('console.admin.staff.role')}</span>
            <select
              className="cs-select"
              value={role}
              onChange={(e) => setRole(e.target.value as StaffRole)}
            >
              <option value="operator">{t('console.role.operator')}</option>
              <option value="admin">{t('console.role.admin')}</option>
            </select>
          </label>
          <PasswordField
            className="field cs-grow"
            label={t('console.admin.staff.password')}
            value={password}
            onValue={setPassword}
            isNew
          />
          <button
            type="submit"
            className="cs-btn cs-btn--primary"
            disabled={change.busy || !email.trim() || !validStaffPassword(password)}
          >
            {t('console.admin.staff.add')}
          </button>
        </form>
        <p className="cs-muted cs-admin__hint">{t('console.admin.staff.passwordHint')}</p>
      </section>
      {pending ? (
        <ConfirmDialog
          title={t(`console.admin.confirm.${pending.kind}.title`, { email: pending.entry.email })}
          body={t(
            pending.kind === 'disable'
              ? 'console.admin.confirm.disable.body'
              : pending.entry.role === 'admin'
                ? 'console.admin.confirm.reset.bodyAdmin'
                : 'console.admin.confirm.reset.body',
            { email: pending.entry.email },
          )}
          confirmLabel={t(`console.admin.confirm.${pending.kind}.confirm`)}
          busy={change.busy || (pending.kind === 'reset' && !validStaffPassword(newPassword))}
          danger
          onClose={change.cancel}
          onConfirm={() =>
            void (pending.kind === 'disable' ? toggle(pending.entry, true) : reset(pending.entry))
          }
          testId="admin-confirm"
        >
          {pending.kind === 'reset' ? (
            <PasswordField
              label={t('console.admin.staff.newPassword')}
              value={newPassword}
              onValue={setNewPassword}
              isNew
            />
          ) : null}
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
