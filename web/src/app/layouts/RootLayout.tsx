import { lazy } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { EscapeGate } from '../../features/escape/EscapeGate';
import { MoneyRuntime } from '../../features/money/MoneyRuntime';
import { useMoneyStore } from '../../features/money/store';
import { BannerHost } from '../../features/notify/BannerHost';
import { ConnectionBanner } from '../../features/shell/ConnectionStatus';
import { PushPromptGate } from '../../features/push/PushPromptGate';
import { WhenWanted } from '../../ui/WhenWanted';
import { useAppStore } from '../store';

// The app-wide modals are not on the first screen: each is its own chunk, fetched the first time
// the store asks for it (docs/architecture.md, "What the first load holds").
const FreeCreditsModal = lazy(() =>
  import('../../features/shell/FreeCreditsModal').then((m) => ({ default: m.FreeCreditsModal })),
);
const CreditsModal = lazy(() =>
  import('../../features/money/CreditsModal').then((m) => ({ default: m.CreditsModal })),
);
const PaymentModalHost = lazy(() =>
  import('../../features/money/PaymentModal').then((m) => ({ default: m.PaymentModalHost })),
);

/** Above every layout: app-wide modals that any screen may open through the store, the in-app
 *  notification banner, the connection status and the in-app browser escape. */
export function RootLayout() {
  const rewardWanted = useAppStore((s) => s.freeCreditsClaimed !== null);
  const creditsWanted = useAppStore((s) => s.creditsModalOpen);
  const paymentWanted = useMoneyStore((s) => s.payment !== null);
  return (
    <>
      <Outlet />
      <WhenWanted wanted={rewardWanted}>
        <FreeCreditsModal />
      </WhenWanted>
      <PushPromptGate />
      <EscapeGate />
      <MoneyRuntime />
      <WhenWanted wanted={creditsWanted}>
        <CreditsModal />
      </WhenWanted>
      <WhenWanted wanted={paymentWanted}>
        <PaymentModalHost />
      </WhenWanted>
      <BannerHost />
      <ConnectionBanner />
      <ScrollRestoration />
    </>
  );
}
