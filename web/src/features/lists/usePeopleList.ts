// A paged social list (user/fans, user/visitors, user/mylikes, user/matches): the first page on
// open, the next ones on demand, one request in flight, done when a page comes back short.
import { useCallback, useEffect, useRef, useState } from 'react';
import { realtime } from '../../realtime';
import type { DataOf } from '../../realtime/protocol';
import { LIST_PAGE_SIZE } from './entries';

export type PeopleListModule = 'user/fans' | 'user/visitors' | 'user/mylikes' | 'user/matches';
/** PeopleListEntry, or for user/fans and user/visitors also LockedListEntry. */
export type EntryOf<M extends PeopleListModule> = DataOf<M>[number];

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

/** One page, or null when the server refused or the socket failed. */
async function fetchPage<M extends PeopleListModule>(
  module: M,
  offset: number,
): Promise<EntryOf<M>[] | null> {
  try {
    const reply = await realtime.request(module, {
      currentLength: offset,
      recordsToTake: LIST_PAGE_SIZE,
    });
    const data: unknown = reply.data;
    return reply.request_status === 1 && Array.isArray(data) ? (data as EntryOf<M>[]) : null;
  } catch {
    return null;
  }
}

export function usePeopleList<M extends PeopleListModule>(module: M, merge: Merge<EntryOf<M>>) {
  const [state, setState] = useState<PeopleListState<EntryOf<M>>>(initialState);
  // Refs, so that a burst of scroll events can't start a second request.
  const inflight = useRef(false);
  const offset = useRef(0);
  const ended = useRef(false);
  const generation = useRef(0);

  /** Starts the request for the next page and returns how to apply its answer. */
  const request = useCallback(() => {
    inflight.current = true;
    const gen = generation.current;
    return fetchPage(module, offset.current).then((page) => {
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
        items: merge(s.items, page),
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
  // list and offset then loads").
  useEffect(() => {
    generation.current += 1;
    inflight.current = false;
    offset.current = 0;
    ended.current = false;
    void request();
    return () => {
      generation.current += 1;
      inflight.current = false;
    };
  }, [request]);

  return { ...state, loadMore };
}
