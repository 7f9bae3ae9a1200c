// The escape from in-app browsers (spec §2, Overlays; docs/decisions/0014-in-app-browser-escape.md)
// against the real server: an emulated Instagram on Android shows "Open in External Browser" and
// tries Chrome's intent to /check/{token}; that token, opened in an ordinary browser, signs it in;
// opened again, it shows the expired page and no session. Facebook's browser shows its own prompt
// (Hebrew on a Hebrew page) with later and open; iOS gets the steps and Safari's scheme.
// No test browser can follow an intent: the page announces each escape URL as a `kesher:escape`
// event right before it navigates (src/features/escape/open.ts), and the tests read it there.
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import {
  expect,
  PASSWORD,
  snap,
  test,
  TEL_AVIV,
  tr,
  uniqueEmail,
  type Lang,
  onlyLayout,
} from './fixtures';

const INSTAGRAM_ANDROID =
  'Mozilla/5.0 (Linux; Android 12; Pixel 6 Build/SQ3A.220705.004; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/118.0.5993.111 Mobile Safari/537.36 Instagram 307.0.0.34.111 Android (31/12; 420dpi; 1080x2209; Google/google; Pixel 6; oriole; oriole; en_US; 532277058)';
const FACEBOOK_ANDROID =
  'Mozilla/5.0 (Linux; Android 13; SM-S911B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/442.0.0.33.113;]';
const INSTAGRAM_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 302.0.0.23.114 (iPhone13,2; iOS 17_1; he_IL; he; scale=3.00; 1170x2532; 520270018)';

declare global {
  interface Window {
    __escapes: string[];
  }
}

/** Records every escape URL the page announces, from the first script on. */
async function recordEscapes(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    window.__escapes = [];
    window.addEventListener('kesher:escape', (event) => {
      window.__escapes.push((event as CustomEvent<string>).detail);
    });
  });
}

function required(baseURL: string | undefined): string {
  if (!baseURL) throw new Error('no baseURL');
  return baseURL;
}

async function escapes(page: Page): Promise<string[]> {
  return page.evaluate(() => window.__escapes);
}

async function registerIn(request: APIRequestContext, language: Lang): Promise<string> {
  const email = uniqueEmail('escape');
  const response = await request.post('/api/auth/register', {
    data: {
      email,
      password: PASSWORD,
      name: language === 'he' ? 'נועה' : 'Noa',
      gender: 2,
      s_gender: 1,
      s_age: '25,40',
      birth_year: 1994,
      birth_month: 5,
      birth_day: 17,
      place_id: TEL_AVIV,
      answer: 3,
      language,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return email;
}

async function inAppContext(
  browser: import('@playwright/test').Browser,
  baseURL: string,
  userAgent: string,
  language: Lang,
  viewport: { width: number; height: number } | null,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    userAgent,
    viewport: viewport ?? { width: 390, height: 844 },
    locale: language === 'he' ? 'he-IL' : language === 'de' ? 'de-DE' : 'en-US',
  });
  await context.addCookies([{ name: 'language', value: language, url: baseURL }]);
  await recordEscapes(context);
  return context;
}

const TOKEN_INTENT =
  /^intent:\/\/127\.0\.0\.1:\d+\/check\/([A-Za-z0-9_-]{43})\?next=%2Fexplore#Intent;scheme=http;package=com\.android\.chrome;end$/;

test('Instagram on Android: the prompt, Chrome’s intent with a token that signs a real browser in once', async ({
  browser,
  baseURL,
}, testInfo) => {
  onlyLayout('phone', 'in-app browsers are on phones');
  const viewport = testInfo.project.use.viewport ?? null;
  const inApp = await inAppContext(browser, required(baseURL), INSTAGRAM_ANDROID, 'en', viewport);
  const page = await inApp.newPage();
  await registerIn(page.request, 'en');
  await page.goto('/explore');
  // A new member's reward modal comes first; the prompt follows when it is closed.
  const reward = page.getByRole('dialog', { name: tr('common.freeCredits.title', 'en') });
  await expect(reward).toBeVisible();
  await expect(page.getByTestId('escape-prompt-external')).toHaveCount(0);
  await reward.getByRole('button', { name: tr('common.freeCredits.cta', 'en') }).click();

  const prompt = page.getByTestId('escape-prompt-external');
  await expect(prompt).toBeVisible();
  await expect(prompt.getByRole('heading')).toHaveText(tr('escape.external.title', 'en'));
  await expect(
    prompt.getByRole('button', { name: tr('escape.external.open', 'en') }),
  ).toBeVisible();
  await snap(page, testInfo, 'escape-instagram-en');

  // After 1,500 ms the page tries Chrome, with a one-time token and the page it was on.
  await expect.poll(() => escapes(page), { timeout: 8_000 }).toHaveLength(1);
  const [intent = ''] = await escapes(page);
  const token = TOKEN_INTENT.exec(intent)?.[1];
  expect(intent).toMatch(TOKEN_INTENT);

  // The reload guard: coming back to the page within a minute does not try again.
  await page.reload();
  await expect(page.getByTestId('escape-prompt-external')).toBeVisible();
  await page.waitForTimeout(2_500);
  expect(await escapes(page)).toEqual([]);

  // Chrome: an ordinary browser with no cookie opens the link and is signed in.
  const chrome = await browser.newContext({ baseURL, viewport: viewport ?? undefined });
  const chromePage = await chrome.newPage();
  const exchange = await chromePage.goto(`/check/${token}?next=%2Fexplore`);
  expect(exchange?.status()).toBe(200);
  await expect(chromePage).toHaveURL(/\/explore$/);
  const session = (await chrome.cookies()).find((c) => c.name === 'session');
  expect(session?.httpOnly).toBe(true);
  // The server sends guests on /explore back to the start: still there means signed in.
  await chromePage.reload();
  await expect(chromePage).toHaveURL(/\/explore$/);
  await expect(chromePage.getByTestId('escape-prompt-external')).toHaveCount(0);

  // The same token again, in another browser: the expired page, and no session.
  const other = await browser.newContext({ baseURL, viewport: viewport ?? undefined });
  await other.addCookies([{ name: 'language', value: 'en', url: required(baseURL) }]);
  const otherPage = await other.newPage();
  const again = await otherPage.goto(`/check/${token}?next=%2Fexplore`);
  expect(again?.status()).toBe(410);
  await expect(otherPage.getByTestId('check-expired')).toBeVisible();
  await expect(otherPage.getByRole('heading', { level: 1 })).toHaveText(
    tr('escape.check.title', 'en'),
  );
  await expect(
    otherPage.getByRole('link', { name: tr('escape.check.signIn', 'en') }),
  ).toBeVisible();
  expect((await other.cookies()).find((c) => c.name === 'session')).toBeUndefined();
  await snap(otherPage, testInfo, 'escape-check-expired-en');

  await Promise.all([inApp.close(), chrome.close(), other.close()]);
});

test('Facebook on Android: the Hebrew prompt with later and open', async ({
  browser,
  baseURL,
}, testInfo) => {
  onlyLayout('phone', 'in-app browsers are on phones');
  const viewport = testInfo.project.use.viewport ?? null;
  const inApp = await inAppContext(browser, required(baseURL), FACEBOOK_ANDROID, 'he', viewport);
  const page = await inApp.newPage();
  await page.goto('/landing?utm_source=fb');

  const prompt = page.getByTestId('escape-prompt-facebook');
  await expect(prompt).toBeVisible();
  await expect(prompt.getByRole('heading')).toHaveText(tr('escape.facebook.title', 'he'));
  const open = prompt.getByRole('button', { name: tr('escape.facebook.open', 'he'), exact: true });
  await expect(open).toBeVisible();
  await expect(
    prompt.getByRole('button', { name: tr('escape.facebook.later', 'he') }).last(),
  ).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await snap(page, testInfo, 'escape-facebook-he');

  // A guest: already tried after 100 ms, with the page itself (no token, none to have).
  await expect.poll(() => escapes(page), { timeout: 5_000 }).toHaveLength(1);
  const guestIntent =
    /^intent:\/\/127\.0\.0\.1:\d+\/landing\?utm_source=fb#Intent;scheme=http;package=com\.android\.chrome;end$/;
  expect((await escapes(page))[0]).toMatch(guestIntent);

  // "Open" tries again at once, whatever the guard says.
  await open.click();
  await expect.poll(() => escapes(page)).toHaveLength(2);
  expect((await escapes(page))[1]).toMatch(guestIntent);

  // Another tab within the minute: the prompt again but no automatic attempt (the reload guard);
  // "later" closes the prompt.
  const second = await inApp.newPage();
  await second.goto('/landing?utm_source=fb');
  const again = second.getByTestId('escape-prompt-facebook');
  await expect(again).toBeVisible();
  await second.waitForTimeout(1_000);
  expect(await escapes(second)).toEqual([]);
  await again
    .getByRole('button', { name: tr('escape.facebook.later', 'he') })
    .last()
    .click();
  await expect(again).toHaveCount(0);
  expect(await escapes(second)).toEqual([]);
  await inApp.close();
});

test('Instagram on iPhone: the steps, and Safari’s scheme only when asked', async ({
  browser,
  baseURL,
}, testInfo) => {
  onlyLayout('phone', 'in-app browsers are on phones');
  const viewport = testInfo.project.use.viewport ?? null;
  const inApp = await inAppContext(browser, required(baseURL), INSTAGRAM_IOS, 'de', viewport);
  const page = await inApp.newPage();
  await registerIn(page.request, 'de');
  await page.goto('/explore');
  const reward = page.getByRole('dialog', { name: tr('common.freeCredits.title', 'de') });
  await reward.getByRole('button', { name: tr('common.freeCredits.cta', 'de') }).click();
  const prompt = page.getByTestId('escape-prompt-external');
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText(tr('escape.ios.steps', 'de'));
  await snap(page, testInfo, 'escape-instagram-ios-de');
  // No intent on iOS: nothing happens by itself.
  await page.waitForTimeout(2_500);
  expect(await escapes(page)).toEqual([]);
  await prompt.getByRole('button', { name: tr('escape.external.openIos', 'de') }).click();
  await expect.poll(() => escapes(page)).toHaveLength(1);
  expect((await escapes(page))[0]).toMatch(
    /^x-safari-http:\/\/127\.0\.0\.1:\d+\/check\/[A-Za-z0-9_-]{43}\?next=%2Fexplore$/,
  );
  await inApp.close();
});

test('a real browser gets no prompt; a made-up token gets the expired page in Hebrew', async ({
  page,
}, testInfo) => {
  onlyLayout('desktop', 'a desktop browser is a real one');
  await page.goto('/');
  await expect(page.getByTestId('escape-prompt-external')).toHaveCount(0);
  await expect(page.getByTestId('escape-prompt-facebook')).toHaveCount(0);
  const response = await page.goto('/check/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  expect(response?.status()).toBe(410);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('escape.check.title', 'he'));
  await snap(page, testInfo, 'escape-check-expired-he');
  // /reconnect for a browser without a session explains and offers signing in.
  await page.goto('/reconnect/chat');
  await expect(page.getByTestId('reconnect-signed-out')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    tr('escape.reconnect.title', 'he'),
  );
  await snap(page, testInfo, 'escape-reconnect-he');
});
