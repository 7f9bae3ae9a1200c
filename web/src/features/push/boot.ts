// The installable app's part of the first load, kept tiny: it registers the service worker once
// the page has loaded and the browser is idle (production builds only), and keeps Chromium's
// `beforeinstallprompt` event for the add-to-home prompt, which may load much later. Everything
// else of the push feature is in lazy chunks.

/** Chromium's install event (not in TypeScript's DOM library). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let installEvent: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();

/** The captured install event, or null (not offered, already used or installed). */
export function installPromptEvent(): BeforeInstallPromptEvent | null {
  return installEvent;
}

export function onInstallPromptChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setInstallPromptEvent(event: BeforeInstallPromptEvent | null): void {
  installEvent = event;
  for (const listener of listeners) listener();
}

export function bootPush(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep Chrome's mini bar away: the app offers installing at a moment of its own.
    event.preventDefault();
    setInstallPromptEvent(event as BeforeInstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => setInstallPromptEvent(null));
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' }).catch(() => {
      // No worker (private mode, an old browser): the site works as before, without push.
    });
  };
  const idle = () =>
    'requestIdleCallback' in window
      ? requestIdleCallback(register, { timeout: 5000 })
      : setTimeout(register, 1000);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
