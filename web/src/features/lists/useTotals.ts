// The counters of totals (likes me, my likes, visitors, matches): asked for on mount and kept
// current by `totals` events.
import { useEffect } from 'react';
import { useAppStore } from '../../app/store';
import { realtime } from '../../realtime';

/** Asks the server for fresh totals and stores them. */
export async function refreshTotals(): Promise<void> {
  try {
    const reply = await realtime.request('totals', {});
    if (reply.request_status === 1 && reply.data) useAppStore.getState().setTotals(reply.data);
  } catch {
    // The totals stay as they were; the next event or reconnect refreshes them.
  }
}

export function useTotals() {
  useEffect(() => {
    void refreshTotals();
    return realtime.on('totals', (message) => {
      if (message.data) useAppStore.getState().setTotals(message.data);
    });
  }, []);
  return useAppStore((s) => s.totals);
}
