// One chart of the admin dashboard, drawn by uPlot on a canvas (docs/decisions/0012-charts.md).
// The legend is ours, in HTML: it follows the page's direction and language, and shows each
// series' total for the range, or its value on the day under the pointer. In Hebrew time runs
// from right to left and the value axis stands on the right, as the rest of the page reads.
import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { languageInfo } from '../i18n/languages';
import type { LanguageCode } from '../realtime/protocol';
import { formatDay } from './dashboard';

export interface ChartSeries {
  label: string;
  values: (number | null)[];
  color: string;
  /** What the legend shows when no day is pointed at: usually the range's total. */
  summary: string;
}

export interface ChartProps {
  days: string[];
  series: ChartSeries[];
  /** A value as the axis and the legend show it. */
  format: (value: number) => string;
  /** Bars instead of lines: for a single series of counts. */
  bars?: boolean;
  /** The value axis' tick steps (whole counts, round durations); uPlot's own otherwise. */
  steps?: number[];
  language: LanguageCode;
  label: string;
  testId: string;
}

const HEIGHT = 240;
// Whole days only on the time axis: a tick every 1, 2, 7, 14, 30 or 60 days as space allows.
const DAY_STEPS = [1, 2, 7, 14, 30, 60, 90];

export default function Chart({
  days,
  series,
  format,
  bars,
  steps,
  language,
  label,
  testId,
}: ChartProps) {
  const holder = useRef<HTMLDivElement>(null);
  const [pointed, setPointed] = useState<number | null>(null);
  const rtl = languageInfo(language).rtl;

  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    const styles = getComputedStyle(element);
    const ink = styles.getPropertyValue('--cs-muted').trim() || '#6d6475';
    const grid = styles.getPropertyValue('--cs-line').trim() || '#e2dfe7';
    const withYear = days.length > 0 && days[0]?.slice(0, 4) !== days.at(-1)?.slice(0, 4);
    const options: uPlot.Options = {
      width: Math.max(element.clientWidth, 200),
      height: HEIGHT,
      legend: { show: false },
      padding: [12, 12, 0, 12],
      scales: {
        x: { time: false, dir: rtl ? -1 : 1, range: [-0.5, Math.max(days.length - 0.5, 0.5)] },
        y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
      },
      axes: [
        {
          stroke: ink,
          grid: { show: false },
          ticks: { stroke: grid },
          space: 56,
          incrs: DAY_STEPS,
          values: (_u, splits) =>
            splits.map((i) => {
              const day = Number.isInteger(i) ? days[i] : undefined;
              return day ? formatDay(day, language, withYear) : '';
            }),
        },
        {
          side: rtl ? 1 : 3,
          stroke: ink,
          grid: { stroke: grid, width: 1 },
          ticks: { show: false },
          size: 72,
          ...(steps ? { incrs: steps } : {}),
          values: (_u, splits) => splits.map((v) => format(v)),
        },
      ],
      series: [
        {},
        ...series.map((s) => ({
          label: s.label,
          stroke: s.color,
          width: 2,
          fill: bars ? s.color : `${s.color}1f`,
          points: { show: !bars && days.length <= 45, size: 5 },
          spanGaps: false,
          ...(bars && uPlot.paths.bars
            ? {
                paths: uPlot.paths.bars({ size: [0.6, 36] }),
              }
            : {}),
        })),
      ],
      cursor: { points: { show: !bars }, drag: { x: false, y: false } },
      hooks: {
        setCursor: [
          (u) => {
            const idx = u.cursor.idx;
            setPointed(idx === null || idx === undefined ? null : idx);
          },
        ],
      },
    };
    const data: uPlot.AlignedData = [days.map((_, i) => i), ...series.map((s) => s.values)];
    const plot = new uPlot(options, data, element);
    const resize = new ResizeObserver(() => {
      plot.setSize({ width: Math.max(element.clientWidth, 200), height: HEIGHT });
    });
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days, series, format, bars, steps, language, rtl]);

  const day = pointed === null ? undefined : days[pointed];
  return (
    <figure className="cs-chart" data-testid={testId}>
      <div className="cs-chart__plot" ref={holder} role="img" aria-label={label} />
      <figcaption className="cs-chart__legend">
        {day ? <span className="cs-chart__day">{formatDay(day, language, true)}</span> : null}
        <ul className="cs-chart__series">
          {series.map((s) => {
            const value = pointed === null ? undefined : s.values[pointed];
            return (
              <li key={s.label} className="cs-chart__item">
                <span className="cs-chart__swatch" style={{ background: s.color }} aria-hidden />
                <span className="cs-chart__label">{s.label}</span>
                <span className="cs-chart__value" data-testid="chart-legend-value">
                  {day === undefined
                    ? s.summary
                    : value === null || value === undefined
                      ? '—'
                      : format(value)}
                </span>
              </li>
            );
          })}
        </ul>
      </figcaption>
    </figure>
  );
}
