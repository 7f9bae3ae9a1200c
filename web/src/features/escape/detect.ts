// In-app browsers (spec §2, Overlays): Facebook's, Instagram's and TikTok's, and any other app's
// web view on Android or iOS, told from the user agent alone. Small and synchronous, so that
// EscapeGate can decide before the escape's chunk is fetched (docs/decisions/0014).
import { deviceOs, type DeviceOs } from '../push/platform';

export type InAppBrowser = 'facebook' | 'instagram' | 'tiktok' | 'webview';

export interface BrowserDetection {
  app: InAppBrowser | null;
  os: DeviceOs;
}

// Instagram's Android agent names the app after Facebook's own markers in some versions, so it is
// asked first.
const INSTAGRAM = /\bInstagram\b/;
// FBAN/FBAV (the iOS and older Android apps, Messenger too), FB_IAB (Facebook's in-app browser on
// Android).
const FACEBOOK = /\bFBAN\/|\bFBAV\/|\bFB_IAB\//;
// TikTok's agents carry the app's old name (musical_ly, trill for some regions), ByteDance's web
// view, or the name itself.
const TIKTOK = /musical_ly|\btrill_\d|BytedanceWebview|\bTikTok\b/i;
// Android's system WebView marks itself with "wv" in the platform part: "(Linux; Android 13; …;
// wv)".
const ANDROID_WEBVIEW = /;\s*wv\)/;

/** An iOS page outside Safari and the browsers built on its engine (Chrome's CriOS, Firefox's
 *  FxiOS, Edge's EdgiOS all name Safari/): WebKit without "Safari/". Snapchat's "like Safari/…"
 *  does not count as Safari. */
function isIosWebView(userAgent: string): boolean {
  if (!/AppleWebKit\//.test(userAgent)) return false;
  return !/Safari\//.test(userAgent.replace(/like Safari\//g, ''));
}

export function detectBrowser(userAgent: string, maxTouchPoints = 0): BrowserDetection {
  const os = deviceOs(userAgent, maxTouchPoints);
  let app: InAppBrowser | null = null;
  if (INSTAGRAM.test(userAgent)) app = 'instagram';
  else if (FACEBOOK.test(userAgent)) app = 'facebook';
  else if (TIKTOK.test(userAgent)) app = 'tiktok';
  else if (os === 'android' && ANDROID_WEBVIEW.test(userAgent)) app = 'webview';
  else if (os === 'ios' && isIosWebView(userAgent)) app = 'webview';
  return { app, os };
}

export function currentBrowser(): BrowserDetection {
  return detectBrowser(navigator.userAgent, navigator.maxTouchPoints);
}
