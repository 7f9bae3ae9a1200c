// A paged social list (user/fans, user/visitors, user/mylikes, user/matches): the first page on
// open, the next ones on demand, one request in flight, done when a page comes back short.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAppStore } from '../../app/store';
import { fetchListPage, type EntryOf, type PeopleListModule } from './api';
import { LIST_PAGE_SIZE } from './entries';
import { useInView } from './useInView';

type Merge<E> = (current: readonly E[], incoming: readonly E[]) => E[];

export interface PeopleListState<E> {
  items: E[];
  /** The first page has arrived (or failed). */
  loaded: boolean;
  loading: boolean;
  ended: boolean;
  failed: boolean;
}

function initialState<E>(): PeopleListState<E> {
  // The first page is asked for on mount.
  return { items: [], loaded: false, loading: true, ended: false, failed: false };
}

export function usePeopleList<M extends PeopleListModule>(module: M, merge: Merge<EntryOf<M>>) {
  const [state, setState] = useState<PeopleListState<EntryOf<M>>>(initialState);
  // Refs, so that a burst of scroll events can't start a second request.
  const inflight = useRef(false);
  const offset = useRef(0);
  const ended = useRef(false);
  const generation = useRef(0);
  // A payment (premium unlocks Likes me and Visitors) asks every list to load again.
  const epoch = useAppStore((s) => s.dataEpoch);

  /** Starts the request for the next page and returns how to apply its answer. */
  const request = useCallback(() => {
    inflight.current = true;
    const gen = generation.current;
    // The first page replaces what is shown (a reload after a payment starts over).
    const first = offset.current === 0;
    return fetchListPage(module, offset.current).then((page) => {
      if (gen !== generation.current) return;
      inflight.current = false;
      if (page === null) {
        setState((s) => ({ ...s, loading: false, loaded: true, failed: true }));
        return;
      }
      offset.current += page.length;
      ended.current = page.length < LIST_PAGE_SIZE;
      const done = ended.current;
      setState((s) => ({
        items: merge(first ? [] : s.items, page),
        loaded: true,
        loading: false,
        ended: done,
        failed: false,
      }));
    });
  }, [module, merge]);

  const loadMore = useCallback(() => {
    if (inflight.current || ended.current) return Promise.resolve();
    setState((s) => ({ ...s, loading: true, failed: false }));
    return request();
  }, [request]);

  // Opening the list starts from an empty list and offset 0 (spec §4 "opening My likes resets
  // list and offset then loads"). A new data epoch does the same.
  useEffect(() => {
    void epoch;
    generation.current += 1;
    inflight.current = false;
    offset.current = 0;
    ended.current = false;
    void request();
    return () => {
      generation.current += 1;
      inflight.current = false;
    };
  }, [request, epoch]);

  return { ...state, loadMore };
}

/**
 * usePeopleList for a page that scrolls: put `sentinel` on an element after the entries, and the
 * next page loads as it comes near the viewport.
 */
export function useScrolledPeopleList<M extends PeopleListModule>(
  module: M,
  merge: Merge<EntryOf<M>>,
) {
  const list = usePeopleList(module, merge);
  const [sentinel, nearEnd] = useInView<HTMLDivElement>();
  const { loaded, loading, ended, failed, loadMore } = list;

  useEffect(() => {
    if (nearEnd && loaded && !loading && !ended && !failed) void loadMore();
  }, [nearEnd, loaded, loading, ended, failed, loadMore]);

  return { ...list, sentinel };
}
