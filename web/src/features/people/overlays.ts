// Small overlay stores of the discovery screens: the matched modal and the like-limit upsell,
// mounted by the signed-in frame (app/layouts/FrameHosts.tsx) once opened, so any screen can
// open them; and showNotice, the discovery screens' way into the notification banner.
import { create } from 'zustand';
import { showBanner } from '../notify/banner';
import type { Person } from '../../realtime/protocol';

interface MatchState {
  person: Person | null;
  /** Matches already celebrated this session: the swipe reply and the match event both announce
   *  the same match, and it should show once. */
  shown: number[];
  show(person: Person): void;
  close(): void;
}

export const useMatchModal = create<MatchState>()((set) => ({
  person: null,
  shown: [],
  show: (person) =>
    set((s) => (s.shown.includes(person.id) ? s : { person, shown: [...s.shown, person.id] })),
  close: () => set({ person: null }),
}));

/** Opens the "It's a match!" modal for `person` (once per person and session). */
export const showMatch = (person: Person) => useMatchModal.getState().show(person);

interface LikeLimitState {
  open: boolean;
  /** Seconds until likes come back, when the server said. */
  resetsIn: number | null;
  show(resetsIn: number | null): void;
  close(): void;
}

export const useLikeLimit = create<LikeLimitState>()((set) => ({
  open: false,
  resetsIn: null,
  show: (resetsIn) => set({ open: true, resetsIn }),
  close: () => set({ open: false }),
}));

export const showLikeLimit = (resetsIn: number | null = null) =>
  useLikeLimit.getState().show(resetsIn);

export type NoticeTone = 'success' | 'error' | 'info';

/** A short, already translated notice at the top of the screen. It is the in-app notification
 *  banner (features/notify) with the icon of its tone; there is no second mechanism. */
export const showNotice = (text: string, tone: NoticeTone = 'info') =>
  showBanner({ type: tone, message: text });
