import { RealtimeClient } from './client';

/** The app's single socket. Constructing it opens nothing; main.tsx calls start(). */
export const realtime = new RealtimeClient({
  url: () => `${location.origin.replace(/^http/, 'ws')}/ws`,
});
