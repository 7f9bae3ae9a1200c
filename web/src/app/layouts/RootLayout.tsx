import { Outlet, ScrollRestoration } from 'react-router';
import { BannerHost } from '../../features/notify/BannerHost';
import { ConnectionBanner } from '../../features/shell/ConnectionStatus';
import { CreditsModal } from '../../features/money/CreditsModal';
import { MoneyRuntime } from '../../features/money/MoneyRuntime';
import { PaymentModalHost } from '../../features/money/PaymentModal';
import { FreeCreditsModal } from '../../features/shell/FreeCreditsModal';
import { PushPromptGate } from '../../features/push/PushPromptGate';

/** Above every layout: app-wide modals that any screen may open through the store, the in-app
 *  notification banner and the connection status. */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <FreeCreditsModal />
      <PushPromptGate />
      <MoneyRuntime />
      <CreditsModal />
      <PaymentModalHost />
      <BannerHost />
      <ConnectionBanner />
      <ScrollRestoration />
    </>
  );
}
