// The admin dashboard: revenue, messages, new members and answer times over a range of days, as
// charts (Chart.tsx, uPlot). Loaded on demand, so operators never download the charting library.
import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import Chart, { type ChartProps, type ChartSeries } from './Chart';
import { useService } from './context';
import {
  RANGE_PRESETS,
  currenciesOf,
  defaultCurrency,
  formatCount,
  formatMoney,
  percentileSeries,
  presetRange,
  rangeProblem,
  revenueIn,
  sum,
  toMajor,
  type DayRange,
  type RangePreset,
} from './dashboard';
import { formatDuration } from './format';
import { useConsoleT } from './hooks';
import type { AdminDashboard, RevenueSeries } from './protocol';
import type { MessageKey } from './refusals';
import { ErrorLine, PressedButtons } from './ui';

/** The preset's days up to today, at the moment it is chosen. */
const rangeEndingToday = (days: RangePreset): DayRange => presetRange(days, Date.now());

// Value axis steps: whole counts, and durations in round seconds, minutes and hours.
const COUNT_STEPS = [
  1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000,
  1_000_000,
];
const DURATION_STEPS = [
  1, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 14_400, 43_200, 86_400,
];

const PALETTE = ['#5b3fd0', '#e0558a', '#1f9d8f', '#d98a1c', '#3b82c4', '#8a5a44', '#7a8b1f'];
const color = (index: number): string => PALETTE[index % PALETTE.length] ?? '#5b3fd0';

type Choice = RangePreset | 'custom';
const CHOICES: readonly Choice[] = [...RANGE_PRESETS, 'custom'];

export default function DashboardView() {
  const { t } = useConsoleT();
  const service = useService();
  const [choice, setChoice] = useState<Choice>(30);
  const [range, setRange] = useState<DayRange>(() => rangeEndingToday(30));
  const [draft, setDraft] = useState<DayRange>(range);
  const [result, setResult] = useState<{
    range: DayRange;
    data: AdminDashboard | null;
    error: MessageKey | null;
  } | null>(null);

  useEffect(() => {
    let live = true;
    void service.dashboard(range.from, range.to).then((outcome) => {
      if (!live) return;
      setResult(
        outcome.ok
          ? { range, data: outcome.value, error: null }
          : { range, data: null, error: outcome.message },
      );
    });
    return () => {
      live = false;
    };
  }, [service, range]);

  const current = result?.range === range ? result : null;
  const problem = choice === 'custom' ? rangeProblem(draft) : null;

  const choose = (next: Choice) => {
    setChoice(next);
    if (next !== 'custom') {
      const preset = rangeEndingToday(next);
      setRange(preset);
      setDraft(preset);
    }
  };
  const applyCustom = (event: FormEvent) => {
    event.preventDefault();
    if (!rangeProblem(draft)) setRange({ ...draft });
  };

  return (
    <main className="cs-report cs-dashboard" data-testid="dashboard-view">
      <div className="cs-report__head">
        <h2 className="cs-panel-title">{t('console.dashboard.title')}</h2>
        <PressedButtons
          options={CHOICES}
          value={choice}
          onChange={choose}
          label={t('console.dashboard.range')}
          labelOf={(c) =>
            c === 'custom' ? t('console.dashboard.custom') : t('console.stats.lastDays', { n: c })
          }
          className="cs-range"
          buttonClassName="cs-range__btn"
          testId={(c) => `dashboard-range-${c}`}
        />
      </div>
      {choice === 'custom' ? (
        <form className="cs-range__custom" onSubmit={applyCustom} noValidate>
          {(['from', 'to'] as const).map((end) => (
            <label key={end} className="cs-inline">
              <span>{t(`console.dashboard.${end}`)}</span>
              <input
                className="input cs-date"
                type="date"
                value={draft[end]}
                onChange={(e) => setDraft({ ...draft, [end]: e.target.value })}
                data-testid={`dashboard-${end}`}
              />
            </label>
          ))}
          <button type="submit" className="cs-btn" disabled={problem !== null}>
            {t('console.dashboard.show')}
          </button>
          {problem ? (
            <p className="cs-error" role="alert">
              {t(`console.dashboard.problem.${problem}`)}
            </p>
          ) : null}
        </form>
      ) : null}
      <ErrorLine error={current?.error ?? null} />
      {!current ? <p className="cs-empty">{t('console.common.loading')}</p> : null}
      {current?.data ? <Charts data={current.data} /> : null}
    </main>
  );
}

function Charts({ data }: { data: AdminDashboard }) {
  const { t, language } = useConsoleT();
  const currencies = currenciesOf(data);
  const [picked, setPicked] = useState<RevenueSeries['currency'] | null>(null);
  const currency = picked && currencies.includes(picked) ? picked : defaultCurrency(data, language);

  const revenue = useMemo<ChartSeries[]>(
    () =>
      revenueIn(data, currency).map((s, i) => ({
        label: t(`console.dashboard.package.${s.kind}`, { id: s.package_id }),
        values: s.amounts_minor,
        color: color(i),
        summary: `${formatMoney(s.total_minor, currency, language)} · ${t(
          'console.dashboard.orders',
          { count: s.orders, n: formatCount(s.orders, language) },
        )}`,
      })),
    [data, currency, language, t],
  );
  const messages = useMemo<ChartSeries[]>(
    () => [
      {
        label: t('console.dashboard.fromMembers'),
        values: data.messages.from_members,
        color: color(0),
        summary: formatCount(sum(data.messages.from_members), language),
      },
      {
        label: t('console.dashboard.fromPersonas'),
        values: data.messages.from_personas,
        color: color(1),
        summary: formatCount(sum(data.messages.from_personas), language),
      },
    ],
    [data, language, t],
  );
  const members = useMemo<ChartSeries[]>(
    () => [
      {
        label: t('console.dashboard.newMembers'),
        values: data.new_members,
        color: color(2),
        summary: formatCount(sum(data.new_members), language),
      },
    ],
    [data, language, t],
  );
  const times = useMemo<ChartSeries[]>(() => {
    const { median, p90 } = percentileSeries(data);
    const overall = data.response_times.overall;
    return [
      {
        label: t('console.stats.median'),
        values: median,
        color: color(0),
        summary: formatDuration(overall.median_seconds, language),
      },
      {
        label: t('console.stats.p90'),
        values: p90,
        color: color(3),
        summary: formatDuration(overall.p90_seconds, language),
      },
    ];
  }, [data, language, t]);

  const money = useMemo(
    () => (major: number) => formatMoney(major * 100, currency, language, true),
    [currency, language],
  );
  const count = useMemo(() => (v: number) => formatCount(v, language), [language]);
  const duration = useMemo(() => (v: number) => formatDuration(v, language), [language]);
  const revenueMajor = useMemo(
    () =>
      revenue.map((s) => ({ ...s, values: s.values.map((v) => (v === null ? v : toMajor(v))) })),
    [revenue],
  );

  return (
    <div className="cs-report__grid cs-dashboard__grid">
      <ChartCard
        testId="chart-revenue"
        title={t('console.dashboard.revenue')}
        emptyText={revenue.length === 0 ? t('console.dashboard.emptyRevenue') : null}
        extra={
          currencies.length > 1 ? (
            <PressedButtons
              options={currencies}
              value={currency}
              onChange={setPicked}
              label={t('console.dashboard.currency')}
              labelOf={(c) => c}
              className="cs-range"
              buttonClassName="cs-range__btn"
            />
          ) : null
        }
        days={data.days}
        series={revenueMajor}
        format={money}
      />
      <ChartCard
        testId="chart-messages"
        title={t('console.dashboard.messages')}
        emptyText={
          sum(data.messages.from_members) + sum(data.messages.from_personas) === 0
            ? t('console.dashboard.emptyMessages')
            : null
        }
        days={data.days}
        series={messages}
        format={count}
        steps={COUNT_STEPS}
      />
      <ChartCard
        testId="chart-members"
        title={t('console.dashboard.members')}
        emptyText={sum(data.new_members) === 0 ? t('console.dashboard.emptyMembers') : null}
        days={data.days}
        series={members}
        format={count}
        steps={COUNT_STEPS}
        bars
      />
      <ChartCard
        testId="chart-response-times"
        title={t('console.dashboard.responseTimes')}
        emptyText={data.response_times.overall.answered === 0 ? t('console.stats.empty') : null}
        days={data.days}
        series={times}
        format={duration}
        steps={DURATION_STEPS}
      />
    </div>
  );
}

/** A chart under its title, or what is missing when there is nothing to draw. */
function ChartCard({
  title,
  emptyText,
  extra,
  ...chart
}: {
  title: string;
  /** Shown instead of the chart: there is nothing to draw. */
  emptyText: string | null;
  extra?: ReactNode;
} & Omit<ChartProps, 'label' | 'language'>) {
  const { language } = useConsoleT();
  return (
    <section className="cs-card cs-chart-card">
      <div className="cs-card__head">
        <h3 className="cs-card__title">{title}</h3>
        {extra}
      </div>
      {emptyText ? (
        <p className="cs-muted cs-chart-card__empty">{emptyText}</p>
      ) : (
        <Chart {...chart} label={title} language={language} />
      )}
    </section>
  );
}
