// Configuration for admins: the credit packages (prices in both currencies, credits, promotion)
// and the prices of features in credits. Each form checks what the server would refuse, shows
// what saving changes, and saves only after the admin confirms; members see the new prices at
// once (docs/protocol.md "Admin: dashboard and configuration").
import { useEffect, useId, useState, type ReactNode } from 'react';
import { languageInfo } from '../i18n/languages';
import { Dialog } from '../ui/Dialog';
import { CannedEditor } from './CannedEditor';
import {
  MAX_PACKAGES,
  WHEEL_SEGMENTS,
  changedPrices,
  expectedCreditsPerSpin,
  giftDraft,
  giftIcons,
  giftProblems,
  giftsOf,
  likeLimitProblem,
  newPrizeDraft,
  parseWhole,
  premiumDraft,
  premiumOf,
  premiumProblems,
  prizeDraft,
  prizeProblems,
  prizesOf,
  wheelChanged,
  wheelOdds,
  wheelPaysTooMuch,
  newPackageDraft,
  packageChanges,
  packageDraft,
  packageProblems,
  packagesOf,
  priceDrafts,
  priceProblems,
  problemKeyOfServerField,
  type PackageChange,
  type PackageDraft,
  type PackageField,
  type GiftDraft,
  type GiftField,
  type PremiumDraft,
  type PriceDrafts,
  type PrizeDraft,
  type Problems,
} from './configForm';
import { useService } from './context';
import { formatCount, formatMoney } from './dashboard';
import { useConsoleT } from './hooks';
import type { LanguageCode } from '../realtime/protocol';
import type {
  AdminConfig,
  ConfigCreditPackage,
  ConfigFeaturePrice,
  ConfigGift,
  ConfigPremiumPackage,
  ConfigWheelPrize,
} from './protocol';
import type { MessageKey } from './refusals';
import type { Outcome } from './service';

export function ConfigView() {
  const { t, say } = useConsoleT();
  const service = useService();
  const [config, setConfig] = useState<AdminConfig | null>(null);
  const [error, setError] = useState<MessageKey | null>(null);

  useEffect(() => {
    let live = true;
    void service.config().then((outcome) => {
      if (!live) return;
      if (outcome.ok) setConfig(outcome.value);
      else setError(outcome.message);
    });
    return () => {
      live = false;
    };
  }, [service]);

  return (
    <main className="cs-report cs-config" data-testid="config-view">
      <div className="cs-report__head">
        <h2 className="cs-panel-title">{t('console.config.title')}</h2>
      </div>
      {error ? <p className="cs-error">{say(error)}</p> : null}
      {!config && !error ? <p className="cs-empty">{t('console.common.loading')}</p> : null}
      {config ? (
        <div className="cs-config__sections">
          <PackagesForm
            key={JSON.stringify(config.credit_packages)}
            packages={config.credit_packages}
            onSaved={setConfig}
          />
          <PremiumForm
            key={JSON.stringify(config.premium_packages)}
            packages={config.premium_packages}
            onSaved={setConfig}
          />
          <PricesForm
            key={JSON.stringify(config.prices)}
            prices={config.prices}
            onSaved={setConfig}
          />
          <GiftsForm key={JSON.stringify(config.gifts)} gifts={config.gifts} onSaved={setConfig} />
          <LikeLimitForm
            key={config.daily_like_limit}
            limit={config.daily_like_limit}
            onSaved={setConfig}
          />
          <WheelForm
            key={JSON.stringify(config.wheel)}
            prizes={config.wheel}
            spinPrice={config.prices.find((p) => p.feature === 'spin')?.credits ?? 0}
            onSaved={setConfig}
          />
          <CannedEditor />
        </div>
      ) : null}
    </main>
  );
}

type SaveState = { confirming: boolean; busy: boolean; error: MessageKey | null; saved: boolean };
const IDLE: SaveState = { confirming: false, busy: false, error: null, saved: false };

function PackagesForm({
  packages,
  onSaved,
}: {
  packages: ConfigCreditPackage[];
  onSaved: (config: AdminConfig) => void;
}) {
  const { t, say, language } = useConsoleT();
  const service = useService();
  const [drafts, setDrafts] = useState<PackageDraft[]>(() => packages.map(packageDraft));
  const [save, setSave] = useState<SaveState>(IDLE);
  const [serverProblem, setServerProblem] = useState<string | null>(null);
  const problems = packageProblems(drafts);
  const valid = Object.keys(problems).length === 0;
  const changes = valid ? packageChanges(packages, packagesOf(drafts)) : [];

  const edit = (id: number, change: (draft: PackageDraft) => PackageDraft) => {
    setDrafts((list) => list.map((d) => (d.id === id ? change(d) : d)));
    setSave(IDLE);
    setServerProblem(null);
  };
  const submit = async () => {
    setSave({ ...IDLE, confirming: true, busy: true });
    const list = packagesOf(drafts);
    const outcome: Outcome<AdminConfig> = await service.saveCreditPackages(list);
    if (outcome.ok) {
      onSaved(outcome.value);
      return;
    }
    setServerProblem(problemKeyOfServerField(outcome.details.field, list));
    setSave({ ...IDLE, error: outcome.message });
  };

  return (
    <section className="cs-card cs-config__card" data-testid="config-packages">
      <div className="cs-card__head">
        <h3 className="cs-card__title">{t('console.config.packages.title')}</h3>
      </div>
      <p className="cs-muted">{t('console.config.packages.lead')}</p>
      <div className="cs-table-wrap">
        <table className="cs-table cs-config__table">
          <thead>
            <tr>
              <th scope="col">{t('console.config.packages.id')}</th>
              <th scope="col">{t('console.config.packages.credits')}</th>
              <th scope="col">{t('console.config.packages.priceIls')}</th>
              <th scope="col">{t('console.config.packages.priceUsd')}</th>
              <th scope="col">{t('console.config.packages.discount')}</th>
              <th scope="col">{t('console.config.packages.freeSpins')}</th>
              <th scope="col">{t('console.config.packages.promo')}</th>
              <th scope="col">
                <span className="cs-visually-hidden">{t('console.config.packages.remove')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {drafts.map((d) => (
              <tr key={d.id} data-testid={`config-package-${d.id}`}>
                <th scope="row">{d.id}</th>
                {(['credits', 'priceIls', 'priceUsd', 'discount', 'freeSpins'] as const).map(
                  (field) => (
                    <td key={field}>
                      <NumberInput
                        draft={d}
                        field={field}
                        problem={
                          problems[`${d.id}:${field}`] ??
                          (serverProblem === `${d.id}:${field}` ? 'price' : undefined)
                        }
                        onChange={(value) => edit(d.id, (x) => ({ ...x, [field]: value }))}
                      />
                    </td>
                  ),
                )}
                <td>
                  <input
                    type="checkbox"
                    checked={d.promoActive}
                    onChange={(e) => {
                      const promoActive = e.target.checked;
                      edit(d.id, (x) => ({ ...x, promoActive }));
                    }}
                    aria-label={t('console.config.packages.promoFor', { id: d.id })}
                  />
                </td>
                <td>
                  <button
                    type="button"
                    className="cs-btn cs-btn--ghost cs-btn--small"
                    disabled={drafts.length <= 1}
                    onClick={() => {
                      setDrafts((list) => list.filter((x) => x.id !== d.id));
                      setSave(IDLE);
                    }}
                  >
                    {t('console.config.packages.remove')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <FormActions
        state={save}
        canSave={valid && changes.length > 0}
        onReset={() => {
          setDrafts(packages.map(packageDraft));
          setSave(IDLE);
          setServerProblem(null);
        }}
        onSave={() => setSave({ ...IDLE, confirming: true })}
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
        testId="config-packages-save"
      />
      {save.error ? (
        <p className="cs-error" role="alert">
          {say(save.error)}
        </p>
      ) : null}
      {save.confirming ? (
        <ConfirmDialog
          busy={save.busy}
          lines={changes.map((c) => describePackageChange(c, t, language))}
          onCancel={() => setSave(IDLE)}
          onConfirm={() => void submit()}
        />
      ) : null}
    </section>
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
    return String(value);
  };
  return t('console.config.change.field', {
    id: change.id,
    field: t(`console.config.field.${change.field}`),
    before: show(change.before),
    after: show(change.after),
  });
}

function NumberInput({
  draft,
  field,
  problem,
  onChange,
}: {
  draft: PackageDraft;
  field: PackageField;
  problem: string | undefined;
  onChange: (value: string) => void;
}) {
  const { t } = useConsoleT();
  const id = useId();
  return (
    <>
      <input
        className="input cs-config__input"
        inputMode={field === 'priceIls' || field === 'priceUsd' ? 'decimal' : 'numeric'}
        value={draft[field]}
        onChange={(e) => onChange(e.target.value)}
        aria-label={t(`console.config.packages.${field}`)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? id : undefined}
        dir="ltr"
        data-testid={`config-${field}-${draft.id}`}
      />
      {problem ? (
        <span id={id} className="cs-config__problem">
          {t(`console.config.problem.${problem}`)}
        </span>
      ) : null}
    </>
  );
}

function PricesForm({
  prices,
  onSaved,
}: {
  prices: ConfigFeaturePrice[];
  onSaved: (config: AdminConfig) => void;
}) {
  const { t, say, language } = useConsoleT();
  const service = useService();
  const [drafts, setDrafts] = useState<PriceDrafts>(() => priceDrafts(prices));
  const [save, setSave] = useState<SaveState>(IDLE);
  const problems: Problems = priceProblems(drafts);
  const valid = Object.keys(problems).length === 0;
  const changed = valid ? changedPrices(prices, drafts) : [];

  const submit = async () => {
    setSave({ ...IDLE, confirming: true, busy: true });
    const outcome = await service.saveFeaturePrices(changed);
    if (outcome.ok) {
      onSaved(outcome.value);
      return;
    }
    setSave({ ...IDLE, error: outcome.message });
  };

  return (
    <section className="cs-card cs-config__card" data-testid="config-prices">
      <div className="cs-card__head">
        <h3 className="cs-card__title">{t('console.config.prices.title')}</h3>
      </div>
      <p className="cs-muted">{t('console.config.prices.lead')}</p>
      <div className="cs-config__prices">
        {prices.map((p) => {
          const problem = problems[`${p.feature}:credits`];
          return (
            <label key={p.feature} className="field cs-config__price">
              <span className="field-label">
                {t(`console.config.feature.${p.feature}`, { defaultValue: p.feature })}
              </span>
              <input
                className="input cs-config__input"
                inputMode="numeric"
                value={drafts[p.feature] ?? ''}
                onChange={(e) => {
                  setDrafts({ ...drafts, [p.feature]: e.target.value });
                  setSave(IDLE);
                }}
                aria-invalid={problem ? true : undefined}
                dir="ltr"
                data-testid={`config-price-${p.feature}`}
              />
              {problem ? (
                <span className="cs-config__problem">{t(`console.config.problem.${problem}`)}</span>
              ) : null}
            </label>
          );
        })}
      </div>
      <FormActions
        state={save}
        canSave={valid && changed.length > 0}
        onReset={() => {
          setDrafts(priceDrafts(prices));
          setSave(IDLE);
        }}
        onSave={() => setSave({ ...IDLE, confirming: true })}
        testId="config-prices-save"
      />
      {save.error ? (
        <p className="cs-error" role="alert">
          {say(save.error)}
        </p>
      ) : null}
      {save.confirming ? (
        <ConfirmDialog
          busy={save.busy}
          lines={changed.map((c) =>
            t('console.config.change.price', {
              feature: t(`console.config.feature.${c.feature}`, { defaultValue: c.feature }),
              before: formatCount(
                prices.find((p) => p.feature === c.feature)?.credits ?? 0,
                language,
              ),
              after: formatCount(c.credits, language),
            }),
          )}
          onCancel={() => setSave(IDLE)}
          onConfirm={() => void submit()}
        />
      ) : null}
    </section>
  );
}

function PremiumForm({
  packages,
  onSaved,
}: {
  packages: ConfigPremiumPackage[];
  onSaved: (config: AdminConfig) => void;
}) {
  const { t, say, language } = useConsoleT();
  const service = useService();
  const [drafts, setDrafts] = useState<PremiumDraft[]>(() => packages.map(premiumDraft));
  const [save, setSave] = useState<SaveState>(IDLE);
  const problems = premiumProblems(drafts);
  const valid = Object.keys(problems).length === 0;
  const list = premiumOf(drafts);
  const changed = JSON.stringify(list) !== JSON.stringify(packages);

  const edit = (id: number, change: (draft: PremiumDraft) => PremiumDraft) => {
    setDrafts((all) => all.map((d) => (d.id === id ? change(d) : d)));
    setSave(IDLE);
  };
  const submit = async () => {
    setSave({ ...IDLE, confirming: true, busy: true });
    const outcome = await service.savePremiumPackages(list);
    if (outcome.ok) {
      onSaved(outcome.value);
      return;
    }
    setSave({ ...IDLE, error: outcome.message });
  };
  const describe = (p: ConfigPremiumPackage) =>
    t('console.config.premium.summary', {
      months: p.months,
      ils: formatMoney(p.total_ils_minor, 'ILS', language),
      usd: formatMoney(p.total_usd_minor, 'USD', language),
    });
  const lines = list.flatMap((p) => {
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

  return (
    <section className="cs-card cs-config__card" data-testid="config-premium">
      <div className="cs-card__head">
        <h3 className="cs-card__title">{t('console.config.premium.title')}</h3>
      </div>
      <div className="cs-table-wrap">
        <table className="cs-table cs-config__table">
          <thead>
            <tr>
              <th scope="col">{t('console.config.packages.id')}</th>
              <th scope="col">{t('console.config.premium.months')}</th>
              <th scope="col">{t('console.config.premium.totalIls')}</th>
              <th scope="col">{t('console.config.premium.totalUsd')}</th>
              <th scope="col">{t('console.config.premium.saves')}</th>
              <th scope="col">{t('console.config.premium.recommended')}</th>
            </tr>
          </thead>
          <tbody>
            {drafts.map((d) => (
              <tr key={d.id}>
                <th scope="row">{d.id}</th>
                {(['months', 'totalIls', 'totalUsd', 'saves'] as const).map((field) => {
                  const problem = problems[`${d.id}:${field}`];
                  return (
                    <td key={field}>
                      <input
                        className="input cs-config__input"
                        inputMode={
                          field === 'totalIls' || field === 'totalUsd' ? 'decimal' : 'numeric'
                        }
                        value={d[field]}
                        onChange={(e) => {
                          const value = e.target.value;
                          edit(d.id, (x) => ({ ...x, [field]: value }));
                        }}
                        aria-label={t(`console.config.premium.${field}`)}
                        aria-invalid={problem ? true : undefined}
                        dir="ltr"
                      />
                      {problem ? (
                        <span className="cs-config__problem">
                          {t(`console.config.problem.${problem}`)}
                        </span>
                      ) : null}
                    </td>
                  );
                })}
                <td>
                  <input
                    type="radio"
                    name="premium-recommended"
                    checked={d.recommended}
                    onChange={() => {
                      setDrafts((all) => all.map((x) => ({ ...x, recommended: x.id === d.id })));
                      setSave(IDLE);
                    }}
                    aria-label={t('console.config.premium.recommendedFor', { id: d.id })}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <FormActions
        state={save}
        canSave={valid && changed}
        onReset={() => {
          setDrafts(packages.map(premiumDraft));
          setSave(IDLE);
        }}
        onSave={() => setSave({ ...IDLE, confirming: true })}
        testId="config-premium-save"
      />
      {save.error ? (
        <p className="cs-error" role="alert">
          {say(save.error)}
        </p>
      ) : null}
      {save.confirming ? (
        <ConfirmDialog
          busy={save.busy}
          lines={lines}
          onCancel={() => setSave(IDLE)}
          onConfirm={() => void submit()}
        />
      ) : null}
    </section>
  );
}

function GiftsForm({
  gifts,
  onSaved,
}: {
  gifts: ConfigGift[];
  onSaved: (config: AdminConfig) => void;
}) {
  const { t, say } = useConsoleT();
  const service = useService();
  const [drafts, setDrafts] = useState<GiftDraft[]>(() => gifts.map(giftDraft));
  const [save, setSave] = useState<SaveState>(IDLE);
  const problems = giftProblems(drafts);
  const valid = Object.keys(problems).length === 0;
  const list = giftsOf(drafts);
  const icons = giftIcons(gifts);
  const lines = list.flatMap((g) => {
    const old = gifts.find((b) => b.id === g.id);
    if (!old) return [];
    return (['icon', 'name_he', 'name_en', 'name_de', 'price'] as const).flatMap((field) =>
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
  const edit = (id: number, field: GiftField | 'icon', value: string) => {
    setDrafts((all) => all.map((g) => (g.id === id ? { ...g, [field]: value } : g)));
    setSave(IDLE);
  };
  const submit = async () => {
    setSave({ ...IDLE, confirming: true, busy: true });
    const outcome = await service.saveGifts(list);
    if (outcome.ok) {
      onSaved(outcome.value);
      return;
    }
    setSave({ ...IDLE, error: outcome.message });
  };

  return (
    <section className="cs-card cs-config__card" data-testid="config-gifts">
      <div className="cs-card__head">
        <h3 className="cs-card__title">{t('console.config.gifts.title')}</h3>
      </div>
      <p className="cs-muted">{t('console.config.gifts.lead')}</p>
      <div className="cs-table-wrap cs-config__gifts">
        <table className="cs-table cs-config__table">
          <thead>
            <tr>
              <th scope="col">{t('console.config.gifts.icon')}</th>
              <th scope="col">{t('console.config.gifts.name_he')}</th>
              <th scope="col">{t('console.config.gifts.name_en')}</th>
              <th scope="col">{t('console.config.gifts.name_de')}</th>
              <th scope="col">{t('console.config.gifts.price')}</th>
            </tr>
          </thead>
          <tbody>
            {drafts.map((g) => (
              <tr key={g.id}>
                <td>
                  <span className="cs-config__icon">
                    <img src={g.icon} alt="" width={28} height={28} />
                    <select
                      className="cs-select"
                      value={g.icon}
                      onChange={(e) => edit(g.id, 'icon', e.target.value)}
                      aria-label={t('console.config.gifts.iconFor', { name: g.name_en })}
                    >
                      {icons.map((icon) => (
                        <option key={icon} value={icon}>
                          {icon.replace('/gifts/', '').replace('.svg', '')}
                        </option>
                      ))}
                    </select>
                  </span>
                </td>
                {(['name_he', 'name_en', 'name_de', 'price'] as const).map((field) => {
                  const problem = problems[`${g.id}:${field}`];
                  return (
                    <td key={field}>
                      <input
                        className="input cs-config__input cs-config__input--text"
                        value={g[field]}
                        onChange={(e) => edit(g.id, field, e.target.value)}
                        inputMode={field === 'price' ? 'numeric' : undefined}
                        dir={field === 'name_he' ? 'rtl' : 'ltr'}
                        lang={field === 'price' ? undefined : field.slice(5)}
                        aria-label={`${t(`console.config.gifts.${field}`)} (${g.name_en})`}
                        aria-invalid={problem ? true : undefined}
                      />
                      {problem ? (
                        <span className="cs-config__problem">
                          {t(`console.config.problem.${problem}`)}
                        </span>
                      ) : null}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <FormActions
        state={save}
        canSave={valid && lines.length > 0}
        onReset={() => {
          setDrafts(gifts.map(giftDraft));
          setSave(IDLE);
        }}
        onSave={() => setSave({ ...IDLE, confirming: true })}
        testId="config-gifts-save"
      />
      {save.error ? (
        <p className="cs-error" role="alert">
          {say(save.error)}
        </p>
      ) : null}
      {save.confirming ? (
        <ConfirmDialog
          busy={save.busy}
          lines={lines}
          onCancel={() => setSave(IDLE)}
          onConfirm={() => void submit()}
        />
      ) : null}
    </section>
  );
}

function LikeLimitForm({
  limit,
  onSaved,
}: {
  limit: number;
  onSaved: (config: AdminConfig) => void;
}) {
  const { t, say, language } = useConsoleT();
  const service = useService();
  const [draft, setDraft] = useState(String(limit));
  const [save, setSave] = useState<SaveState>(IDLE);
  const problem = likeLimitProblem(draft);
  const value = parseWhole(draft);
  const submit = async () => {
    if (value === null) return;
    setSave({ ...IDLE, confirming: true, busy: true });
    const outcome = await service.saveLikeLimit(value);
    if (outcome.ok) {
      onSaved(outcome.value);
      return;
    }
    setSave({ ...IDLE, error: outcome.message });
  };
  return (
    <section className="cs-card cs-config__card" data-testid="config-like-limit">
      <div className="cs-card__head">
        <h3 className="cs-card__title">{t('console.config.likeLimit.title')}</h3>
      </div>
      <label className="field cs-config__price">
        <span className="field-label">{t('console.config.likeLimit.label')}</span>
        <input
          className="input cs-config__input"
          inputMode="numeric"
          value={draft}
          onChange={(e) => {
            setDraft(e.target.value);
            setSave(IDLE);
          }}
          aria-invalid={problem ? true : undefined}
          dir="ltr"
        />
        {problem ? (
          <span className="cs-config__problem">{t(`console.config.problem.${problem}`)}</span>
        ) : null}
      </label>
      <FormActions
        state={save}
        canSave={problem === null && value !== limit}
        onReset={() => {
          setDraft(String(limit));
          setSave(IDLE);
        }}
        onSave={() => setSave({ ...IDLE, confirming: true })}
        testId="config-like-limit-save"
      />
      {save.error ? (
        <p className="cs-error" role="alert">
          {say(save.error)}
        </p>
      ) : null}
      {save.confirming ? (
        <ConfirmDialog
          busy={save.busy}
          lines={[
            t('console.config.change.likeLimit', {
              before: formatCount(limit, language),
              after: formatCount(value ?? 0, language),
            }),
          ]}
          onCancel={() => setSave(IDLE)}
          onConfirm={() => void submit()}
        />
      ) : null}
    </section>
  );
}

function WheelForm({
  prizes,
  spinPrice,
  onSaved,
}: {
  prizes: ConfigWheelPrize[];
  spinPrice: number;
  onSaved: (config: AdminConfig) => void;
}) {
  const { t, say, language } = useConsoleT();
  const service = useService();
  const [drafts, setDrafts] = useState<PrizeDraft[]>(() => prizes.map(prizeDraft));
  const [save, setSave] = useState<SaveState>(IDLE);
  const problems = prizeProblems(drafts);
  const wheel = prizesOf(drafts);
  const odds = wheelOdds(wheel);
  const expected = expectedCreditsPerSpin(wheel);
  const tooMuch = wheelPaysTooMuch(wheel, spinPrice);
  const valid = Object.keys(problems).length === 0 && !tooMuch;
  const percent = new Intl.NumberFormat(languageInfo(language).locale, {
    style: 'percent',
    maximumFractionDigits: 2,
  });
  const credits = (value: number | null) =>
    value === null
      ? '∞'
      : new Intl.NumberFormat(languageInfo(language).locale, {
          maximumFractionDigits: 2,
        }).format(value);

  const edit = (id: number, change: (draft: PrizeDraft) => PrizeDraft) => {
    setDrafts((list) => list.map((d) => (d.id === id ? change(d) : d)));
    setSave(IDLE);
  };
  const submit = async () => {
    setSave({ ...IDLE, confirming: true, busy: true });
    const outcome = await service.saveWheel(wheel);
    if (outcome.ok) {
      onSaved(outcome.value);
      return;
    }
    setSave({ ...IDLE, error: outcome.message });
  };
  const describe = (p: ConfigWheelPrize | undefined) =>
    p
      ? t('console.config.wheel.segment', {
          prize: t(`console.config.wheel.kind.${p.kind}`, { n: p.amount }),
          weight: credits(p.weight),
        })
      : t('console.config.wheel.none');
  const lines: string[] = [];
  for (let i = 0; i < Math.max(prizes.length, wheel.length); i += 1) {
    const before = describe(prizes[i]);
    const after = describe(wheel[i]);
    if (before !== after) {
      lines.push(t('console.config.change.segment', { n: i + 1, before, after }));
    }
  }
  lines.push(
    t('console.config.change.expected', {
      before: credits(expectedCreditsPerSpin(prizes)),
      after: credits(expected),
    }),
  );

  return (
    <section className="cs-card cs-config__card" data-testid="config-wheel">
      <div className="cs-card__head">
        <h3 className="cs-card__title">{t('console.config.wheel.title')}</h3>
      </div>
      <p className="cs-muted">{t('console.config.wheel.lead')}</p>
      <div className="cs-table-wrap">
        <table className="cs-table cs-config__table">
          <thead>
            <tr>
              <th scope="col">{t('console.config.wheel.position')}</th>
              <th scope="col">{t('console.config.wheel.kindLabel')}</th>
              <th scope="col">{t('console.config.wheel.amount')}</th>
              <th scope="col">{t('console.config.wheel.weight')}</th>
              <th scope="col" className="cs-num">
                {t('console.config.wheel.odds')}
              </th>
              <th scope="col">
                <span className="cs-visually-hidden">{t('console.config.packages.remove')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {drafts.map((d, index) => (
              <tr key={d.id}>
                <th scope="row">{index + 1}</th>
                <td>
                  <select
                    className="cs-select"
                    value={d.kind}
                    onChange={(e) => {
                      const kind = e.target.value as ConfigWheelPrize['kind'];
                      edit(d.id, (x) => ({
                        ...x,
                        kind,
                        amount: kind === 'nothing' ? '0' : x.amount,
                      }));
                    }}
                    aria-label={t('console.config.wheel.kindLabel')}
                  >
                    {(['coins', 'freespin', 'nothing'] as const).map((kind) => (
                      <option key={kind} value={kind}>
                        {t(`console.config.wheel.kindName.${kind}`)}
                      </option>
                    ))}
                  </select>
                </td>
                {(['amount', 'weight'] as const).map((field) => {
                  const problem = problems[`${d.id}:${field}`];
                  return (
                    <td key={field}>
                      <input
                        className="input cs-config__input"
                        inputMode="numeric"
                        value={d[field]}
                        disabled={field === 'amount' && d.kind === 'nothing'}
                        onChange={(e) => {
                          const value = e.target.value;
                          edit(d.id, (x) => ({ ...x, [field]: value }));
                        }}
                        aria-label={t(`console.config.wheel.${field}`)}
                        aria-invalid={problem ? true : undefined}
                        dir="ltr"
                      />
                      {problem ? (
                        <span className="cs-config__problem">
                          {t(`console.config.problem.${problem}`)}
                        </span>
                      ) : null}
                    </td>
                  );
                })}
                <td className="cs-num">{percent.format(odds[index] ?? 0)}</td>
                <td>
                  <button
                    type="button"
                    className="cs-btn cs-btn--ghost cs-btn--small"
                    disabled={drafts.length <= WHEEL_SEGMENTS.min}
                    onClick={() => {
                      setDrafts((list) => list.filter((x) => x.id !== d.id));
                      setSave(IDLE);
                    }}
                  >
                    {t('console.config.packages.remove')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
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
      <FormActions
        state={save}
        canSave={valid && wheelChanged(prizes, wheel)}
        onReset={() => {
          setDrafts(prizes.map(prizeDraft));
          setSave(IDLE);
        }}
        onSave={() => setSave({ ...IDLE, confirming: true })}
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
        testId="config-wheel-save"
      />
      {save.error ? (
        <p className="cs-error" role="alert">
          {say(save.error)}
        </p>
      ) : null}
      {save.confirming ? (
        <ConfirmDialog
          busy={save.busy}
          lines={lines}
          onCancel={() => setSave(IDLE)}
          onConfirm={() => void submit()}
        />
      ) : null}
    </section>
  );
}

function FormActions({
  state,
  canSave,
  onReset,
  onSave,
  extra,
  testId,
}: {
  state: SaveState;
  canSave: boolean;
  onReset: () => void;
  onSave: () => void;
  extra?: ReactNode;
  testId: string;
}) {
  const { t } = useConsoleT();
  return (
    <div className="cs-config__actions">
      {extra}
      <span className="cs-config__spacer" />
      <button type="button" className="cs-btn cs-btn--ghost" onClick={onReset}>
        {t('console.config.reset')}
      </button>
      <button
        type="button"
        className="cs-btn cs-btn--primary"
        disabled={!canSave || state.busy}
        onClick={onSave}
        data-testid={testId}
      >
        {t('console.config.save')}
      </button>
    </div>
  );
}

function ConfirmDialog({
  lines,
  busy,
  onCancel,
  onConfirm,
}: {
  lines: string[];
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useConsoleT();
  const titleId = useId();
  return (
    <Dialog onClose={onCancel} labelledBy={titleId} className="cs-dialog" alert>
      <h2 id={titleId} className="cs-dialog__title">
        {t('console.config.confirmTitle')}
      </h2>
      <p>{t('console.config.confirmBody')}</p>
      <ul className="cs-config__changes" data-testid="config-changes">
        {lines.map((line) => (
          <li key={line}>
            <bdi>{line}</bdi>
          </li>
        ))}
      </ul>
      <div className="cs-dialog__actions">
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          {t('console.common.cancel')}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          onClick={onConfirm}
          disabled={busy}
          data-testid="config-confirm"
        >
          {t('console.config.confirm')}
        </button>
      </div>
    </Dialog>
  );
}
