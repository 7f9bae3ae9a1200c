// The landing and default layouts only give the page a frame and a loading state: the auth
// feature draws its own brand panels (AuthLayout), and the landing page is full-bleed.
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { LoadingScreen } from '../../features/shell/LoadingScreen';
import './layouts.css';

export function LandingLayout() {
  return (
    <div className="landing-layout">
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
    </div>
  );
}

export function DefaultLayout() {
  return (
    <div className="default-layout">
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
    </div>
  );
}
