// Spec §3 "platform info": the device's system, standalone mode and the push-skip cookie, read
// from the browser. Small and synchronous, so the prompt's gate can decide before its chunk loads.
import { PUSH_SKIP_COOKIE, PUSH_SKIP_COOKIE_DAYS } from '../../app/constants';
import { readCookie, writeCookie } from '../../app/cookies';

export type DeviceOs = 'ios' | 'android' | 'other';

/** iPhone, iPod and iPad (an iPad asks for the desktop site: a "Macintosh" with touch). */
export function deviceOs(userAgent: string, maxTouchPoints: number): DeviceOs {
  if (/iPhone|iPad|iPod/.test(userAgent)) return 'ios';
  if (/Macintosh/.test(userAgent) && maxTouchPoints > 1) return 'ios';
  if (/Android/.test(userAgent)) return 'android';
  return 'other';
}

export function currentOs(): DeviceOs {
  return deviceOs(navigator.userAgent, navigator.maxTouchPoints);
}

/** Opened from the home screen (iOS's own flag, or the manifest's display mode elsewhere). */
export function isStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia?.('(display-mode: standalone)').matches === true;
}

/** The browser can subscribe to pushes here (iOS only in the home-screen app). */
export function pushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

export function isPushSkipped(): boolean {
  return readCookie(PUSH_SKIP_COOKIE) !== null;
}

/** "Later": no push prompt for a day (spec §9). */
export function skipPush(): void {
  writeCookie(PUSH_SKIP_COOKIE, '1', PUSH_SKIP_COOKIE_DAYS);
}
