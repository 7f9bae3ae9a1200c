// @vitest-environment node
// In-app browser detection against a table of user agents in the exact form the apps and
// browsers send them (Facebook for Android and iOS, Messenger, Instagram, TikTok, other apps' web
// views, and the browsers that must never be mistaken for one), versions of 2023–2024.
import { describe, expect, it } from 'vitest';
import { detectBrowser, type BrowserDetection } from './detect';

interface Case {
  name: string;
  ua: string;
  touch?: number;
  expected: BrowserDetection;
}

const CASES: Case[] = [
  {
    name: 'Facebook for Android (FB_IAB, FB4A)',
    ua: 'Mozilla/5.0 (Linux; Android 13; SM-S911B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/442.0.0.33.113;]',
    expected: { app: 'facebook', os: 'android' },
  },
  {
    name: 'Facebook for Android, older (FBAN/EMA, Facebook Lite)',
    ua: 'Mozilla/5.0 (Linux; Android 9; SM-J600G Build/PPR1.180610.011; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/96.0.4664.104 Mobile Safari/537.36 [FBAN/EMA;FBLC/he_IL;FBAV/285.0.0.14.113;]',
    expected: { app: 'facebook', os: 'android' },
  },
  {
    name: 'Facebook for iPhone (FBAN/FBIOS)',
    ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBDV/iPhone14,5;FBMD/iPhone;FBSN/iOS;FBSV/17.1.2;FBSS/3;FBID/phone;FBLC/he_IL;FBOP/5;FBRV/0]',
    expected: { app: 'facebook', os: 'ios' },
  },
  {
    name: 'Messenger for iPhone',
    ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 LightSpeed [FBAN/MessengerLiteForiOS;FBAV/434.0.0.36.115;FBBV/535344651;FBDV/iPhone12,1;FBMD/iPhone;FBSN/iOS;FBSV/16.6;FBSS/2;FBCR/;FBID/phone;FBLC/en_US;FBOP/0]',
    expected: { app: 'facebook', os: 'ios' },
  },
  {
    name: 'Facebook on iPad',
    ua: 'Mozilla/5.0 (iPad; CPU OS 16_7_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/441.0.0.23.105;FBBV/540130219;FBDV/iPad7,11;FBMD/iPad;FBSN/iPadOS;FBSV/16.7.2;FBSS/2;FBID/tablet;FBLC/de_DE;FBOP/5;FBRV/0]',
    expected: { app: 'facebook', os: 'ios' },
  },
  {
    name: 'Instagram for Android',
    ua: 'Mozilla/5.0 (Linux; Android 12; Pixel 6 Build/SQ3A.220705.004; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/118.0.5993.111 Mobile Safari/537.36 Instagram 307.0.0.34.111 Android (31/12; 420dpi; 1080x2209; Google/google; Pixel 6; oriole; oriole; en_US; 532277058)',
    expected: { app: 'instagram', os: 'android' },
  },
  {
    name: 'Instagram for iPhone',
    ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 302.0.0.23.114 (iPhone13,2; iOS 16_6; he_IL; he; scale=3.00; 1170x2532; 520270018)',
    expected: { app: 'instagram', os: 'ios' },
  },
  {
    name: 'TikTok for Android (musical_ly, BytedanceWebview)',
    ua: 'Mozilla/5.0 (Linux; Android 11; SM-A515F Build/RP1A.200720.012; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/114.0.5735.196 Mobile Safari/537.36 trill_310503 JsSdk/1.0 NetType/WIFI Channel/googleplay AppName/musical_ly app_version/31.5.3 ByteLocale/en ByteFullLocale/en Region/IL Spark/1.3.7.1-bugfix AppVersion/31.5.3 BytedanceWebview/d8a21c6',
    expected: { app: 'tiktok', os: 'android' },
  },
  {
    name: 'TikTok for iPhone',
    ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 musical_ly_31.8.0 JsSdk/2.0 NetType/WIFI Channel/App Store ByteLocale/he Region/IL isDarkMode/0 WKWebView/1 RevealType/Dialog BytedanceWebview/d8a21c6',
    expected: { app: 'tiktok', os: 'ios' },
  },
  {
    name: 'TikTok for Android, newer (TikTok name)',
    ua: 'Mozilla/5.0 (Linux; Android 14; 23049PCD8G Build/UKQ1.230804.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/121.0.6167.101 Mobile Safari/537.36 TikTok/33.2.4 AppName/trill',
    expected: { app: 'tiktok', os: 'android' },
  },
  {
    name: 'another app’s Android WebView (Gmail)',
    ua: 'Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TQ3A.230901.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.43 Mobile Safari/537.36',
    expected: { app: 'webview', os: 'android' },
  },
  {
    name: 'another app’s iOS web view (WKWebView)',
    ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
    expected: { app: 'webview', os: 'ios' },
  },
  {
    name: 'Snapchat for iPhone ("like Safari/")',
    ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Snapchat/12.60.0.40 (like Safari/8617.1.17.10.9, panda)',
    expected: { app: 'webview', os: 'ios' },
  },
  {
    name: 'Chrome for Android',
    ua: 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
    expected: { app: null, os: 'android' },
  },
  {
    name: 'Samsung Internet',
    ua: 'Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36',
    expected: { app: null, os: 'android' },
  },
  {
    name: 'Firefox for Android',
    ua: 'Mozilla/5.0 (Android 14; Mobile; rv:121.0) Gecko/121.0 Firefox/121.0',
    expected: { app: null, os: 'android' },
  },
  {
    name: 'Safari on iPhone',
    ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1',
    expected: { app: null, os: 'ios' },
  },
  {
    name: 'Chrome on iPhone (CriOS)',
    ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1',
    expected: { app: null, os: 'ios' },
  },
  {
    name: 'Firefox on iPhone (FxiOS)',
    ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/121.0 Mobile/15E148 Safari/605.1.15',
    expected: { app: null, os: 'ios' },
  },
  {
    name: 'Google app on iPhone (GSA)',
    ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) GSA/296.0.588955069 Mobile/15E148 Safari/604.1',
    expected: { app: null, os: 'ios' },
  },
  {
    name: 'Safari on iPad (asks for the desktop site)',
    ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15',
    touch: 5,
    expected: { app: null, os: 'ios' },
  },
  {
    name: 'Chrome on Windows',
    ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
    expected: { app: null, os: 'other' },
  },
  {
    name: 'Firefox on Linux',
    ua: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0',
    expected: { app: null, os: 'other' },
  },
  {
    name: 'Safari on a Mac',
    ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15',
    expected: { app: null, os: 'other' },
  },
];

describe('detectBrowser', () => {
  for (const { name, ua, touch, expected } of CASES) {
    it(name, () => {
      expect(detectBrowser(ua, touch ?? 0)).toEqual(expected);
    });
  }

  it('covers every kind of in-app browser and every system in its table', () => {
    const apps = new Set(CASES.map((c) => c.expected.app));
    expect(apps).toEqual(new Set(['facebook', 'instagram', 'tiktok', 'webview', null]));
    const systems = new Set(CASES.map((c) => c.expected.os));
    expect(systems).toEqual(new Set(['android', 'ios', 'other']));
  });
});
