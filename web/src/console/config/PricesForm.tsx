// Single numbers: the price of each feature in credits, the daily like limit and the referral
// reward.
import { useState } from 'react';
import {
  changedPrices,
  likeLimitProblem,
  parseWhole,
  priceDrafts,
  priceProblems,
  referralRewardProblem,
  type PriceDrafts,
  noProblems,
} from '../configForm';
import { useService } from '../context';
import { formatCount } from '../dashboard';
import { useConsoleT } from '../hooks';
import type { ConfigFeaturePrice } from '../protocol';
import { ConfigSection, DraftField, type SectionProps } from './ConfigSection';

export function PricesForm({ value: prices, onSaved }: SectionProps<ConfigFeaturePrice[]>) {
  const { t, language } = useConsoleT();
  const service = useService();
  const [drafts, setDrafts] = useState<PriceDrafts>(() => priceDrafts(prices));
  const problems = priceProblems(drafts);
  const valid = noProblems(problems);
  const changed = valid ? changedPrices(prices, drafts) : [];
  const featureName = (feature: string) =>
    t(`console.config.feature.${feature}`, { defaultValue: feature });

  return (
    <ConfigSection
      testId="config-prices"
      title={t('console.config.prices.title')}
      lead={t('console.config.prices.lead')}
      drafts={drafts}
      canSave={valid && changed.length > 0}
      changes={changed.map((c) =>
        t('console.config.change.price', {
          feature: featureName(c.feature),
          before: formatCount(prices.find((p) => p.feature === c.feature)?.credits ?? 0, language),
          after: formatCount(c.credits, language),
        }),
      )}
      onReset={() => setDrafts(priceDrafts(prices))}
      save={() => service.saveFeaturePrices(changed)}
      onSaved={onSaved}
    >
      <div className="cs-config__prices">
        {prices.map((p) => (
          <DraftField
            key={p.feature}
            label={featureName(p.feature)}
            value={drafts[p.feature] ?? ''}
            onValue={(value) => setDrafts({ ...drafts, [p.feature]: value })}
            problem={problems[`${p.feature}:credits`]}
            testId={`config-price-${p.feature}`}
          />
        ))}
      </div>
    </ConfigSection>
  );
}

export function LikeLimitForm({ value: limit, onSaved }: SectionProps<number>) {
  const { t, language } = useConsoleT();
  const service = useService();
  const [draft, setDraft] = useState(String(limit));
  const problem = likeLimitProblem(draft);
  const value = parseWhole(draft);
  return (
    <ConfigSection
      testId="config-like-limit"
      title={t('console.config.likeLimit.title')}
      drafts={draft}
      canSave={problem === null && value !== null && value !== limit}
      changes={[
        t('console.config.change.likeLimit', {
          before: formatCount(limit, language),
          after: formatCount(value ?? 0, language),
        }),
      ]}
      onReset={() => setDraft(String(limit))}
      save={() => service.saveLikeLimit(value ?? limit)}
      onSaved={onSaved}
    >
      <DraftField
        label={t('console.config.likeLimit.label')}
        value={draft}
        onValue={setDraft}
        problem={problem ?? undefined}
      />
    </ConfigSection>
  );
}

export function ReferralRewardForm({ value: reward, onSaved }: SectionProps<number>) {
  const { t, language } = useConsoleT();
  const service = useService();
  const [draft, setDraft] = useState(String(reward));
  const problem = referralRewardProblem(draft);
  const value = parseWhole(draft);
  return (
    <ConfigSection
      testId="config-referral-reward"
      title={t('console.config.referralReward.title')}
      drafts={draft}
      canSave={problem === null && value !== null && value !== reward}
      changes={[
        t('console.config.change.referralReward', {
          before: formatCount(reward, language),
          after: formatCount(value ?? 0, language),
        }),
      ]}
      onReset={() => setDraft(String(reward))}
      save={() => service.saveReferralReward(value ?? reward)}
      onSaved={onSaved}
    >
      <DraftField
        label={t('console.config.referralReward.label')}
        value={draft}
        onValue={setDraft}
        problem={problem ?? undefined}
      />
    </ConfigSection>
  );
}
