// Configuration for admins: the credit and premium packages, the prices of features in credits,
// the gifts, the daily like limit and the wheel (canned replies are with the personas). Each
// section checks what the server would refuse, shows what saving changes, and saves only after
// the admin confirms; members see the new prices at once (docs/protocol.md "Admin: dashboard and configuration").
import { useCallback, useState } from 'react';
import { GiftsForm } from './config/GiftsForm';
import { PackagesForm } from './config/PackagesForm';
import { PremiumForm } from './config/PremiumForm';
import { LikeLimitForm, PricesForm, ReferralRewardForm } from './config/PricesForm';
import { WheelForm } from './config/WheelForm';
import { useService } from './context';
import { useConsoleT, useLoad } from './hooks';
import type { AdminConfig } from './protocol';
import { ErrorLine } from './ui';

export function ConfigView() {
  const { t } = useConsoleT();
  const service = useService();
  const [config, setConfig] = useState<AdminConfig | null>(null);
  const { error } = useLoad(
    useCallback(() => service.config(), [service]),
    setConfig,
  );

  return (
    <main className="cs-report cs-config" data-testid="config-view">
      <div className="cs-report__head">
        <h2 className="cs-panel-title">{t('console.config.title')}</h2>
      </div>
      <ErrorLine error={error} />
      {!config && !error ? <p className="cs-empty">{t('console.common.loading')}</p> : null}
      {config ? (
        // Each section starts again from what the server holds once that part of it changes.
        <div className="cs-config__sections">
          <PackagesForm
            key={JSON.stringify(config.credit_packages)}
            value={config.credit_packages}
            onSaved={setConfig}
          />
          <PremiumForm
            key={JSON.stringify(config.premium_packages)}
            value={config.premium_packages}
            onSaved={setConfig}
          />
          <PricesForm
            key={JSON.stringify(config.prices)}
            value={config.prices}
            onSaved={setConfig}
          />
          <GiftsForm key={JSON.stringify(config.gifts)} value={config.gifts} onSaved={setConfig} />
          <LikeLimitForm
            key={config.daily_like_limit}
            value={config.daily_like_limit}
            onSaved={setConfig}
          />
          <ReferralRewardForm
            key={config.referral_reward}
            value={config.referral_reward}
            onSaved={setConfig}
          />
          <WheelForm
            key={JSON.stringify(config.wheel)}
            value={config.wheel}
            spinPrice={config.prices.find((p) => p.feature === 'spin')?.credits ?? 0}
            onSaved={setConfig}
          />
        </div>
      ) : null}
    </main>
  );
}
