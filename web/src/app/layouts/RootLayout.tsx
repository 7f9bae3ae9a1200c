import { Outlet, ScrollRestoration } from 'react-router';
import { BannerHost } from '../../features/notify/BannerHost';
import { CreditsModal } from '../../features/shell/CreditsModal';
import { FreeCreditsModal } from '../../features/shell/FreeCreditsModal';

/** Above every layout: app-wide modals that any screen may open through the store, and the
 *  in-app notification banner. */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <FreeCreditsModal />
      <CreditsModal />
      <BannerHost />
      <ScrollRestoration />
    </>
  );
}
