// The stories list (spec §2 /stories, §4): rings 20 a page, deduplicated by story_id, mine first;
// and the member's own story going up. The viewer's open state is viewerStore.ts.
import { create } from 'zustand';
import { fetchStoryRings } from './api';
import { mergeRings, STORIES_PAGE, withoutMember } from './rules';
import type { StoryRing } from '../../realtime/protocol';

export type RingsState = 'idle' | 'loading' | 'ready' | 'failed';

interface StoriesState {
  rings: StoryRing[];
  state: RingsState;
  ended: boolean;
  loadingMore: boolean;
  /** My new story going up: how far, 0 to 1; null when none is. */
  adding: number | null;
  applyPage(offset: number, page: StoryRing[]): void;
  setAdding(progress: number | null): void;
  dropMember(userId: number): void;
  reset(): void;
}

const initial = {
  rings: [] as StoryRing[],
  state: 'idle' as RingsState,
  ended: false,
  loadingMore: false,
  adding: null as number | null,
};

export const useStoriesStore = create<StoriesState>()((set) => ({
  ...initial,
  applyPage: (offset, page) =>
    set((s) => ({
      rings: mergeRings(offset === 0 ? [] : s.rings, page),
      state: 'ready',
      ended: page.length < STORIES_PAGE,
    })),
  setAdding: (adding) => set({ adding }),
  dropMember: (userId) => set((s) => ({ rings: withoutMember(s.rings, userId) })),
  reset: () => set(initial),
}));

const stories = () => useStoriesStore.getState();
/** Replies of an older load change nothing once a newer one started. */
let generation = 0;

/** The first page again (opening /stories, after adding or deleting a story). */
export async function loadRings(): Promise<void> {
  const gen = ++generation;
  if (stories().state !== 'ready') useStoriesStore.setState({ state: 'loading' });
  const page = await fetchStoryRings(0);
  if (gen !== generation) return;
  useStoriesStore.setState({ loadingMore: false });
  if (page === null) {
    if (stories().state !== 'ready') useStoriesStore.setState({ state: 'failed' });
    return;
  }
  stories().applyPage(0, page);
}

/** The next page of 20, when the list is scrolled to its end. */
export async function loadMoreRings(): Promise<void> {
  const { state, ended, loadingMore, rings } = stories();
  if (state !== 'ready' || ended || loadingMore) return;
  const gen = generation;
  useStoriesStore.setState({ loadingMore: true });
  // The offset counts what the server listed, deduplicated rings included.
  const page = await fetchStoryRings(rings.length);
  if (gen !== generation) return;
  useStoriesStore.setState({ loadingMore: false });
  if (page !== null) stories().applyPage(rings.length, page);
}

/** Forgets the list (sign-out). */
export function resetStories(): void {
  generation += 1;
  stories().reset();
}
