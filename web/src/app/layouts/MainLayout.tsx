// The signed-in frame (spec §2): one column with a bottom tab bar under 865 px; three columns
// (side nav, page, spotlight + contacts) from 865 px.
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { BoostModalHost } from '../../features/money/BoostModal';
import { CreditsHistoryHost } from '../../features/money/CreditsHistory';
import { FreeSpinHost } from '../../features/money/FreeSpin';
import { WheelOverlayHost } from '../../features/money/WheelOverlay';
import { MatchedModalHost } from '../../features/people/MatchedModal';
import { ProfileModalHost } from '../../features/people/ProfileModal';
import { SubscriptionsModalHost } from '../../features/premium/SubscriptionsModal';
import { BrandLogo } from '../../features/shell/BrandLogo';
import { PageSpinner } from '../../features/shell/LoadingScreen';
import { RightRail } from '../../features/shell/RightRail';
import { SideNav } from '../../features/shell/SideNav';
import { StoryViewerHost } from '../../features/stories/StoryViewerHost';
import { TabBar } from '../../features/shell/TabBar';
import { tabBarMode, WIDE_QUERY } from '../navigation';
import { useAppStore } from '../store';
import { useMediaQuery } from '../useMediaQuery';
import './MainLayout.css';

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
      {wide && <RightRail />}
      {withTabBar && <TabBar />}
      {signedIn && <ProfileModalHost />}
      {signedIn && <MatchedModalHost />}
      {signedIn && <SubscriptionsModalHost />}
      {signedIn && <StoryViewerHost />}
      {signedIn && <FreeSpinHost />}
      {signedIn && <WheelOverlayHost />}
      {signedIn && <BoostModalHost />}
      {signedIn && <CreditsHistoryHost />}
    </div>
  );
}
