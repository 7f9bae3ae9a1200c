// The credit packages: credits, the price in both currencies, the discount and free spins shown,
// and whether the promotion runs, and until when.
import { useState } from 'react';
import type { LanguageCode } from '../../realtime/protocol';
import {
  MAX_PACKAGES,
  newPackageDraft,
  packageChanges,
  packageDraft,
  packageProblems,
  packagesOf,
  problemKeyOfServerField,
  promoEndsFromInput,
  promoEndsInput,
  type PackageChange,
  type PackageDraft,
  type PackageField,
  editRow,
  noProblems,
} from '../configForm';
import { useService } from '../context';
import { formatMoney } from '../dashboard';
import { formatTimestamp } from '../format';
import { useConsoleT } from '../hooks';
import type { ConfigCreditPackage } from '../protocol';
import {
  ConfigSection,
  DraftTable,
  removeColumn,
  type DraftColumn,
  type SectionProps,
} from './ConfigSection';

const FIELDS: readonly PackageField[] = [
  'credits',
  'priceIls',
  'priceUsd',
  'discount',
  'freeSpins',
];

export function PackagesForm({ value: packages, onSaved }: SectionProps<ConfigCreditPackage[]>) {
  const { t, language } = useConsoleT();
  const service = useService();
  const [drafts, setDrafts] = useState<PackageDraft[]>(() => packages.map(packageDraft));
  // The field the server refused, as long as the drafts it refused are shown.
  const [refused, setRefused] = useState<{ drafts: PackageDraft[]; key: string } | null>(null);
  const problems = {
    ...(refused?.drafts === drafts ? { [refused.key]: 'price' as const } : {}),
    ...packageProblems(drafts),
  };
  const valid = noProblems(packageProblems(drafts));
  const changes = valid ? packageChanges(packages, packagesOf(drafts)) : [];
  const edit = (id: number, change: (draft: PackageDraft) => PackageDraft) =>
    setDrafts(editRow(id, change));

  const columns: DraftColumn<PackageDraft>[] = [
    { kind: 'head', header: t('console.config.packages.id'), cell: (d) => d.id },
    ...FIELDS.map((field): DraftColumn<PackageDraft> => ({
      kind: 'input',
      field,
      header: t(`console.config.packages.${field}`),
      inputMode: field === 'priceIls' || field === 'priceUsd' ? 'decimal' : 'numeric',
      testId: (d) => `config-${field}-${d.id}`,
    })),
    {
      kind: 'cell',
      header: t('console.config.packages.promo'),
      cell: (d) => (
        <input
          type="checkbox"
          checked={d.promoActive}
          onChange={(e) => {
            const promoActive = e.target.checked;
            edit(d.id, (x) => ({ ...x, promoActive }));
          }}
          aria-label={t('console.config.packages.promoFor', { id: d.id })}
        />
      ),
    },
    {
      kind: 'cell',
      header: t('console.config.packages.promoEnds'),
      cell: (d) => (
        <input
          type="datetime-local"
          className="cs-config__input cs-config__input--date"
          value={promoEndsInput(d.promoEnds)}
          disabled={!d.promoActive}
          onChange={(e) => {
            const promoEnds = promoEndsFromInput(e.target.value);
            edit(d.id, (x) => ({ ...x, promoEnds }));
          }}
          aria-label={t('console.config.packages.promoEndsFor', { id: d.id })}
          title={t('console.config.packages.promoEndsHint')}
          data-testid={`config-promo-ends-${d.id}`}
        />
      ),
    },
    removeColumn(t('console.config.packages.remove'), drafts, 1, (id) =>
      setDrafts((list) => list.filter((x) => x.id !== id)),
    ),
  ];

  return (
    <ConfigSection
      testId="config-packages"
      title={t('console.config.packages.title')}
      lead={t('console.config.packages.lead')}
      drafts={drafts}
      canSave={valid && changes.length > 0}
      changes={changes.map((c) => describePackageChange(c, t, language))}
      onReset={() => setDrafts(packages.map(packageDraft))}
      save={() => service.saveCreditPackages(packagesOf(drafts))}
      onSaved={onSaved}
      onRefused={(refusal) => {
        const key = problemKeyOfServerField(refusal.details.field, packagesOf(drafts));
        setRefused(key ? { drafts, key } : null);
      }}
      extra={
        <button
          type="button"
          className="cs-btn"
          disabled={drafts.length >= MAX_PACKAGES}
          onClick={() => setDrafts((list) => [...list, newPackageDraft(list)])}
        >
          {t('console.config.packages.add')}
        </button>
      }
    >
      <DraftTable
        rows={drafts}
        columns={columns}
        problems={problems}
        onEdit={edit}
        rowTestId={(d) => `config-package-${d.id}`}
      />
    </ConfigSection>
  );
}

type Translate = ReturnType<typeof useConsoleT>['t'];

function describePackageChange(
  change: PackageChange,
  t: Translate,
  language: LanguageCode,
): string {
  if (change.kind !== 'changed') {
    return t(`console.config.change.${change.kind}`, { id: change.id });
  }
  const show = (value: number | null): string => {
    if (value === null) return '—';
    if (change.field === 'price_ils_minor') return formatMoney(value, 'ILS', language);
    if (change.field === 'price_usd_minor') return formatMoney(value, 'USD', language);
    if (change.field === 'promo_active')
      return t(value ? 'console.config.on' : 'console.config.off');
    if (change.field === 'promo_ends') return formatTimestamp(value, language, true);
    return String(value);
  };
  return t('console.config.change.field', {
    id: change.id,
    field: t(`console.config.field.${change.field}`),
    before: show(change.before),
    after: show(change.after),
  });
}
