import { Outlet, ScrollRestoration } from 'react-router';
import { CreditsModal } from '../../features/shell/CreditsModal';
import { FreeCreditsModal } from '../../features/shell/FreeCreditsModal';

/** Above every layout: app-wide modals that any screen may open through the store. */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <FreeCreditsModal />
      <CreditsModal />
      <ScrollRestoration />
    </>
  );
}
