// The premium packages: months, the total in both currencies, the saving shown, and which one the
// app recommends.
import { useState } from 'react';
import {
  editRow,
  noProblems,
  premiumDraft,
  premiumOf,
  premiumProblems,
  type PremiumDraft,
} from '../configForm';
import { useService } from '../context';
import { formatMoney } from '../dashboard';
import { useConsoleT } from '../hooks';
import type { ConfigPremiumPackage } from '../protocol';
import { ConfigSection, DraftTable, type DraftColumn, type SectionProps } from './ConfigSection';

const FIELDS = ['months', 'totalIls', 'totalUsd', 'saves'] as const;

export function PremiumForm({ value: packages, onSaved }: SectionProps<ConfigPremiumPackage[]>) {
  const { t, language } = useConsoleT();
  const service = useService();
  const [drafts, setDrafts] = useState<PremiumDraft[]>(() => packages.map(premiumDraft));
  const problems = premiumProblems(drafts);
  const list = premiumOf(drafts);

  const describe = (p: ConfigPremiumPackage) =>
    t('console.config.premium.summary', {
      months: p.months,
      ils: formatMoney(p.total_ils_minor, 'ILS', language),
      usd: formatMoney(p.total_usd_minor, 'USD', language),
    });
  const changes = list.flatMap((p) => {
    const old = packages.find((b) => b.id === p.id);
    if (old && JSON.stringify(old) === JSON.stringify(p)) return [];
    return [
      t('console.config.change.premium', {
        id: p.id,
        before: old ? describe(old) : t('console.config.wheel.none'),
        after: describe(p),
      }),
    ];
  });

  const columns: DraftColumn<PremiumDraft>[] = [
    { kind: 'head', header: t('console.config.packages.id'), cell: (d) => d.id },
    ...FIELDS.map((field): DraftColumn<PremiumDraft> => ({
      kind: 'input',
      field,
      header: t(`console.config.premium.${field}`),
      inputMode: field === 'totalIls' || field === 'totalUsd' ? 'decimal' : 'numeric',
    })),
    {
      kind: 'cell',
      header: t('console.config.premium.recommended'),
      cell: (d) => (
        <input
          type="radio"
          name="premium-recommended"
          checked={d.recommended}
          onChange={() =>
            setDrafts((all) => all.map((x) => ({ ...x, recommended: x.id === d.id })))
          }
          aria-label={t('console.config.premium.recommendedFor', { id: d.id })}
        />
      ),
    },
  ];

  return (
    <ConfigSection
      testId="config-premium"
      title={t('console.config.premium.title')}
      drafts={drafts}
      canSave={noProblems(problems) && JSON.stringify(list) !== JSON.stringify(packages)}
      changes={changes}
      onReset={() => setDrafts(packages.map(premiumDraft))}
      save={() => service.savePremiumPackages(list)}
      onSaved={onSaved}
    >
      <DraftTable
        rows={drafts}
        columns={columns}
        problems={problems}
        onEdit={(id, change) => setDrafts(editRow(id, change))}
      />
    </ConfigSection>
  );
}
