// Small overlay stores of the discovery screens: the matched modal, the like-limit upsell and a
// short notice ("User blocked"). Their hosts are mounted once by MainLayout (through
// ProfileModalHost and MatchedModalHost), so any screen can open them.
import { create } from 'zustand';
import { BANNER_DURATION_MS } from '../../app/constants';
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

interface NoticeState {
  notice: { id: number; text: string; tone: NoticeTone } | null;
  show(text: string, tone: NoticeTone): void;
  dismiss(): void;
}

let noticeSeq = 0;
let noticeTimer: ReturnType<typeof setTimeout> | null = null;

export const useNotice = create<NoticeState>()((set) => ({
  notice: null,
  show: (text, tone) => {
    noticeSeq += 1;
    const id = noticeSeq;
    set({ notice: { id, text, tone } });
    if (noticeTimer !== null) clearTimeout(noticeTimer);
    noticeTimer = setTimeout(() => {
      noticeTimer = null;
      set((s) => (s.notice?.id === id ? { notice: null } : s));
    }, BANNER_DURATION_MS);
  },
  dismiss: () => set({ notice: null }),
}));

/** A short, already translated notice at the top of the screen (spec §9: 3 s). */
export const showNotice = (text: string, tone: NoticeTone = 'info') =>
  useNotice.getState().show(text, tone);
