// The signed-in frame (spec §2): one column with a bottom tab bar under 865 px; three columns
// (side nav, page, spotlight + contacts) from 865 px.
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { BrandLogo } from '../../features/shell/BrandLogo';
import { PageSpinner } from '../../features/shell/LoadingScreen';
import { SideNav } from '../../features/shell/SideNav';
import { TabBar } from '../../features/shell/TabBar';
import { tabBarMode, WIDE_QUERY } from '../navigation';
import { useAppStore } from '../store';
import { useMediaQuery } from '../useMediaQuery';
import { FrameHosts } from './FrameHosts';
import './MainLayout.css';

// The right column is drawn only from 865 px, and its contacts and spotlight bring their own
// styles: a chunk of its own keeps them off the phone's first load.
const RightRail = lazy(() =>
  import('../../features/shell/RightRail').then((m) => ({ default: m.RightRail })),
);

/** Open routes (payments return, referral) can be reached signed out; give guests a way in. */
function GuestBar() {
  const { t } = useTranslation();
  return (
    <header className="main-layout__guestbar">
      <Link to="/" aria-label={t('common.a11y.home')}>
        <BrandLogo size={30} />
      </Link>
      <Link to="/login" className="btn btn-secondary main-layout__guest-login">
        {t('common.nav.login')}
      </Link>
    </header>
  );
}

export function MainLayout() {
  const wide = useMediaQuery(WIDE_QUERY);
  const { pathname } = useLocation();
  const signedIn = useAppStore((s) => s.authenticated);
  const mode = tabBarMode(pathname);
  const withTabBar = !wide && signedIn && mode !== 'hidden';
  const classes = [
    'main-layout',
    wide ? 'main-layout--wide' : 'main-layout--narrow',
    withTabBar ? 'main-layout--with-tabbar' : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div className={classes}>
      {wide && <SideNav />}
      {!wide && !signedIn && <GuestBar />}
      <main className="main-layout__page">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      {wide && (
        <Suspense fallback={<aside className="side-column right-rail" />}>
          <RightRail />
        </Suspense>
      )}
      {withTabBar && <TabBar />}
      {signedIn && <FrameHosts />}
    </div>
  );
}
