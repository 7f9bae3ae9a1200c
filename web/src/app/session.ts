// Wires the socket's events into the app store. Kept apart from the realtime client so that the
// client stays free of app state, and from React so that it runs before the first render.
import type { RealtimeClient, RealtimeSnapshot } from '../realtime';
import type { ConnectionState } from './store';
import { RECONNECT_REFRESH_DELAY_MS } from './constants';
import { applyLanguage, defaultLanguage, readLanguageCookie } from './language';
import { readSessionHint } from './sessionHint';
import { useAppStore } from './store';
import { i18next } from '../i18n';
import { showBanner } from '../features/notify/banner';
import { playSound } from '../features/notify/sounds';

/** What the screens show of the socket: live, reconnecting after a loss, or the browser offline. */
export function connectionOf(snapshot: RealtimeSnapshot): ConnectionState {
  if (snapshot.status === 'open' && snapshot.authenticated) return 'live';
  if (!snapshot.online) return 'offline';
  return snapshot.interrupted ? 'reconnecting' : 'live';
}

export function refreshTotals(client: RealtimeClient): void {
  if (!useAppStore.getState().authenticated) return;
  client.request('totals', {}).catch(() => {
    // Totals are refreshed again on the next reconnect or visibility change.
  });
}

/** Subscribes the store to the client; returns a function that undoes every subscription. */
export function bindRealtime(client: RealtimeClient, navigate: (to: string) => void): () => void {
  const store = useAppStore.getState;
  client.setBelievedLoggedIn(() => store().authenticated || readSessionHint());

  const syncConnection = () => store().setConnection(connectionOf(client.getSnapshot()));
  syncConnection();

  const offs = [
    client.subscribe(syncConnection),
    client.onSession((event) => {
      if (event.type === 'authenticated') {
        store().setUser(event.user);
        refreshTotals(client);
      } else if (event.type === 'lost') {
        store().clearSession();
        // The chat's drafts module is not part of the first load; a lost session is rare.
        void import('../features/chat/drafts').then((drafts) => drafts.clearAllDrafts());
        store().setAuthChecked(true);
        navigate('/');
      } else {
        // A guest socket after a logout in another tab, or a first visit.
        if (store().user) store().clearSession();
        store().setAuthChecked(true);
      }
    }),
    client.on('configs', (reply) => {
      if (reply.data) store().setConfigs(reply.data);
    }),
    client.on('plugins', (reply) => {
      if (reply.data) store().setPlugins(reply.data);
    }),
    client.on('geodata', (reply) => {
      if (reply.data) store().setCountry(reply.data.country);
      // Spec §4: with no stored choice the app speaks the default language: the one the server
      // chose the page in (Accept-Language, else Hebrew), which the pre-rendered landing shows.
      if (readLanguageCookie() === null) applyLanguage(defaultLanguage());
    }),
    client.on('totals', (reply) => {
      if (reply.data) store().setTotals(reply.data);
    }),
    client.on('user/update', (reply) => {
      if (reply.request_status === 1 && reply.data) store().setUser(reply.data.user);
    }),
    // Photos added or deleted in another tab of this member.
    client.on('user/photos/changed', (event) => store().setPhotos(event.data.photos)),
    client.on('claim_free_credits', (event) => {
      const reason = event.request_details.reason === 'push' ? 'push' : 'signup';
      store().setFreeCreditsClaimed(event.claimed_credits, reason);
      // Spec §4: the claim plays the credits sound with a 1200 ms credits banner.
      showBanner({
        type: 'credits',
        message: i18next.t(reason === 'push' ? 'notify.pushCredits' : 'notify.freeCredits', {
          count: event.claimed_credits,
        }),
        durationMs: 1200,
      });
      playSound('credits');
    }),
  ];

  let refreshTimer: ReturnType<typeof setTimeout> | null = null;
  const onVisibility = () => {
    if (document.visibilityState !== 'visible') return;
    if (!client.resume()) return;
    if (refreshTimer !== null) clearTimeout(refreshTimer);
    refreshTimer = setTimeout(() => {
      refreshTimer = null;
      refreshTotals(client);
    }, RECONNECT_REFRESH_DELAY_MS);
  };
  document.addEventListener('visibilitychange', onVisibility);

  return () => {
    for (const off of offs) off();
    document.removeEventListener('visibilitychange', onVisibility);
    if (refreshTimer !== null) clearTimeout(refreshTimer);
  };
}
