// The gifts members send: each one's icon, its name in the three languages, and its price.
import { useState } from 'react';
import {
  giftDraft,
  giftIcons,
  giftProblems,
  giftsOf,
  type GiftDraft,
  type GiftField,
  editRow,
  noProblems,
} from '../configForm';
import { useService } from '../context';
import { useConsoleT } from '../hooks';
import type { ConfigGift } from '../protocol';
import { ConfigSection, DraftTable, type DraftColumn, type SectionProps } from './ConfigSection';

const FIELDS: readonly GiftField[] = ['name_he', 'name_en', 'name_de', 'price'];

export function GiftsForm({ value: gifts, onSaved }: SectionProps<ConfigGift[]>) {
  const { t } = useConsoleT();
  const service = useService();
  const [drafts, setDrafts] = useState<GiftDraft[]>(() => gifts.map(giftDraft));
  const problems = giftProblems(drafts);
  const list = giftsOf(drafts);
  const icons = giftIcons(gifts);
  const changes = list.flatMap((g) => {
    const old = gifts.find((b) => b.id === g.id);
    if (!old) return [];
    return (['icon', ...FIELDS] as const).flatMap((field) =>
      old[field] === g[field]
        ? []
        : [
            t('console.config.change.gift', {
              name: g.name_en,
              field: t(`console.config.gifts.${field}`),
              before: String(old[field]),
              after: String(g[field]),
            }),
          ],
    );
  });

  const columns: DraftColumn<GiftDraft>[] = [
    {
      kind: 'cell',
      header: t('console.config.gifts.icon'),
      cell: (g) => (
        <span className="cs-config__icon">
          <img src={g.icon} alt="" width={28} height={28} />
          <select
            className="cs-select"
            value={g.icon}
            onChange={(e) => {
              const icon = e.target.value;
              setDrafts(editRow(g.id, (x) => ({ ...x, icon })));
            }}
            aria-label={t('console.config.gifts.iconFor', { name: g.name_en })}
          >
            {icons.map((icon) => (
              <option key={icon} value={icon}>
                {icon.replace('/gifts/', '').replace('.svg', '')}
              </option>
            ))}
          </select>
        </span>
      ),
    },
    ...FIELDS.map((field): DraftColumn<GiftDraft> => ({
      kind: 'input',
      field,
      header: t(`console.config.gifts.${field}`),
      label: (g) => `${t(`console.config.gifts.${field}`)} (${g.name_en})`,
      inputMode: field === 'price' ? 'numeric' : 'text',
      dir: field === 'name_he' ? 'rtl' : 'ltr',
      lang: field === 'price' ? undefined : field.slice(5),
      text: true,
    })),
  ];

  return (
    <ConfigSection
      testId="config-gifts"
      title={t('console.config.gifts.title')}
      lead={t('console.config.gifts.lead')}
      drafts={drafts}
      canSave={noProblems(problems) && changes.length > 0}
      changes={changes}
      onReset={() => setDrafts(gifts.map(giftDraft))}
      save={() => service.saveGifts(list)}
      onSaved={onSaved}
    >
      <DraftTable
        rows={drafts}
        columns={columns}
        problems={problems}
        onEdit={(id, change) => setDrafts(editRow(id, change))}
        className="cs-config__gifts"
      />
    </ConfigSection>
  );
}
