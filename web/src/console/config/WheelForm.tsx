// The wheel of fortune: its segments (a prize and a weight each), each one's odds, and what a spin
// pays on average against what it costs; the server refuses a wheel that pays too much.
import { useState } from 'react';
import { languageInfo } from '../../i18n/languages';
import {
  WHEEL_SEGMENTS,
  expectedCreditsPerSpin,
  newPrizeDraft,
  prizeDraft,
  prizeProblems,
  prizesOf,
  wheelChanged,
  wheelOdds,
  wheelPaysTooMuch,
  type PrizeDraft,
  editRow,
  noProblems,
} from '../configForm';
import { useService } from '../context';
import { useConsoleT } from '../hooks';
import type { ConfigWheelPrize } from '../protocol';
import {
  ConfigSection,
  DraftTable,
  removeColumn,
  type DraftColumn,
  type SectionProps,
} from './ConfigSection';

const KINDS: readonly ConfigWheelPrize['kind'][] = ['coins', 'freespin', 'nothing'];

export function WheelForm({
  value: prizes,
  spinPrice,
  onSaved,
}: SectionProps<ConfigWheelPrize[]> & { spinPrice: number }) {
  const { t, language } = useConsoleT();
  const service = useService();
  const [drafts, setDrafts] = useState<PrizeDraft[]>(() => prizes.map(prizeDraft));
  const problems = prizeProblems(drafts);
  const wheel = prizesOf(drafts);
  const odds = wheelOdds(wheel);
  const expected = expectedCreditsPerSpin(wheel);
  const tooMuch = wheelPaysTooMuch(wheel, spinPrice);
  const locale = languageInfo(language).locale;
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
  const credits = (value: number | null) =>
    value === null
      ? '∞'
      : new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value);
  const edit = (id: number, change: (draft: PrizeDraft) => PrizeDraft) =>
    setDrafts(editRow(id, change));

  const describe = (p: ConfigWheelPrize | undefined) =>
    p
      ? t('console.config.wheel.segment', {
          prize: t(`console.config.wheel.kind.${p.kind}`, { n: p.amount }),
          weight: credits(p.weight),
        })
      : t('console.config.wheel.none');
  const changes: string[] = [];
  for (let i = 0; i < Math.max(prizes.length, wheel.length); i += 1) {
    const before = describe(prizes[i]);
    const after = describe(wheel[i]);
    if (before !== after) {
      changes.push(t('console.config.change.segment', { n: i + 1, before, after }));
    }
  }
  changes.push(
    t('console.config.change.expected', {
      before: credits(expectedCreditsPerSpin(prizes)),
      after: credits(expected),
    }),
  );

  const columns: DraftColumn<PrizeDraft>[] = [
    { kind: 'head', header: t('console.config.wheel.position'), cell: (_, index) => index + 1 },
    {
      kind: 'cell',
      header: t('console.config.wheel.kindLabel'),
      cell: (d) => (
        <select
          className="cs-select"
          value={d.kind}
          onChange={(e) => {
            const kind = e.target.value as ConfigWheelPrize['kind'];
            edit(d.id, (x) => ({ ...x, kind, amount: kind === 'nothing' ? '0' : x.amount }));
          }}
          aria-label={t('console.config.wheel.kindLabel')}
        >
          {KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`console.config.wheel.kindName.${kind}`)}
            </option>
          ))}
        </select>
      ),
    },
    {
      kind: 'input',
      field: 'amount',
      header: t('console.config.wheel.amount'),
      disabled: (d) => d.kind === 'nothing',
    },
    { kind: 'input', field: 'weight', header: t('console.config.wheel.weight') },
    {
      kind: 'cell',
      header: t('console.config.wheel.odds'),
      num: true,
      cell: (_, index) => percent.format(odds[index] ?? 0),
    },
    removeColumn(t('console.config.packages.remove'), drafts, WHEEL_SEGMENTS.min, (id) =>
      setDrafts((list) => list.filter((x) => x.id !== id)),
    ),
  ];

  return (
    <ConfigSection
      testId="config-wheel"
      title={t('console.config.wheel.title')}
      lead={t('console.config.wheel.lead')}
      drafts={drafts}
      canSave={noProblems(problems) && !tooMuch && wheelChanged(prizes, wheel)}
      changes={changes}
      onReset={() => setDrafts(prizes.map(prizeDraft))}
      save={() => service.saveWheel(wheel)}
      onSaved={onSaved}
      extra={
        <button
          type="button"
          className="cs-btn"
          disabled={drafts.length >= WHEEL_SEGMENTS.max}
          onClick={() => setDrafts((list) => [...list, newPrizeDraft(list)])}
        >
          {t('console.config.wheel.add')}
        </button>
      }
    >
      <DraftTable rows={drafts} columns={columns} problems={problems} onEdit={edit} />
      <p
        className={tooMuch ? 'cs-error' : 'cs-muted'}
        role={tooMuch ? 'alert' : undefined}
        data-testid="config-wheel-expected"
      >
        {t(tooMuch ? 'console.config.wheel.tooMuch' : 'console.config.wheel.expected', {
          value: credits(expected),
          price: credits(spinPrice),
        })}
      </p>
    </ConfigSection>
  );
}
