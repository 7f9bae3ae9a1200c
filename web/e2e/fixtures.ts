// Shared fixtures and helpers for the browser tests. The server is started by global-setup.ts,
// which publishes its address in KESHER_BASE_URL; the config is read before that happens, so the
// base URL is supplied here, lazily, as a fixture.
import { mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  test as base,
  expect,
  type APIRequestContext,
  type Page,
  type TestInfo,
} from '@playwright/test';

export { expect };

export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, provide) => {
    const url = process.env.KESHER_BASE_URL;
    if (!url) throw new Error('KESHER_BASE_URL is not set: global-setup.ts did not run');
    await provide(url);
  },
});

export type Lang = 'he' | 'en' | 'de';

// ---------------------------------------------------------------------------------------------
// Translations: assertions use the client's own strings, so a changed text changes the test
// expectation with it, and a missing translation fails.

const I18N = resolve(import.meta.dirname, '..', 'src', 'i18n');
type Tree = { [key: string]: string | Tree };
const cache = new Map<string, Tree>();

function lookup(key: string, lang: Lang): string | Tree | undefined {
  const [area = '', ...path] = key.split('.');
  const file = join(I18N, area, `${lang}.json`);
  let tree = cache.get(file);
  if (!tree) {
    tree = JSON.parse(readFileSync(file, 'utf8')) as Tree;
    cache.set(file, tree);
  }
  let node: string | Tree | undefined = tree;
  for (const part of path) node = typeof node === 'object' ? node[part] : undefined;
  return node;
}

/** tr('common.notFound.title', 'he'); the first segment is the area folder under src/i18n. */
export function tr(key: string, lang: Lang, params: Record<string, string | number> = {}): string {
  const node = lookup(key, lang);
  if (typeof node !== 'string') throw new Error(`no translation ${key} in ${lang}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? `{{${name}}}`));
}

/** The keys of a translation object, e.g. the points of info.disclosure.points. */
export function trKeys(key: string, lang: Lang): string[] {
  const node = lookup(key, lang);
  if (typeof node !== 'object') throw new Error(`no translation object ${key} in ${lang}`);
  return Object.keys(node);
}

// ---------------------------------------------------------------------------------------------
// Screenshots are kept as artifacts under e2e/artifacts/screenshots/<name>-<project>.png.

export const SCREENSHOTS = resolve(import.meta.dirname, 'artifacts', 'screenshots');

export async function snap(
  page: Page,
  testInfo: TestInfo,
  name: string,
  fullPage = false,
): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({
    path: join(SCREENSHOTS, `${name}-${testInfo.project.name}.png`),
    fullPage,
    animations: 'disabled',
  });
}

// ---------------------------------------------------------------------------------------------
// Accounts

export const PASSWORD = 'correct horse 42';
export const HEBREW_NAME = 'נועה';
export const TEL_AVIV = 293397;
/**
 * Eilat: where members that need no deck of their own live, far from the Tel Aviv, Haifa and
 * Berlin decks that other tests page through (the server shows people in the viewer's language,
 * newest first, so test members elsewhere would come first in those decks).
 */
export const OUT_OF_THE_WAY = 295277;

export function uniqueEmail(tag: string): string {
  const nonce = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return `e2e-${tag}-${nonce}@example.com`;
}

export interface Account {
  email: string;
  password: string;
  name: string;
}

/**
 * Creates an account over HTTP. With page.request the browser context receives the session
 * cookie (signed in); with the standalone request fixture the browser stays a guest.
 */
export async function registerByApi(
  request: APIRequestContext,
  tag: string,
  overrides: Partial<Account> = {},
): Promise<Account> {
  const account: Account = {
    email: uniqueEmail(tag),
    password: PASSWORD,
    name: HEBREW_NAME,
    ...overrides,
  };
  const response = await request.post('/api/auth/register', {
    data: {
      email: account.email,
      password: account.password,
      name: account.name,
      gender: 2,
      s_gender: 1,
      s_age: '25,40',
      birth_year: 1994,
      birth_month: 5,
      birth_day: 17,
      place_id: TEL_AVIV,
      answer: 3,
      language: 'he',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return account;
}

/** The reward modal that the first validated socket of a new account opens. */
export function rewardModal(page: Page) {
  return page.getByRole('dialog', { name: tr('common.freeCredits.title', 'he') });
}

/** Opens /explore as a freshly registered user and closes the 200-credits reward. */
export async function openExploreAndCloseReward(page: Page): Promise<void> {
  await page.goto('/explore');
  await expect(page).toHaveURL(/\/explore$/);
  const modal = rewardModal(page);
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: tr('common.freeCredits.cta', 'he') }).click();
  await expect(modal).toBeHidden();
}

/** Radio inputs are drawn by their card (the label): click the card, then check the radio. */
export async function choose(page: Page, testId: string): Promise<void> {
  const radio = page.getByTestId(testId);
  await radio.locator('xpath=..').click();
  await expect(radio).toBeChecked();
}

export async function expectDocumentLanguage(page: Page, lang: Lang): Promise<void> {
  const html = page.locator('html');
  await expect(html).toHaveAttribute('lang', lang);
  await expect(html).toHaveAttribute('dir', lang === 'he' ? 'rtl' : 'ltr');
}

/** The visible language <select> (auth pages draw one per breakpoint and hide the other). */
export function languagePicker(page: Page, lang: Lang) {
  return page.getByRole('combobox', { name: tr('common.language.label', lang) }).filter({
    visible: true,
  });
}

export async function logInThroughForm(page: Page, email: string, password: string) {
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

// ---------------------------------------------------------------------------------------------
// Mail: without SMTP the server writes .eml files into <data>/outbox.

function decodeBody(raw: string): string {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split);
  const body = raw.slice(split + 4);
  if (/Content-Transfer-Encoding:\s*base64/i.test(headers)) {
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  return body;
}

/** The newest mail addressed to `email`, polled until it arrives; returns its decoded body. */
export async function newestMailTo(email: string, timeoutMs = 10_000): Promise<string> {
  const data = process.env.KESHER_E2E_DATA;
  if (!data) throw new Error('KESHER_E2E_DATA is not set: global-setup.ts did not run');
  const outbox = join(data, 'outbox');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let files: string[] = [];
    try {
      files = readdirSync(outbox).filter((f) => f.endsWith('.eml'));
    } catch {
      // The folder appears with the first mail.
    }
    const mine = files
      .map((f) => ({ path: join(outbox, f), mtime: statSync(join(outbox, f)).mtimeMs }))
      .map((f) => ({ ...f, raw: readFileSync(f.path, 'utf8') }))
      .filter((f) => new RegExp(`^To:.*${email.replace(/[.+]/g, '\\$&')}`, 'mi').test(f.raw))
      .sort((a, b) => b.mtime - a.mtime);
    if (mine[0]) return decodeBody(mine[0].raw);
    if (Date.now() > deadline) throw new Error(`no mail to ${email} in ${outbox}`);
    await new Promise((done) => setTimeout(done, 200));
  }
}

// ---------------------------------------------------------------------------------------------
// The flows that each take a member through several screens (pictures, stories, money, the
// wheel, chat, the decks, blocking, privacy, a cut network) run Hebrew on the phone and English
// on the desktop: both languages and both layouts are covered, at half the cost of all four,
// which CI's 30 minutes cannot afford. E2E_ALL_PAIRINGS=1 runs all four (and takes every
// screenshot) before a change to a screen's layout lands. Short specs always run every pairing.

/** Skips this run unless it is on `layout`: for a flow whose screens do not depend on the layout, or
 *  that only one layout meets (a phone's in-app browser). E2E_ALL_PAIRINGS=1 runs it on both. */
export function onlyLayout(layout: 'phone' | 'desktop', why: string): void {
  if (process.env.E2E_ALL_PAIRINGS === '1') return;
  test.skip(test.info().project.name !== layout, why);
}

/** Skips this run unless it is the language's pairing: he on the phone, en on the desktop. */
export function onlyPairedLayout(lang: Lang): void {
  if (process.env.E2E_ALL_PAIRINGS === '1') return;
  const phone = test.info().project.name === 'phone';
  test.skip(
    phone !== (lang === 'he'),
    `${lang} runs on the ${lang === 'he' ? 'phone' : 'desktop'}`,
  );
}
