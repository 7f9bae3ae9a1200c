import { useSyncExternalStore } from 'react';
import type { RealtimeSnapshot } from './client';
import { realtime } from './instance';

export function useRealtimeStatus(): RealtimeSnapshot {
  return useSyncExternalStore(realtime.subscribe, realtime.getSnapshot);
}
