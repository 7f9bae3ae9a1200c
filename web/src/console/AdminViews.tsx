// The admin area (docs/protocol.md "Admin: members, reports and staff"): members (search, the
// member's profile, ledger and payments, credit adjustments, refunds, bans), the reports queue and
// the staff. Every change asks for a reason or a confirmation first; the server audits it.
import { useEffect, useId, useReducer, useState, type FormEvent, type ReactNode } from 'react';
import { Dialog } from '../ui/Dialog';
import {
  canRefund,
  cleanReason,
  formatAmount,
  memberViewReducer,
  parseCreditDelta,
  REASON_MAX,
  sortReports,
  validStaffPassword,
} from './admin';
import { useConsole, useService } from './context';
import { PersonasSection } from './PersonasView';
import { formatTimestamp } from './format';
import { useConsoleT } from './hooks';
import type {
  AdminMember,
  AdminReport,
  PaymentOrder,
  ReportAction,
  StaffEntry,
  StaffRole,
  TotpSecret,
} from './protocol';
import type { MessageKey } from './refusals';
import { newClientId } from './service';

type Section = 'members' | 'reports' | 'staff' | 'personas';

export function AdminView() {
  const { t } = useConsoleT();
  const [section, setSection] = useState<Section>('members');
  return (
    <main className="cs-report cs-admin" data-testid="admin-view">
      <div className="cs-report__head">
        <h2 className="cs-panel-title">{t('console.admin.title')}</h2>
        <nav className="cs-segmented" aria-label={t('console.admin.sections')}>
          {(['members', 'reports', 'staff', 'personas'] as const).map((s) => (
            <button
              key={s}
              type="button"
              className="cs-segmented__btn"
              aria-pressed={section === s}
              onClick={() => setSection(s)}
              data-testid={`admin-section-${s}`}
            >
              {t(`console.admin.section.${s}`)}
            </button>
          ))}
        </nav>
      </div>
      {section === 'members' ? (
        <MembersSection />
      ) : section === 'reports' ? (
        <ReportsSection />
      ) : section === 'personas' ? (
        <PersonasSection />
      ) : (
        <StaffSection />
      )}
    </main>
  );
}

// ---- shared pieces ----

export function ConfirmDialog({
  title,
  body,
  confirmLabel,
  onClose,
  onConfirm,
  busy = false,
  children,
}: {
  title: string;
  body?: string;
  confirmLabel: string;
  onClose: () => void;
  onConfirm: () => void;
  busy?: boolean;
  children?: ReactNode;
}) {
  const { t } = useConsoleT();
  const titleId = useId();
  return (
    <Dialog onClose={onClose} labelledBy={titleId} className="cs-dialog" alert>
      <h2 id={titleId} className="cs-dialog__title">
        {title}
      </h2>
      {body ? <p>{body}</p> : null}
      {children}
      <div className="cs-dialog__actions">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {t('console.common.cancel')}
        </button>
        <button
          type="button"
          className="btn btn-primary cs-danger-btn"
          onClick={onConfirm}
          disabled={busy}
          data-testid="admin-confirm"
        >
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}

export function ErrorLine({ error }: { error: MessageKey | null }) {
  const { say } = useConsoleT();
  return error ? (
    <p className="cs-error" role="alert">
      {say(error)}
    </p>
  ) : null;
}

function StatusBadge({ banned }: { banned: boolean }) {
  const { t } = useConsoleT();
  return (
    <span className={`cs-badge ${banned ? 'cs-badge--danger' : 'cs-badge--ok'}`}>
      {t(banned ? 'console.admin.members.banned' : 'console.admin.members.active')}
    </span>
  );
}

// ---- members ----

function MembersSection() {
  const { t, language } = useConsoleT();
  const service = useService();
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<AdminMember[] | null>(null);
  const [error, setError] = useState<MessageKey | null>(null);
  const [busy, setBusy] = useState(false);
  const [selected, setSelected] = useState<number | null>(null);

  const search = async (event: FormEvent) => {
    event.preventDefault();
    if (!query.trim()) return;
    setBusy(true);
    const outcome = await service.searchMembers(query.trim());
    setBusy(false);
    setError(outcome.ok ? null : outcome.message);
    setResults(outcome.ok ? outcome.value : null);
  };

  if (selected !== null) {
    return <MemberDetail memberId={selected} onBack={() => setSelected(null)} />;
  }
  return (
    <section className="cs-card cs-admin__card">
      <form className="cs-admin__search" onSubmit={(e) => void search(e)} role="search">
        <label className="field cs-grow">
          <span className="field-label">{t('console.admin.members.searchLabel')}</span>
          <input
            className="input"
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={t('console.admin.members.searchPlaceholder')}
            maxLength={100}
            data-testid="admin-search-input"
          />
        </label>
        <button
          type="submit"
          className="cs-btn cs-btn--primary"
          disabled={busy || !query.trim()}
          data-testid="admin-search-submit"
        >
          {t('console.admin.members.search')}
        </button>
      </form>
      <ErrorLine error={error} />
      {results && results.length === 0 ? (
        <p className="cs-muted">{t('console.admin.members.noResults')}</p>
      ) : null}
      {results && results.length > 0 ? (
        <div className="cs-table-wrap">
          <table className="cs-table">
            <thead>
              <tr>
                <th scope="col">{t('console.admin.members.id')}</th>
                <th scope="col">{t('console.admin.members.name')}</th>
                <th scope="col">{t('console.admin.members.email')}</th>
                <th scope="col" className="cs-num">
                  {t('console.admin.members.credits')}
                </th>
                <th scope="col">{t('console.admin.members.joined')}</th>
                <th scope="col">{t('console.admin.members.status')}</th>
              </tr>
            </thead>
            <tbody>
              {results.map((m) => (
                <tr key={m.id}>
                  <td className="cs-num">{m.id}</td>
                  <td>
                    <button
                      type="button"
                      className="cs-link"
                      onClick={() => setSelected(m.id)}
                      data-testid="admin-result"
                    >
                      <bdi>{m.name}</bdi>
                    </button>
                  </td>
                  <td dir="ltr">{m.email}</td>
                  <td className="cs-num">{m.credits.toLocaleString(language)}</td>
                  <td>{formatTimestamp(m.created_at, language, true)}</td>
                  <td>
                    <StatusBadge banned={m.banned !== null} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

type Pending =
  | { kind: 'ban'; reason: string }
  | { kind: 'unban'; reason: string }
  | { kind: 'refund'; order: PaymentOrder }
  | null;

function MemberDetail({ memberId, onBack }: { memberId: number; onBack: () => void }) {
  const { t, language } = useConsoleT();
  const service = useService();
  const [member, dispatch] = useReducer(memberViewReducer, null);
  const [error, setError] = useState<MessageKey | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);
  const [delta, setDelta] = useState('');
  const [reason, setReason] = useState('');
  // One client_id per adjustment typed: a retry after a lost reply applies it once.
  const [adjustId, setAdjustId] = useState(() => newClientId());
  const [banReason, setBanReason] = useState('');

  // Bumped after every change: the view reloads from the server.
  const [version, setVersion] = useState(0);
  const load = () => setVersion((v) => v + 1);
  useEffect(() => {
    let live = true;
    void service.member(memberId).then((outcome) => {
      if (!live) return;
      if (outcome.ok) dispatch({ type: 'loaded', detail: outcome.value });
      else setError(outcome.message);
    });
    return () => {
      live = false;
    };
  }, [service, memberId, version]);

  if (!member) {
    return (
      <section className="cs-card">
        <button type="button" className="cs-btn cs-btn--small" onClick={onBack}>
          {t('console.admin.members.back')}
        </button>
        {error ? (
          <ErrorLine error={error} />
        ) : (
          <p className="cs-muted">{t('console.common.loading')}</p>
        )}
      </section>
    );
  }

  const parsedDelta = parseCreditDelta(delta);
  const cleanAdjustReason = cleanReason(reason);
  const adjust = async (event: FormEvent) => {
    event.preventDefault();
    if (parsedDelta === null || cleanAdjustReason === null) return;
    setBusy(true);
    const outcome = await service.adjustCredits(
      member.id,
      parsedDelta,
      cleanAdjustReason,
      adjustId,
    );
    setBusy(false);
    if (!outcome.ok) {
      setError(outcome.message);
      return;
    }
    setError(null);
    dispatch({ type: 'credits', credits: outcome.value.credits });
    setNotice(t('console.admin.members.adjusted', { credits: outcome.value.credits }));
    setDelta('');
    setReason('');
    setAdjustId(newClientId());
    load();
  };

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    if (pending.kind === 'refund') {
      const outcome = await service.refund(pending.order.order_id);
      setBusy(false);
      setPending(null);
      if (!outcome.ok) {
        setError(outcome.message);
        return;
      }
      dispatch({
        type: 'refunded',
        orderId: pending.order.order_id,
        credits: outcome.value.credits,
      });
      setNotice(t('console.admin.members.refunded', { credits: outcome.value.credits_taken }));
    } else {
      const outcome =
        pending.kind === 'ban'
          ? await service.ban(member.id, pending.reason)
          : await service.unban(member.id, pending.reason);
      setBusy(false);
      setPending(null);
      if (!outcome.ok) {
        setError(outcome.message);
        return;
      }
      dispatch(
        pending.kind === 'ban'
          ? { type: 'banned', reason: pending.reason, at: Math.floor(Date.now() / 1000) }
          : { type: 'unbanned' },
      );
      setBanReason('');
      setNotice(
        t(
          pending.kind === 'ban'
            ? 'console.admin.members.bannedNow'
            : 'console.admin.members.unbannedNow',
        ),
      );
    }
    setError(null);
    load();
  };

  const banReasonClean = cleanReason(banReason);
  const profile = member.profile;
  return (
    <div className="cs-admin__member" data-testid="admin-member">
      <div className="cs-admin__member-head">
        <button type="button" className="cs-btn cs-btn--small" onClick={onBack}>
          {t('console.admin.members.back')}
        </button>
        <h3 className="cs-admin__name">
          <bdi>{member.name}</bdi> <span className="cs-muted">#{member.id}</span>
        </h3>
        <span dir="ltr" className="cs-muted">
          {member.email}
        </span>
        <StatusBadge banned={member.banned !== null} />
      </div>
      <ErrorLine error={error} />
      {notice ? (
        <p className="cs-admin__ok" role="status">
          {notice}
        </p>
      ) : null}
      <div className="cs-admin__grid">
        <section className="cs-card">
          <h4 className="cs-card__title">{t('console.admin.members.profile')}</h4>
          <div className="cs-admin__photos">
            {profile.photos.map((p, i) => (
              <img
                key={p.id}
                src={p.thumb}
                alt={t('console.context.photo', { n: i + 1, name: profile.name })}
                className="cs-admin__photo"
              />
            ))}
          </div>
          <dl className="cs-admin__facts">
            <dt>{t('console.admin.members.age')}</dt>
            <dd>{profile.age}</dd>
            <dt>{t('console.admin.members.city')}</dt>
            <dd>
              <bdi>{[profile.city, profile.country].filter(Boolean).join(', ') || '—'}</bdi>
            </dd>
            <dt>{t('console.admin.members.language')}</dt>
            <dd>{t(`console.languageName.${profile.language}`)}</dd>
            <dt>{t('console.admin.members.joined')}</dt>
            <dd>{formatTimestamp(member.created_at, language, true)}</dd>
            <dt>{t('console.admin.members.premium')}</dt>
            <dd>
              {member.premium_until
                ? formatTimestamp(member.premium_until, language, true)
                : t('console.admin.members.noPremium')}
            </dd>
          </dl>
          {profile.bio ? (
            <p className="cs-admin__bio">
              <bdi>{profile.bio}</bdi>
            </p>
          ) : null}
        </section>

        <section className="cs-card">
          <h4 className="cs-card__title">{t('console.admin.members.creditsTitle')}</h4>
          <p className="cs-admin__balance">
            {t('console.admin.members.balance', {
              credits: member.credits.toLocaleString(language),
            })}
          </p>
          <form className="cs-admin__form" onSubmit={(e) => void adjust(e)}>
            <label className="field">
              <span className="field-label">{t('console.admin.members.delta')}</span>
              <input
                className="input"
                inputMode="numeric"
                dir="ltr"
                value={delta}
                onChange={(e) => setDelta(e.target.value)}
                placeholder="+50 / -20"
                data-testid="admin-adjust-delta"
              />
            </label>
            <label className="field">
              <span className="field-label">{t('console.admin.members.reason')}</span>
              <input
                className="input"
                value={reason}
                maxLength={REASON_MAX}
                onChange={(e) => setReason(e.target.value)}
                data-testid="admin-adjust-reason"
              />
            </label>
            <p className="cs-muted cs-admin__hint">{t('console.admin.members.adjustHint')}</p>
            <button
              type="submit"
              className="cs-btn cs-btn--primary"
              disabled={busy || parsedDelta === null || cleanAdjustReason === null}
              data-testid="admin-adjust-submit"
            >
              {t('console.admin.members.adjust')}
            </button>
          </form>
        </section>

        <section className="cs-card">
          <h4 className="cs-card__title">{t('console.admin.members.accessTitle')}</h4>
          {member.banned ? (
            <p>
              {t('console.admin.members.bannedSince', {
                when: formatTimestamp(member.banned.at, language, true),
              })}{' '}
              <bdi>{member.banned.reason}</bdi>
            </p>
          ) : (
            <p className="cs-muted">{t('console.admin.members.banExplained')}</p>
          )}
          <label className="field">
            <span className="field-label">{t('console.admin.members.reason')}</span>
            <input
              className="input"
              value={banReason}
              maxLength={REASON_MAX}
              onChange={(e) => setBanReason(e.target.value)}
              data-testid="admin-ban-reason"
            />
          </label>
          <button
            type="button"
            className={`cs-btn ${member.banned ? '' : 'cs-btn--danger'}`}
            disabled={busy || banReasonClean === null}
            onClick={() =>
              banReasonClean !== null &&
              setPending({ kind: member.banned ? 'unban' : 'ban', reason: banReasonClean })
            }
            data-testid={member.banned ? 'admin-unban' : 'admin-ban'}
          >
            {t(member.banned ? 'console.admin.members.unban' : 'console.admin.members.ban')}
          </button>
        </section>
      </div>

      <section className="cs-card">
        <h4 className="cs-card__title">{t('console.admin.members.payments')}</h4>
        {member.payments.length === 0 ? (
          <p className="cs-muted">{t('console.admin.members.noPayments')}</p>
        ) : (
          <div className="cs-table-wrap">
            <table className="cs-table">
              <thead>
                <tr>
                  <th scope="col">{t('console.admin.members.when')}</th>
                  <th scope="col">{t('console.admin.members.order')}</th>
                  <th scope="col">{t('console.admin.members.package')}</th>
                  <th scope="col" className="cs-num">
                    {t('console.admin.members.amount')}
                  </th>
                  <th scope="col">{t('console.admin.members.state')}</th>
                  <th scope="col" />
                </tr>
              </thead>
              <tbody>
                {member.payments.map((o) => (
                  <tr key={o.order_id}>
                    <td>{formatTimestamp(o.created_at, language, true)}</td>
                    <td dir="ltr">
                      <code>{o.order_id}</code>
                    </td>
                    <td>
                      {o.kind === 'credits'
                        ? t('console.admin.members.creditsPackage', {
                            credits: (o.credits + o.bonus).toLocaleString(language),
                          })
                        : t('console.admin.members.premiumPackage', { months: o.months })}
                    </td>
                    <td className="cs-num">{formatAmount(o, language)}</td>
                    <td>{t(`console.admin.orderState.${o.state}`)}</td>
                    <td>
                      {canRefund(o) ? (
                        <button
                          type="button"
                          className="cs-btn cs-btn--small"
                          onClick={() => setPending({ kind: 'refund', order: o })}
                          data-testid="admin-refund"
                        >
                          {t('console.admin.members.refund')}
                        </button>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className="cs-card">
        <h4 className="cs-card__title">
          {t('console.admin.members.ledger')}{' '}
          <span className="cs-muted">
            {t('console.admin.members.ledgerSum', {
              sum: member.ledger_sum.toLocaleString(language),
            })}
          </span>
        </h4>
        <div className="cs-table-wrap">
          <table className="cs-table">
            <thead>
              <tr>
                <th scope="col">{t('console.admin.members.when')}</th>
                <th scope="col">{t('console.admin.members.entryReason')}</th>
                <th scope="col">{t('console.admin.members.reference')}</th>
                <th scope="col" className="cs-num">
                  {t('console.admin.members.change')}
                </th>
                <th scope="col" className="cs-num">
                  {t('console.admin.members.after')}
                </th>
              </tr>
            </thead>
            <tbody>
              {member.ledger.map((e) => (
                <tr key={e.id}>
                  <td>{formatTimestamp(e.time, language, true)}</td>
                  <td>
                    <code>{e.reason}</code>
                  </td>
                  <td dir="ltr">{e.reference}</td>
                  <td className={`cs-num ${e.delta < 0 ? 'cs-neg' : 'cs-pos'}`} dir="ltr">
                    {e.delta > 0
                      ? `+${e.delta.toLocaleString(language)}`
                      : e.delta.toLocaleString(language)}
                  </td>
                  <td className="cs-num">{e.balance.toLocaleString(language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      {pending ? (
        <ConfirmDialog
          title={t(`console.admin.confirm.${pending.kind}.title`, { name: member.name })}
          body={
            pending.kind === 'refund'
              ? t('console.admin.confirm.refund.body', {
                  amount: formatAmount(pending.order, language),
                  credits: (pending.order.credits + pending.order.bonus).toLocaleString(language),
                })
              : t(`console.admin.confirm.${pending.kind}.body`, {
                  name: member.name,
                  reason: pending.reason,
                })
          }
          confirmLabel={t(`console.admin.confirm.${pending.kind}.confirm`)}
          busy={busy}
          onClose={() => setPending(null)}
          onConfirm={() => void confirm()}
        />
      ) : null}
    </div>
  );
}

// ---- reports ----

function ReportsSection() {
  const { t, language } = useConsoleT();
  const service = useService();
  const [openOnly, setOpenOnly] = useState(true);
  const [reports, setReports] = useState<AdminReport[] | null>(null);
  const [error, setError] = useState<MessageKey | null>(null);

  const [version, setVersion] = useState(0);
  const load = () => setVersion((v) => v + 1);
  useEffect(() => {
    let live = true;
    void service.reports(openOnly).then((outcome) => {
      if (!live) return;
      if (outcome.ok) {
        setReports(sortReports(outcome.value));
        setError(null);
      } else setError(outcome.message);
    });
    return () => {
      live = false;
    };
  }, [service, openOnly, version]);

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
        <ReportCard key={r.id} report={r} language={language} onResolved={() => void load()} />
      ))}
    </section>
  );
}

function ReportCard({
  report,
  language,
  onResolved,
}: {
  report: AdminReport;
  language: ReturnType<typeof useConsoleT>['language'];
  onResolved: () => void;
}) {
  const { t } = useConsoleT();
  const service = useService();
  const [note, setNote] = useState('');
  const [confirming, setConfirming] = useState<ReportAction | null>(null);
  const [error, setError] = useState<MessageKey | null>(null);
  const [busy, setBusy] = useState(false);
  const clean = cleanReason(note);

  const resolve = async (action: ReportAction) => {
    setBusy(true);
    const outcome = await service.resolveReport(report.id, action, clean ?? '');
    setBusy(false);
    setConfirming(null);
    if (!outcome.ok) {
      setError(outcome.message);
      return;
    }
    onResolved();
  };

  const open = report.handled_at === null;
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
        <bdi>{report.reason}</bdi>
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
          <label className="field">
            <span className="field-label">{t('console.admin.reports.note')}</span>
            <input
              className="input"
              value={note}
              maxLength={REASON_MAX}
              onChange={(e) => setNote(e.target.value)}
              data-testid="admin-report-note"
            />
          </label>
          <p className="cs-muted cs-admin__hint">{t('console.admin.reports.noteHint')}</p>
          <div className="cs-inline">
            <button
              type="button"
              className="cs-btn"
              disabled={busy}
              onClick={() => void resolve('dismiss')}
            >
              {t('console.admin.reports.dismiss')}
            </button>
            <button
              type="button"
              className="cs-btn"
              disabled={busy || clean === null}
              onClick={() => setConfirming('warn')}
            >
              {t('console.admin.reports.warn')}
            </button>
            <button
              type="button"
              className="cs-btn cs-btn--danger"
              disabled={busy || clean === null}
              onClick={() => setConfirming('ban')}
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
      <ErrorLine error={error} />
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
          busy={busy}
          onClose={() => setConfirming(null)}
          onConfirm={() => void resolve(confirming)}
        />
      ) : null}
    </article>
  );
}

// ---- staff ----

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

function StaffSection() {
  const { t, language } = useConsoleT();
  const service = useService();
  const me = useConsole((s) => s.staff);
  const [staff, setStaff] = useState<StaffEntry[] | null>(null);
  const [error, setError] = useState<MessageKey | null>(null);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('operator');
  const [password, setPassword] = useState('');
  const [secret, setSecret] = useState<TotpSecret | null>(null);
  const [confirm, setConfirm] = useState<{ entry: StaffEntry; kind: 'disable' | 'reset' } | null>(
    null,
  );
  const [newPassword, setNewPassword] = useState('');
  const [busy, setBusy] = useState(false);

  const [version, setVersion] = useState(0);
  const load = () => setVersion((v) => v + 1);
  useEffect(() => {
    let live = true;
    void service.staffList().then((outcome) => {
      if (!live) return;
      if (outcome.ok) setStaff(outcome.value);
      else setError(outcome.message);
    });
    return () => {
      live = false;
    };
  }, [service, version]);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const outcome = await service.addStaff(email.trim(), role, password);
    setBusy(false);
    if (!outcome.ok) {
      setError(outcome.message);
      return;
    }
    setError(null);
    setSecret(outcome.value);
    setEmail('');
    setPassword('');
    load();
  };

  const toggle = async (entry: StaffEntry, disabled: boolean) => {
    setBusy(true);
    const outcome = await service.setStaffDisabled(entry.id, disabled);
    setBusy(false);
    setConfirm(null);
    if (!outcome.ok) {
      setError(outcome.message);
      return;
    }
    load();
  };

  const reset = async (entry: StaffEntry) => {
    setBusy(true);
    const outcome = await service.resetStaff(entry.id, newPassword);
    setBusy(false);
    setConfirm(null);
    setNewPassword('');
    if (!outcome.ok) {
      setError(outcome.message);
      return;
    }
    setSecret(outcome.value);
    load();
  };

  return (
    <div className="cs-admin__staff">
      <ErrorLine error={error} />
      {secret ? <SecretBox secret={secret} /> : null}
      <section className="cs-card">
        <div className="cs-table-wrap">
          <table className="cs-table" data-testid="admin-staff">
            <thead>
              <tr>
                <th scope="col">{t('console.admin.staff.email')}</th>
                <th scope="col">{t('console.admin.staff.role')}</th>
                <th scope="col">{t('console.admin.staff.status')}</th>
                <th scope="col">{t('console.admin.staff.locks')}</th>
                <th scope="col">{t('console.admin.members.joined')}</th>
                <th scope="col" />
              </tr>
            </thead>
            <tbody>
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
                        <button
                          type="button"
                          className="cs-btn cs-btn--small"
                          disabled={busy}
                          onClick={() => void toggle(s, false)}
                        >
                          {t('console.admin.staff.enable')}
                        </button>
                      ) : (
                        <button
                          type="button"
                          className="cs-btn cs-btn--small"
                          disabled={busy}
                          onClick={() => setConfirm({ entry: s, kind: 'disable' })}
                        >
                          {t('console.admin.staff.disable')}
                        </button>
                      )}
                      <button
                        type="button"
                        className="cs-btn cs-btn--small"
                        disabled={busy}
                        onClick={() => setConfirm({ entry: s, kind: 'reset' })}
                      >
                        {t('console.admin.staff.reset')}
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section className="cs-card">
        <h4 className="cs-card__title">{t('console.admin.staff.addTitle')}</h4>
        <form className="cs-admin__form cs-admin__form--row" onSubmit={(e) => void add(e)}>
          <label className="field cs-grow">
            <span className="field-label">{t('console.admin.staff.email')}</span>
            <input
              className="input"
              type="email"
              dir="ltr"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              autoComplete="off"
            />
          </label>
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
          <label className="field cs-grow">
            <span className="field-label">{t('console.admin.staff.password')}</span>
            <input
              className="input"
              type="password"
              dir="ltr"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              autoComplete="new-password"
            />
          </label>
          <button
            type="submit"
            className="cs-btn cs-btn--primary"
            disabled={busy || !email.trim() || !validStaffPassword(password)}
          >
            {t('console.admin.staff.add')}
          </button>
        </form>
        <p className="cs-muted cs-admin__hint">{t('console.admin.staff.passwordHint')}</p>
      </section>
      {confirm?.kind === 'disable' ? (
        <ConfirmDialog
          title={t('console.admin.confirm.disable.title', { email: confirm.entry.email })}
          body={t('console.admin.confirm.disable.body', { email: confirm.entry.email })}
          confirmLabel={t('console.admin.confirm.disable.confirm')}
          busy={busy}
          onClose={() => setConfirm(null)}
          onConfirm={() => void toggle(confirm.entry, true)}
        />
      ) : null}
      {confirm?.kind === 'reset' ? (
        <ConfirmDialog
          title={t('console.admin.confirm.reset.title', { email: confirm.entry.email })}
          body={t(
            confirm.entry.role === 'admin'
              ? 'console.admin.confirm.reset.bodyAdmin'
              : 'console.admin.confirm.reset.body',
            { email: confirm.entry.email },
          )}
          confirmLabel={t('console.admin.confirm.reset.confirm')}
          busy={busy || !validStaffPassword(newPassword)}
          onClose={() => setConfirm(null)}
          onConfirm={() => void reset(confirm.entry)}
        >
          <label className="field">
            <span className="field-label">{t('console.admin.staff.newPassword')}</span>
            <input
              className="input"
              type="password"
              dir="ltr"
              value={newPassword}
              onChange={(e) => setNewPassword(e.target.value)}
              autoComplete="new-password"
            />
          </label>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
