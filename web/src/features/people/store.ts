// Discovery state shared by the deck, Discover, the spotlight and the profile modal, so that a
// block, a like or a presence change shows everywhere at once (spec §4).
import { create } from 'zustand';
import type { Person, ProfileTarget } from '../../realtime/protocol';
import { applyPage, mergeById, withoutId } from './lists';

interface PeopleState {
  cards: Person[];
  meet: Person[];
  popular: Person[];
  spotlight: Person[];
  /** People hidden after a block in this session, so that late replies can't bring them back. */
  hiddenIds: number[];

  appendCards(incoming: Person[]): void;
  dropCard(id: number): void;
  applyMeetPage(offset: number, incoming: Person[]): void;
  applyPopularPage(offset: number, incoming: Person[]): void;
  setSpotlight(list: Person[]): void;
  /** Block: the person disappears from every list. */
  forget(id: number): void;
  /** Unblock: the person may come back with the next load. */
  unhide(id: number): void;
  markLiked(id: number, matched: boolean): void;
  setStatus(id: number, status: 0 | 1): void;
  /** Spec §4: a changed search preference clears cards, meet and popular before reloading. */
  resetDiscovery(): void;
}

const update = (list: Person[], id: number, patch: Partial<Person>) =>
  list.map((person) => (person.id === id ? { ...person, ...patch } : person));

const visible = (incoming: Person[], hidden: number[]) =>
  incoming.filter((person) => !hidden.includes(person.id));

export const usePeopleStore = create<PeopleState>()((set) => ({
  cards: [],
  meet: [],
  popular: [],
  spotlight: [],
  hiddenIds: [],

  appendCards: (incoming) =>
    set((s) => ({ cards: mergeById(s.cards, visible(incoming, s.hiddenIds)) })),
  dropCard: (id) => set((s) => ({ cards: withoutId(s.cards, id) })),
  applyMeetPage: (offset, incoming) =>
    set((s) => ({ meet: applyPage(s.meet, visible(incoming, s.hiddenIds), offset) })),
  applyPopularPage: (offset, incoming) =>
    set((s) => ({ popular: applyPage(s.popular, visible(incoming, s.hiddenIds), offset) })),
  setSpotlight: (list) => set((s) => ({ spotlight: visible(list, s.hiddenIds) })),
  forget: (id) =>
    set((s) => ({
      cards: withoutId(s.cards, id),
      meet: withoutId(s.meet, id),
      popular: withoutId(s.popular, id),
      spotlight: withoutId(s.spotlight, id),
      hiddenIds: s.hiddenIds.includes(id) ? s.hiddenIds : [...s.hiddenIds, id],
    })),
  unhide: (id) => set((s) => ({ hiddenIds: s.hiddenIds.filter((hidden) => hidden !== id) })),
  markLiked: (id, matched) =>
    set((s) => {
      const patch: Partial<Person> = { liked: 1, matched: matched ? 1 : 0 };
      return {
        cards: update(s.cards, id, patch),
        meet: update(s.meet, id, patch),
        popular: update(s.popular, id, patch),
        spotlight: update(s.spotlight, id, patch),
      };
    }),
  setStatus: (id, status) =>
    set((s) => ({
      cards: update(s.cards, id, { status }),
      meet: update(s.meet, id, { status }),
      popular: update(s.popular, id, { status }),
      spotlight: update(s.spotlight, id, { status }),
    })),
  resetDiscovery: () => set({ cards: [], meet: [], popular: [] }),
}));

interface ProfileModalState {
  userId: number | null;
  target: ProfileTarget;
  open(userId: number, target: ProfileTarget): void;
  close(): void;
}

/** Which profile the modal shows; any screen opens it with openProfile(id, target). */
export const useProfileModal = create<ProfileModalState>()((set) => ({
  userId: null,
  target: 'explore',
  open: (userId, target) => set({ userId, target }),
  close: () => set({ userId: null }),
}));

export const openProfile = (userId: number, target: ProfileTarget) =>
  useProfileModal.getState().open(userId, target);
