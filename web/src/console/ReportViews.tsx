// Stats (answers and answer times per operator and persona per day) and, for admins, the audit.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useService } from './context';
import { formatDuration, formatTimestamp } from './format';
import { useConsoleT } from './hooks';
import type { AuditEntry, ConsoleStats, StatsRow } from './protocol';
import type { MessageKey } from './refusals';
import type { AuditFilter, Outcome } from './service';

const DAY_CHOICES = [1, 7, 14, 31] as const;

export function StatsView() {
  const { t, say } = useConsoleT();
  const service = useService();
  const [days, setDays] = useState<number>(7);
  const [result, setResult] = useState<{
    days: number;
    stats: ConsoleStats | null;
    error: MessageKey | null;
  } | null>(null);

  useEffect(() => {
    let live = true;
    void service.stats(days).then((outcome) => {
      if (!live) return;
      setResult(
        outcome.ok
          ? { days, stats: outcome.value, error: null }
          : { days, stats: null, error: outcome.message },
      );
    });
    return () => {
      live = false;
    };
  }, [service, days]);
  const current = result?.days === days ? result : null;
  const stats = current?.stats ?? null;
  const error = current?.error ?? null;

  return (
    <main className="cs-report" data-testid="stats-view">
      <div className="cs-report__head">
        <h2 className="cs-panel-title">{t('console.stats.title')}</h2>
        <label className="cs-inline">
          <span>{t('console.stats.days')}</span>
          <select
            className="cs-select"
            value={days}
            onChange={(e) => setDays(Number(e.target.value))}
          >
            {DAY_CHOICES.map((d) => (
              <option key={d} value={d}>
                {t('console.stats.lastDays', { n: d })}
              </option>
            ))}
          </select>
        </label>
      </div>
      {error ? <p className="cs-error">{say(error)}</p> : null}
      {!stats && !error ? <p className="cs-empty">{t('console.common.loading')}</p> : null}
      {stats ? (
        <div className="cs-report__grid">
          <StatsTable
            title={t('console.stats.operators')}
            rows={stats.operators}
            testId="stats-operators"
          />
          <StatsTable
            title={t('console.stats.personas')}
            rows={stats.personas}
            testId="stats-personas"
          />
        </div>
      ) : null}
    </main>
  );
}

function StatsTable({ title, rows, testId }: { title: string; rows: StatsRow[]; testId: string }) {
  const { t, language } = useConsoleT();
  const sorted = [...rows].sort(
    (a, b) => b.day.localeCompare(a.day) || a.label.localeCompare(b.label),
  );
  return (
    <section className="cs-card">
      <h3 className="cs-card__title">{title}</h3>
      {sorted.length === 0 ? (
        <p className="cs-muted">{t('console.stats.empty')}</p>
      ) : (
        <div className="cs-table-wrap">
          <table className="cs-table" data-testid={testId}>
            <thead>
              <tr>
                <th scope="col">{t('console.stats.day')}</th>
                <th scope="col">{t('console.stats.name')}</th>
                <th scope="col" className="cs-num">
                  {t('console.stats.answered')}
                </th>
                <th scope="col" className="cs-num">
                  {t('console.stats.median')}
                </th>
                <th scope="col" className="cs-num">
                  {t('console.stats.p90')}
                </th>
              </tr>
            </thead>
            <tbody>
              {sorted.map((row) => (
                <tr key={`${row.day}:${row.id}`}>
                  <td>
                    {new Intl.DateTimeFormat(language, {
                      dateStyle: 'medium',
                      timeZone: 'UTC',
                    }).format(new Date(`${row.day}T00:00:00Z`))}
                  </td>
                  <td>
                    <bdi>{row.label}</bdi>
                  </td>
                  <td className="cs-num">{row.answered.toLocaleString(language)}</td>
                  <td className="cs-num">{formatDuration(row.median_seconds, language)}</td>
                  <td className="cs-num">{formatDuration(row.p90_seconds, language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export function AuditView() {
  const { t, say, language } = useConsoleT();
  const service = useService();
  const [entries, setEntries] = useState<AuditEntry[]>([]);
  const [more, setMore] = useState(true);
  const [busy, setBusy] = useState(true);
  const [error, setError] = useState<MessageKey | null>(null);
  const [draft, setDraft] = useState<AuditFilter>({});
  const [filter, setFilter] = useState<AuditFilter>({});

  const apply = useCallback((outcome: Outcome<AuditEntry[]>) => {
    setBusy(false);
    if (!outcome.ok) {
      setError(outcome.message);
      return;
    }
    setError(null);
    setMore(outcome.value.length > 0);
    setEntries((current) => {
      const seen = new Set(current.map((e) => e.id));
      return [...current, ...outcome.value.filter((e) => !seen.has(e.id))];
    });
  }, []);

  useEffect(() => {
    let live = true;
    void service.audit(undefined, filter).then((outcome) => {
      if (live) apply(outcome);
    });
    return () => {
      live = false;
    };
  }, [service, apply, filter]);

  const loadOlder = () => {
    setBusy(true);
    void service.audit(entries.at(-1)?.id, filter).then(apply);
  };

  const search = (event: FormEvent) => {
    event.preventDefault();
    setEntries([]);
    setMore(true);
    setBusy(true);
    setFilter({ ...draft });
  };

  const field = (name: keyof AuditFilter, label: string, ltr = true) => (
    <label className="field">
      <span className="field-label">{label}</span>
      <input
        className="input"
        dir={ltr ? 'ltr' : undefined}
        value={draft[name] ?? ''}
        maxLength={64}
        onChange={(e) => setDraft((d) => ({ ...d, [name]: e.target.value }))}
      />
    </label>
  );

  return (
    <main className="cs-report" data-testid="audit-view">
      <div className="cs-report__head">
        <h2 className="cs-panel-title">{t('console.audit.title')}</h2>
      </div>
      <form className="cs-card cs-audit-filter" onSubmit={search} role="search">
        {field('staffId', t('console.audit.filterStaff'))}
        {field('action', t('console.audit.action'))}
        {field('objectType', t('console.audit.filterObjectType'))}
        {field('objectId', t('console.audit.filterObjectId'))}
        <button type="submit" className="cs-btn cs-btn--primary">
          {t('console.audit.filter')}
        </button>
      </form>
      {error ? <p className="cs-error">{say(error)}</p> : null}
      <section className="cs-card">
        <div className="cs-table-wrap">
          <table className="cs-table">
            <thead>
              <tr>
                <th scope="col">{t('console.audit.at')}</th>
                <th scope="col">{t('console.audit.staff')}</th>
                <th scope="col">{t('console.audit.action')}</th>
                <th scope="col">{t('console.audit.object')}</th>
                <th scope="col">{t('console.audit.detail')}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id}>
                  <td>{formatTimestamp(e.at, language, true)}</td>
                  <td dir="ltr">{e.email ?? (e.staff_id !== null ? `#${e.staff_id}` : '—')}</td>
                  <td>
                    <code>{e.action}</code>
                  </td>
                  <td>{e.object_type ? `${e.object_type} ${e.object_id ?? ''}` : '—'}</td>
                  <td>
                    <bdi>{e.detail ?? ''}</bdi>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {!busy && entries.length === 0 && !error ? (
          <p className="cs-muted">{t('console.audit.empty')}</p>
        ) : null}
        {more ? (
          <button type="button" className="cs-btn" disabled={busy} onClick={loadOlder}>
            {busy ? t('console.common.loading') : t('console.audit.more')}
          </button>
        ) : null}
      </section>
    </main>
  );
}
