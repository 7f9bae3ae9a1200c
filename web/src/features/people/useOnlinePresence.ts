import { useEffect } from 'react';
import type { OnlinesEvent } from '../../realtime/protocol';
import { onPresence } from './api';
import { usePeopleStore } from './store';

/** Applies an `onlines` event to every list that holds the person (spec §4). */
export function applyPresence(event: OnlinesEvent): void {
  usePeopleStore.getState().setStatus(event.user_id, event.type === 'online' ? 1 : 0);
}

/** Presence events set a person online or offline everywhere. Mounted once, by useMatchWatch. */
export function useOnlinePresence(): void {
  useEffect(() => onPresence(applyPresence), []);
}
