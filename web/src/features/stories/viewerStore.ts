// Whether the story viewer is open, and on whom. A store of its own, with no other imports, so
// that the chat can close the viewer (spec §8: not_enough_credits closes it) without depending on
// the stories screens.
import { create } from 'zustand';
import type { Story, StoryRing } from '../../realtime/protocol';

export interface StoryViewerRequest {
  /** The list the viewer was opened from: it steps through one's own ring alone, or through
   *  everyone else's (viewerRules.viewerSequence). */
  rings: StoryRing[];
  /** The ring it opens on. */
  start: number;
  /** Stories already fetched, by member (the first member's, fetched before opening). */
  loaded?: Record<number, Story[]>;
}

interface StoryViewerState {
  request: StoryViewerRequest | null;
  /** Grows with every opening, so a viewer that opens again starts afresh. */
  seq: number;
  open(request: StoryViewerRequest): void;
  close(): void;
}

export const useStoryViewer = create<StoryViewerState>()((set) => ({
  request: null,
  seq: 0,
  open: (request) => set((s) => ({ request, seq: s.seq + 1 })),
  close: () => set({ request: null }),
}));

export const closeStoryViewer = () => useStoryViewer.getState().close();
