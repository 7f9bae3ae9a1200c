// The counters of totals (likes me, my likes, visitors, matches): asked for on mount and kept
// current by `totals` events.
import { useEffect } from 'react';
import { useAppStore } from '../../app/store';
import { fetchTotals, onTotals } from './api';

/** Asks the server for fresh totals and stores them. On a failure they stay as they were; the
 *  next event or reconnect refreshes them. */
export async function refreshTotals(): Promise<void> {
  const totals = await fetchTotals();
  if (totals) useAppStore.getState().setTotals(totals);
}

export function useTotals() {
  useEffect(() => {
    void refreshTotals();
    return onTotals((totals) => useAppStore.getState().setTotals(totals));
  }, []);
  return useAppStore((s) => s.totals);
}
