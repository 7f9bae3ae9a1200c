// The reports members made (user/report): open ones first, each with the messages between the
// two, dismissed, answered with a warning or with a ban.
import { useCallback, useState } from 'react';
import { cleanReason, reportReasonCode, sortReports } from '../admin';
import { useService } from '../context';
import { formatTimestamp } from '../format';
import { useConfirmedSave, useConsoleT, useLoad } from '../hooks';
import type { AdminReport, ReportAction } from '../protocol';
import { ConfirmDialog, ErrorLine } from '../ui';
import { ReasonField } from './ui';

export function ReportsSection() {
  const { t } = useConsoleT();
  const service = useService();
  const [openOnly, setOpenOnly] = useState(true);
  const [reports, setReports] = useState<AdminReport[] | null>(null);
  const { error, reload } = useLoad(
    useCallback(() => service.reports(openOnly), [service, openOnly]),
    (list) => setReports(sortReports(list)),
  );

  return (
    <section className="cs-admin__reports">
      <label className="cs-inline">
        <input type="checkbox" checked={openOnly} onChange={(e) => setOpenOnly(e.target.checked)} />
        <span>{t('console.admin.reports.openOnly')}</span>
      </label>
      <ErrorLine error={error} />
      {reports === null && !error ? (
        <p className="cs-muted">{t('console.common.loading')}</p>
      ) : null}
      {reports?.length === 0 ? (
        <p className="cs-muted">{t('console.admin.reports.empty')}</p>
      ) : null}
      {reports?.map((r) => (
        <ReportCard key={r.id} report={r} onResolved={reload} />
      ))}
    </section>
  );
}

function ReportCard({ report, onResolved }: { report: AdminReport; onResolved: () => void }) {
  const { t, language } = useConsoleT();
  const service = useService();
  const [note, setNote] = useState('');
  const resolution = useConfirmedSave<ReportAction>();
  const clean = cleanReason(note);

  const resolve = async (action: ReportAction) => {
    const outcome = await resolution.run(() =>
      service.resolveReport(report.id, action, clean ?? ''),
    );
    if (outcome.ok) onResolved();
  };

  const open = report.handled_at === null;
  const confirming = resolution.pending;
  const reasonCode = reportReasonCode(report.reason);
  return (
    <article
      className={`cs-card cs-admin__report ${open ? 'is-open' : ''}`}
      data-testid="admin-report"
    >
      <header className="cs-admin__report-head">
        <strong>
          {t('console.admin.reports.headline', {
            reporter: report.reporter.name,
            reported: report.reported.name,
          })}
        </strong>
        <span className="cs-muted">{formatTimestamp(report.created_at, language, true)}</span>
        {open ? (
          <span className="cs-badge cs-badge--warn">{t('console.admin.reports.open')}</span>
        ) : (
          <span className="cs-badge">
            {t(`console.admin.reports.resolution.${report.resolution ?? 'dismiss'}`)}
          </span>
        )}
      </header>
      <p className="cs-admin__report-reason">
        <span className="cs-muted">{t('console.admin.reports.reason')}</span>{' '}
        <bdi data-testid="admin-report-reason">
          {reasonCode ? t(`console.admin.reports.reasons.${reasonCode}`) : report.reason}
        </bdi>
      </p>
      <p className="cs-muted">
        {t('console.admin.reports.reported', {
          name: report.reported.name,
          age: report.reported.age,
          city: report.reported.city || '—',
        })}{' '}
        <span dir="ltr">{report.reported.email ?? ''}</span>
      </p>
      {report.messages.length > 0 ? (
        <ol className="cs-admin__context" aria-label={t('console.admin.reports.messages')}>
          {report.messages.map((m) => (
            <li key={m.id} className={m.sender_id === report.reported_id ? 'is-reported' : ''}>
              <span className="cs-muted">
                {m.sender_id === report.reported_id ? report.reported.name : report.reporter.name} ·{' '}
                {formatTimestamp(m.created_at, language, true)}
              </span>
              <bdi>{m.text || t(`console.messageType.${m.type}`)}</bdi>
            </li>
          ))}
        </ol>
      ) : (
        <p className="cs-muted">{t('console.admin.reports.noMessages')}</p>
      )}
      {open ? (
        <div className="cs-admin__form">
          <ReasonField
            label={t('console.admin.reports.note')}
            value={note}
            onValue={setNote}
            testId="admin-report-note"
          />
          <p className="cs-muted cs-admin__hint">{t('console.admin.reports.noteHint')}</p>
          <div className="cs-inline">
            <button
              type="button"
              className="cs-btn"
              disabled={resolution.busy}
              onClick={() => void resolve('dismiss')}
            >
              {t('console.admin.reports.dismiss')}
            </button>
            <button
              type="button"
              className="cs-btn"
              disabled={resolution.busy || clean === null}
              onClick={() => resolution.ask('warn')}
            >
              {t('console.admin.reports.warn')}
            </button>
            <button
              type="button"
              className="cs-btn cs-btn--danger"
              disabled={resolution.busy || clean === null}
              onClick={() => resolution.ask('ban')}
            >
              {t('console.admin.reports.ban')}
            </button>
          </div>
        </div>
      ) : report.note ? (
        <p>
          <span className="cs-muted">{t('console.admin.reports.note')}:</span>{' '}
          <bdi>{report.note}</bdi>
        </p>
      ) : null}
      <ErrorLine error={resolution.error} />
      {confirming ? (
        <ConfirmDialog
          title={t(`console.admin.confirm.report_${confirming}.title`, {
            name: report.reported.name,
          })}
          body={t(`console.admin.confirm.report_${confirming}.body`, {
            name: report.reported.name,
            note: clean ?? '',
          })}
          confirmLabel={t(`console.admin.confirm.report_${confirming}.confirm`)}
          busy={resolution.busy}
          danger
          onClose={resolution.cancel}
          onConfirm={() => void resolve(confirming)}
          testId="admin-confirm"
        />
      ) : null}
    </article>
  );
}
