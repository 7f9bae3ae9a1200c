// The signed-in frame's overlays (spec §2): the profile, matched and like-limit modals, the
// subscriptions, the free spin and the wheel, boosts, the credits history and the story viewer.
// Each host's chunk loads the first time its store asks for it, so that the frame taking over a
// pre-rendered page brings its own stylesheet rather than a dozen (docs/architecture.md, "What the
// first load holds"). What has to be heard before any modal opens (presence, match events) runs
// here, outside the lazy chunks.
import { lazy } from 'react';
import { useLocation } from 'react-router';
import { freeSpinShown } from '../../features/money/freeSpinShown';
import { useMoneyStore } from '../../features/money/store';
import { useLikeLimit, useMatchModal } from '../../features/people/overlays';
import { useProfileModal } from '../../features/people/store';
import { useMatchWatch } from '../../features/people/useMatchWatch';
import { usePremiumModal } from '../../features/premium/store';
import { StoryViewerHost } from '../../features/stories/StoryViewerHost';
import { WhenWanted } from '../../ui/WhenWanted';
import { useAppStore } from '../store';

const ProfileModalHost = lazy(() =>
  import('../../features/people/ProfileModal').then((m) => ({ default: m.ProfileModalHost })),
);
const MatchedModals = lazy(() =>
  import('../../features/people/MatchedModal').then((m) => ({ default: m.MatchedModals })),
);
const SubscriptionsModalHost = lazy(() =>
  import('../../features/premium/SubscriptionsModal').then((m) => ({
    default: m.SubscriptionsModalHost,
  })),
);
const FreeSpinHost = lazy(() =>
  import('../../features/money/FreeSpin').then((m) => ({ default: m.FreeSpinHost })),
);
const WheelOverlayHost = lazy(() =>
  import('../../features/money/WheelOverlay').then((m) => ({ default: m.WheelOverlayHost })),
);
const BoostModalHost = lazy(() =>
  import('../../features/money/BoostModal').then((m) => ({ default: m.BoostModalHost })),
);
const CreditsHistoryHost = lazy(() =>
  import('../../features/money/CreditsHistory').then((m) => ({ default: m.CreditsHistoryHost })),
);

export function FrameHosts() {
  useMatchWatch();
  const { pathname } = useLocation();
  const profileWanted = useProfileModal((s) => s.userId !== null);
  const matchWanted = useMatchModal((s) => s.person !== null);
  const likeLimitWanted = useLikeLimit((s) => s.open);
  const subscriptionsWanted = usePremiumModal((s) => s.subscriptionsOpen);
  const spins = useAppStore((s) => s.user?.sof_spin_available ?? 0);
  const wheelOpen = useMoneyStore((s) => s.wheelOpen);
  const boostWanted = useMoneyStore((s) => s.boostKind !== null);
  const historyWanted = useMoneyStore((s) => s.historyOpen);
  return (
    <>
      <WhenWanted wanted={profileWanted}>
        <ProfileModalHost />
      </WhenWanted>
      <WhenWanted wanted={matchWanted || likeLimitWanted}>
        <MatchedModals />
      </WhenWanted>
      <WhenWanted wanted={subscriptionsWanted}>
        <SubscriptionsModalHost />
      </WhenWanted>
      <StoryViewerHost />
      <WhenWanted wanted={freeSpinShown(pathname, spins, wheelOpen)}>
        <FreeSpinHost />
      </WhenWanted>
      <WhenWanted wanted={wheelOpen}>
        <WheelOverlayHost />
      </WhenWanted>
      <WhenWanted wanted={boostWanted}>
        <BoostModalHost />
      </WhenWanted>
      <WhenWanted wanted={historyWanted}>
        <CreditsHistoryHost />
      </WhenWanted>
    </>
  );
}
