import { Outlet, ScrollRestoration } from 'react-router';
import { BannerHost } from '../../features/notify/BannerHost';
import { ConnectionBanner } from '../../features/shell/ConnectionStatus';
import { CreditsModal } from '../../features/shell/CreditsModal';
import { FreeCreditsModal } from '../../features/shell/FreeCreditsModal';

/** Above every layout: app-wide modals that any screen may open through the store, the in-app
 *  notification banner and the connection status. */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <FreeCreditsModal />
      <CreditsModal />
      <BannerHost />
      <ConnectionBanner />
      <ScrollRestoration />
    </>
  );
}
