// Mounted by RootLayout: loads the push prompts' chunk only for a signed-in member with no
// credits on iOS or Android, the only case in which spec §2 may show them (promptRules.ts has
// the whole rule), never in an in-app browser; everyone else never downloads it.
import { lazy, Suspense } from 'react';
import { useAppStore } from '../../app/store';
import { currentBrowser } from '../escape/detect';
import { currentOs } from './platform';

const PushPrompts = lazy(() => import('./PushPrompts'));

export function PushPromptGate() {
  const credits = useAppStore((s) => s.user?.credits);
  const finishingRegistration = useAppStore((s) => s.finishingRegistration);
  const rewardOpen = useAppStore((s) => s.freeCreditsClaimed !== null);
  if (credits !== 0 || finishingRegistration || rewardOpen || currentOs() === 'other') return null;
  // An in-app browser has no push at all; its escape prompt (src/features/escape) shows instead.
  if (currentBrowser().app !== null) return null;
  return (
    <Suspense fallback={null}>
      <PushPrompts />
    </Suspense>
  );
}
