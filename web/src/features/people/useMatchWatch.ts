// What the signed-in frame hears for the discovery screens whether or not the matched modal's
// chunk has loaded: presence events, and new matches, which open the matched modal through its
// store (the frame then loads the modal; see app/layouts/FrameHosts.tsx).
import { useEffect } from 'react';
import { onMatch } from './api';
import { showMatch } from './overlays';
import { usePeopleStore } from './store';
import { useOnlinePresence } from './useOnlinePresence';

export function useMatchWatch(): void {
  useOnlinePresence();
  useEffect(
    () =>
      onMatch((person) => {
        usePeopleStore.getState().markLiked(person.id, true);
        showMatch({ ...person, liked: 1, matched: 1 });
      }),
    [],
  );
}
