// Settings, "Your data" (GDPR Art. 15, 17, 20): download everything Kesher holds about the
// member, or erase the account (docs/protocol.md, "Your data (GDPR)").
import { useEffect, useId, useReducer, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../app/format';
import { PasswordField } from '../auth/PasswordField';
import { useAppStore, useLeaveAfterErasure } from '../auth/shell';
import { ConfirmDialog } from '../people/ConfirmDialog';
import { eraseAccount, startExport, subscribeExportEvents } from './api';
import { SettingsSection } from './SettingsSection';
import { exportReducer } from './yourData';

const REMOVED = ['profile', 'social', 'credits', 'sessions'] as const;
const KEPT = ['messages', 'payments'] as const;

export function YourData() {
  const { t } = useTranslation();
  const language = useAppStore((s) => s.language);
  const [state, dispatch] = useReducer(exportReducer, { kind: 'idle' });
  const [confirming, setConfirming] = useState(false);

  useEffect(
    () =>
      subscribeExportEvents({
        progress: (percent) => dispatch({ type: 'progress', percent }),
        ready: (link, expiresAt) => dispatch({ type: 'ready', link, expiresAt }),
        failed: () => dispatch({ type: 'failed' }),
      }),
    [],
  );

  async function requestExport() {
    dispatch({ type: 'requested' });
    const outcome = await startExport();
    if (outcome.kind === 'ok') dispatch({ type: 'started', percent: outcome.percent });
    else dispatch({ type: 'failed' });
  }

  return (
    <SettingsSection
      name="data"
      title={t('settings.data.title')}
      className="settings-data"
      testId="settings-data"
    >
      <p className="muted settings-section-lead">{t('settings.data.lead')}</p>

      <div className="settings-data-part">
        <h3 className="settings-data-heading">{t('settings.data.export.title')}</h3>
        <p className="muted settings-data-text">{t('settings.data.export.explain')}</p>
        {state.kind === 'running' ? (
          <div
            className="settings-data-progress"
            role="status"
            data-testid="settings-export-progress"
          >
            <progress
              max={100}
              value={state.percent}
              aria-label={t('settings.data.export.preparing')}
            />
            <span>{t('settings.data.export.progress', { percent: state.percent })}</span>
          </div>
        ) : null}
        {state.kind === 'ready' ? (
          <div className="settings-data-ready" role="status">
            <a
              className="btn btn-primary"
              href={state.link}
              download="kesher-data.json"
              data-testid="settings-export-link"
            >
              {t('settings.data.export.download')}
            </a>
            <span className="muted settings-data-text">
              {t('settings.data.export.until', { date: formatDateTime(state.expiresAt, language) })}
            </span>
          </div>
        ) : null}
        {state.kind === 'failed' ? (
          <p
            className="field-error settings-data-text"
            role="alert"
            data-testid="settings-export-error"
          >
            {t('settings.data.export.failed')}
          </p>
        ) : null}
        {state.kind !== 'running' ? (
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => void requestExport()}
            data-testid="settings-export"
          >
            {state.kind === 'idle'
              ? t('settings.data.export.start')
              : t('settings.data.export.again')}
          </button>
        ) : null}
      </div>

      <div className="settings-data-part settings-data-erase">
        <h3 className="settings-data-heading">{t('settings.data.erase.title')}</h3>
        <p className="settings-data-text">{t('settings.data.erase.explain')}</p>
        <p className="settings-data-label">{t('settings.data.erase.removedTitle')}</p>
        <ul className="settings-data-list">
          {REMOVED.map((item) => (
            <li key={item}>{t(`settings.data.erase.removed.${item}`)}</li>
          ))}
        </ul>
        <p className="settings-data-label">{t('settings.data.erase.keptTitle')}</p>
        <ul className="settings-data-list">
          {KEPT.map((item) => (
            <li key={item}>{t(`settings.data.erase.kept.${item}`)}</li>
          ))}
        </ul>
        <button
          type="button"
          className="btn btn-danger"
          onClick={() => setConfirming(true)}
          data-testid="settings-erase"
        >
          {t('settings.data.erase.start')}
        </button>
      </div>

      {confirming ? <EraseDialog onClose={() => setConfirming(false)} /> : null}
    </SettingsSection>
  );
}

function EraseDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const formId = useId();
  const leave = useLeaveAfterErasure();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function erase(event?: FormEvent) {
    event?.preventDefault();
    if (busy) return;
    if (password === '') {
      setError(t('settings.data.erase.passwordNeeded'));
      return;
    }
    setBusy(true);
    setError(null);
    const outcome = await eraseAccount(password);
    if (outcome.kind === 'erased') {
      leave();
      return;
    }
    setBusy(false);
    if (outcome.kind === 'wrong_password') setError(t('settings.data.erase.wrongPassword'));
    else if (outcome.kind === 'refused' && outcome.code === 'too_many_attempts') {
      setError(t('settings.data.erase.tooMany'));
    } else setError(t('settings.data.erase.failed'));
  }

  return (
    <ConfirmDialog
      title={t('settings.data.erase.confirmTitle')}
      body={t('settings.data.erase.confirmBody')}
      confirmLabel={t('settings.data.erase.confirm')}
      danger
      busy={busy}
      error={error}
      onConfirm={() => void erase()}
      onCancel={onClose}
    >
      <form id={formId} onSubmit={(event) => void erase(event)} noValidate data-testid="erase-form">
        <PasswordField
          id={`${formId}-password`}
          label={t('settings.data.erase.password')}
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
          testId="erase-password"
          autoFocus
        />
      </form>
    </ConfirmDialog>
  );
}
