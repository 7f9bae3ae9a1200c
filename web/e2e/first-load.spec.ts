// The first load (docs/architecture.md, "Per-language pages"): the server sends the landing and the
// registration's first step pre-rendered in the visitor's language (the language cookie, then
// Accept-Language, then Hebrew), readable before any script runs, and React takes them over
// without a loading screen in between.
import type { Browser, TestInfo } from '@playwright/test';
import {
  choose,
  expect,
  onlyPairedLayout,
  registerByApi,
  snap,
  test,
  tr,
  type Lang,
} from './fixtures';

const LOCALES: Record<Lang, string> = { he: 'he-IL', en: 'en-US', de: 'de-DE' };

/** A first visit in the project's viewport, with the browser's language and scripts on or off. */
async function newVisitor(
  browser: Browser,
  testInfo: TestInfo,
  options: { baseURL: string | undefined; locale: string; javaScript: boolean },
) {
  const context = await browser.newContext({
    ...testInfo.project.use,
    baseURL: options.baseURL,
    javaScriptEnabled: options.javaScript,
    locale: options.locale,
  });
  return { context, page: await context.newPage() };
}

for (const lang of ['he', 'en', 'de'] as const) {
  test(`the landing is readable in ${lang} before the scripts run`, async ({
    browser,
    baseURL,
  }, testInfo) => {
    const { context, page } = await newVisitor(browser, testInfo, {
      baseURL,
      locale: LOCALES[lang],
      javaScript: false,
    });
    await page.goto('/');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('lang', lang);
    await expect(html).toHaveAttribute('dir', lang === 'he' ? 'rtl' : 'ltr');
    await expect(page).toHaveTitle(tr('common.brand', lang));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('auth.tagline', lang));
    const register = page.getByRole('link', { name: tr('auth.landing.register', lang) });
    await expect(register).toBeVisible();
    await expect(register).toHaveAttribute('href', '/register');
    // The landing's stylesheet is there: the call to action is the styled button, not a bare link.
    await expect(register).toHaveCSS('display', /flex|inline-flex|block|inline-block/);
    if (lang !== 'de') await snap(page, testInfo, `first-load-prerendered-${lang}`);
    await context.close();
  });
}

test('the language cookie wins over Accept-Language', async ({ browser, baseURL }, testInfo) => {
  const { context, page } = await newVisitor(browser, testInfo, {
    baseURL,
    locale: 'de-DE',
    javaScript: false,
  });
  const url = new URL(baseURL ?? '');
  await context.addCookies([{ name: 'language', value: 'en', domain: url.hostname, path: '/' }]);
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('auth.tagline', 'en'));
  // Other routes get the page without the landing in it.
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByTestId('landing-page')).toHaveCount(0);
  await expect(page.locator('#root')).toBeEmpty();
  await context.close();
});

for (const lang of ['he', 'en'] as const) {
  test(`React takes the ${lang} landing over`, async ({ browser, baseURL }, testInfo) => {
    const { context, page } = await newVisitor(browser, testInfo, {
      baseURL,
      locale: LOCALES[lang],
      javaScript: true,
    });
    await page.goto('/');
    // The real landing (with its working language picker) replaces the pre-rendered copy.
    await expect(page.getByTestId('landing-register')).toBeVisible();
    await expect(page.locator('[data-prerendered]')).toHaveCount(0);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('auth.tagline', lang));
    await expect(
      page.getByRole('combobox', { name: tr('common.language.label', lang) }),
    ).toBeEnabled();
    await snap(page, testInfo, `first-load-app-${lang}`);
    await context.close();
  });
}

for (const lang of ['he', 'en', 'de'] as const) {
  test(`the registration's first step is readable in ${lang} before the scripts run`, async ({
    browser,
    baseURL,
  }, testInfo) => {
    const { context, page } = await newVisitor(browser, testInfo, {
      baseURL,
      locale: LOCALES[lang],
      javaScript: false,
    });
    await page.goto('/register');
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'he' ? 'rtl' : 'ltr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      tr('auth.register.steps.gender.title', lang),
    );
    await expect(
      page.getByText(tr('auth.register.progress', lang, { step: 1, total: 9 })).first(),
    ).toBeVisible();
    for (const key of ['man', 'woman', 'other']) {
      await expect(
        page.getByText(tr(`auth.register.gender.${key}`, lang), { exact: true }),
      ).toBeVisible();
    }
    // Styled as the app draws it: the choices in a grid of three, the form inert until React.
    await expect(page.locator('fieldset.choice-group')).toHaveCSS('display', 'grid');
    await expect(page.locator('form.register')).toHaveJSProperty('inert', true);
    if (lang !== 'de') await snap(page, testInfo, `first-load-register-prerendered-${lang}`);
    await context.close();
  });
}

for (const lang of ['he', 'en'] as const) {
  test(`React takes the ${lang} registration over, and its first step works`, async ({
    browser,
    baseURL,
  }, testInfo) => {
    const { context, page } = await newVisitor(browser, testInfo, {
      baseURL,
      locale: LOCALES[lang],
      javaScript: true,
    });
    await page.goto('/register');
    const form = page.getByTestId('register-form');
    await expect(form).toHaveAttribute('data-step', '1');
    await expect(page.locator('[data-prerendered]')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      tr('auth.register.steps.gender.title', lang),
    );
    await choose(page, 'register-gender-woman');
    await page.getByTestId('register-continue').click();
    await expect(form).toHaveAttribute('data-step', '2');
    await snap(page, testInfo, `first-load-register-app-${lang}`);
    await context.close();
  });
}

// /explore for a member: the server draws their first cards into the page (docs/architecture.md,
// "Per-language pages"), so the deck is on screen before any script runs, and the app takes over
// those very cards.
for (const lang of ['he', 'en'] as const) {
  test(`a member's first cards are on /explore in ${lang} before the scripts run, and stay`, async ({
    browser,
    baseURL,
  }, testInfo) => {
    onlyPairedLayout(lang);
    const { context, page } = await newVisitor(browser, testInfo, {
      baseURL,
      locale: LOCALES[lang],
      javaScript: false,
    });
    await registerByApi(context.request, `first-cards-${lang}`);
    await page.goto('/explore');
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('explore.title', lang));
    const cards = page.locator('article.swipe-card');
    await expect(cards).toHaveCount(3);
    await expect(cards.first().locator('.swipe-card__first')).not.toBeEmpty();
    // Every virtual profile among them says so on its card, in the page's language.
    const people = JSON.parse(
      (await page.locator('#kesher-first-cards').textContent()) ?? '[]',
    ) as { id: number; virtual: number }[];
    for (const [index, person] of people.slice(0, 3).entries()) {
      await expect(cards.nth(index)).toHaveAttribute('data-person-id', String(person.id));
      await expect(cards.nth(index).getByText(tr('people.virtualBadge', lang))).toHaveCount(
        person.virtual,
      );
    }
    await snap(page, testInfo, `first-load-explore-prerendered-${lang}`);

    // With scripts: the app's deck starts from the cards the server drew into this very page.
    const app = await browser.newContext({
      ...testInfo.project.use,
      baseURL,
      locale: LOCALES[lang],
      storageState: await context.storageState(),
    });
    const appPage = await app.newPage();
    const served = appPage.waitForResponse((response) => response.url().endsWith('/explore'));
    await appPage.goto('/explore');
    const drawnTop = /data-person-id="(\d+)"/.exec(await (await served).text())?.[1];
    expect(drawnTop).toBeDefined();
    await expect(appPage.getByTestId('explore-card').first()).toHaveAttribute(
      'data-person-id',
      drawnTop ?? '',
    );
    await expect(appPage.locator('[data-prerendered]')).toHaveCount(0);
    await app.close();
    await context.close();
  });
}

// Every font a pre-rendered first screen draws with is preloaded: one that is not arrives late and
// lays the page out a second time (docs/performance.md, "First load"). Scripts are blocked, so the
// fonts are those of the server's page, before React draws more.
for (const lang of ['he', 'en'] as const) {
  test(`the pre-rendered pages in ${lang} preload every font they draw with`, async ({
    browser,
    baseURL,
  }, testInfo) => {
    onlyPairedLayout(lang);
    const { context } = await newVisitor(browser, testInfo, {
      baseURL,
      locale: LOCALES[lang],
      javaScript: true,
    });
    await registerByApi(context.request, `first-fonts-${lang}`);
    await context.route('**/*.js', (route) => route.abort());
    for (const path of ['/', '/register', '/explore']) {
      // The landing's and the registration's own pages are for guests.
      const guest = path !== '/explore';
      const visit = guest
        ? await newVisitor(browser, testInfo, { baseURL, locale: LOCALES[lang], javaScript: true })
        : { context, page: await context.newPage() };
      if (guest) await visit.context.route('**/*.js', (route) => route.abort());
      const requested = new Set<string>();
      // On /explore, the cards hold members' own words, in their own script: an English page
      // may need the Hebrew subset for a Hebrew bio, which the build cannot know.
      const ownWords = path === '/explore' && lang !== 'he' ? /rubik-hebrew-/ : null;
      visit.page.on('request', (request) => {
        const file = new URL(request.url()).pathname;
        if (file.endsWith('.woff2') && !ownWords?.test(file)) requested.add(file);
      });
      await visit.page.goto(path);
      await expect(visit.page.locator('html')).toHaveAttribute('lang', lang);
      await visit.page.evaluate(() => document.fonts.ready);
      const preloaded = await visit.page
        .locator('link[rel="preload"][as="font"]')
        .evaluateAll((links) =>
          links.map((link) => new URL((link as HTMLLinkElement).href).pathname),
        );
      // Preloads are always fetched, so the two are equal only if nothing else was.
      expect([...requested].sort(), `${path} asks only for preloaded fonts`).toEqual(
        [...preloaded].sort(),
      );
      if (guest) await visit.context.close();
      else await visit.page.close();
    }
    await context.close();
  });
}
