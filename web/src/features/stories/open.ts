// Opening a member's stories (spec §4 "Stories"): their stories are fetched first, so that a
// member without premium gets the premium notice (a tap on it opens the subscriptions modal)
// instead of a viewer that closes at once.
import { i18next } from '../../i18n';
import type { StoryRing } from '../../realtime/protocol';
import { showBanner } from '../notify/banner';
import { openSubscriptions } from '../premium/store';
import { fetchStories } from './api';
import { loadRings, useStoriesStore } from './store';
import { useStoryViewer } from './viewerStore';

/** Spec §4: "Only with premium access you can view stories"; a tap opens the subscriptions. */
export function showPremiumNotice(): void {
  showBanner({
    type: 'error',
    message: i18next.t('stories.premiumRequired'),
    onClick: openSubscriptions,
  });
}

/** Opens the viewer on `rings[index]`; resolves once it is open, or the member was told why not. */
export async function openStoryRing(rings: StoryRing[], index: number): Promise<void> {
  const ring = rings[index];
  if (!ring) return;
  const outcome = await fetchStories(ring.user_id);
  switch (outcome.kind) {
    case 'ok':
      if (outcome.stories.length > 0) {
        useStoryViewer
          .getState()
          .open({ rings, start: index, loaded: { [ring.user_id]: outcome.stories } });
        return;
      }
      // Their stories ended since the list was read.
      useStoriesStore.getState().dropMember(ring.user_id);
      showBanner({ type: 'info', message: i18next.t('stories.gone') });
      return;
    case 'premium_required':
      showPremiumNotice();
      return;
    case 'not_found':
      useStoriesStore.getState().dropMember(ring.user_id);
      showBanner({ type: 'info', message: i18next.t('stories.gone') });
      void loadRings();
      return;
    case 'error':
      showBanner({ type: 'error', message: i18next.t('stories.loadFailed') });
  }
}
