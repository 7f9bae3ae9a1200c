// Paging for Discover's two lists, held in the shared people store (spec §4, §9): 24 a page,
// one request in flight per list, done when a page comes back short, and a fresh start when
// resetDiscovery() empties the lists after a search preference changed.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Person } from '../../realtime/protocol';
import { usePeopleStore } from '../people/store';
import { fetchDiscoveryPage, MEET_PAGE_SIZE, type MeetTab } from './api';

interface PagingState {
  loading: boolean;
  ended: boolean;
  failed: boolean;
  /** A page has arrived since the list was last (re)started. */
  loaded: boolean;
}

const FRESH: PagingState = { loading: false, ended: false, failed: false, loaded: false };

function listOf(tab: MeetTab): Person[] {
  const state = usePeopleStore.getState();
  return tab === 'meet' ? state.meet : state.popular;
}

function applyPage(tab: MeetTab, offset: number, data: Person[]) {
  const state = usePeopleStore.getState();
  if (tab === 'meet') state.applyMeetPage(offset, data);
  else state.applyPopularPage(offset, data);
}

export function useDiscoveryList(tab: MeetTab) {
  const people = usePeopleStore((s) => (tab === 'meet' ? s.meet : s.popular));
  const [paging, setPaging] = useState<Record<MeetTab, PagingState>>(() => ({
    meet: { ...FRESH, loaded: listOf('meet').length > 0 },
    popular: { ...FRESH, loaded: listOf('popular').length > 0 },
  }));
  const inflight = useRef<Record<MeetTab, boolean>>({ meet: false, popular: false });
  const ended = useRef<Record<MeetTab, boolean>>({ meet: false, popular: false });
  const generation = useRef<Record<MeetTab, number>>({ meet: 0, popular: 0 });
  // True while this hook applies its own page, so that the store listener below can tell a
  // page that happened to be empty from a reset.
  const applying = useRef(false);

  const patch = useCallback((which: MeetTab, next: Partial<PagingState>) => {
    setPaging((current) => ({ ...current, [which]: { ...current[which], ...next } }));
  }, []);

  const load = useCallback(
    async (which: MeetTab) => {
      if (inflight.current[which] || ended.current[which]) return;
      inflight.current[which] = true;
      const gen = generation.current[which];
      const offset = listOf(which).length;
      patch(which, { loading: true, failed: false });
      try {
        const data = await fetchDiscoveryPage(which, offset);
        if (gen !== generation.current[which]) return;
        if (data === null) {
          patch(which, { loading: false, failed: true, loaded: true });
          return;
        }
        ended.current[which] = data.length < MEET_PAGE_SIZE;
        applying.current = true;
        try {
          applyPage(which, offset, data);
        } finally {
          applying.current = false;
        }
        patch(which, { loading: false, loaded: true, ended: ended.current[which] });
      } catch {
        if (gen === generation.current[which])
          patch(which, { loading: false, failed: true, loaded: true });
      } finally {
        if (gen === generation.current[which]) inflight.current[which] = false;
      }
    },
    [patch],
  );

  const restart = useCallback(
    (which: MeetTab) => {
      generation.current[which] += 1;
      inflight.current[which] = false;
      ended.current[which] = false;
      patch(which, FRESH);
      void load(which);
    },
    [load, patch],
  );

  // resetDiscovery() (or the last person blocked away) empties a list: start it again.
  useEffect(
    () =>
      usePeopleStore.subscribe((state, previous) => {
        if (applying.current) return;
        for (const which of ['meet', 'popular'] as const) {
          const now = which === 'meet' ? state.meet : state.popular;
          const before = which === 'meet' ? previous.meet : previous.popular;
          if (now !== before && now.length === 0) restart(which);
        }
      }),
    [restart],
  );

  // The visible tab loads its first page when it has nothing to show.
  useEffect(() => {
    if (listOf(tab).length === 0 && !ended.current[tab]) void load(tab);
  }, [tab, load]);

  // Cancel what is in flight on unmount, so that a later mount may ask again.
  useEffect(
    () => () => {
      for (const which of ['meet', 'popular'] as const) {
        generation.current[which] += 1;
        inflight.current[which] = false;
      }
    },
    [],
  );

  const loadMore = useCallback(() => load(tab), [load, tab]);
  return { people, ...paging[tab], loadMore };
}
