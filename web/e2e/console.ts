// The staff console in browser tests: an admin made with `kesher staff add` against the running
// server's data folder, signed in with a TOTP code from oathtool (not our own RFC 6238), and the
// server's database written beside it (SQLite WAL allows a second writer).
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, tr, uniqueEmail, type Lang } from './fixtures';

const root = resolve(import.meta.dirname, '..', '..');
const ADMIN_PASSWORD = 'console admin 4242';
const bin = () => process.env.KESHER_BIN ?? join(root, 'build/server/kesher');
const dataDir = () => {
  const data = process.env.KESHER_E2E_DATA;
  if (!data) throw new Error('KESHER_E2E_DATA is not set: global-setup.ts did not run');
  return data;
};

/** A new admin (`kesher staff add`), with the TOTP secret the command prints once. */
export function addAdmin(tag: string): { email: string; secret: string } {
  const email = uniqueEmail(tag);
  const out = execFileSync(
    bin(),
    [
      '--data',
      dataDir(),
      '--log-level',
      'warn',
      'staff',
      'add',
      '--email',
      email,
      '--role',
      'admin',
    ],
    { input: `${ADMIN_PASSWORD}\n`, encoding: 'utf8' },
  );
  const secret = /TOTP secret: ([A-Z2-7]+)/.exec(out)?.[1];
  if (!secret) throw new Error(`no TOTP secret in: ${out}`);
  return { email, secret };
}

/** Writes to the running server's database (SQLite WAL allows a second writer). */
export function writeSql(query: string): void {
  execFileSync('sqlite3', [join(dataDir(), 'kesher.db'), query]);
}

export async function openAdminConsole(browser: Browser, baseURL: string, lang: Lang, tag: string) {
  const admin = addAdmin(tag);
  const context = await browser.newContext({
    baseURL,
    locale: lang === 'he' ? 'he-IL' : 'en-US',
    viewport: { width: 1440, height: 900 },
  });
  const page = await context.newPage();
  await page.goto('/console');
  if (lang !== 'he') await page.getByTestId('console-language').selectOption(lang);
  await page.getByLabel(tr('console.login.email', lang)).fill(admin.email);
  await page.getByLabel(tr('console.login.password', lang)).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: tr('console.login.submit', lang) }).click();
  // RFC 6238 by a program that is not ours: oathtool (scripts/bootstrap installs it).
  const code = execFileSync('oathtool', ['--totp', '-b', admin.secret], { encoding: 'utf8' });
  await page.getByTestId('console-totp').fill(code.trim());
  await page.getByRole('button', { name: tr('console.login.submit', lang) }).click();
  await expect(page.getByTestId('console-logout')).toBeVisible();
  return { context, page, email: admin.email };
}

export async function switchLanguage(console: Page, lang: Lang) {
  await console.getByTestId('console-language').selectOption(lang);
  await expect(console.locator('html')).toHaveAttribute('dir', lang === 'he' ? 'rtl' : 'ltr');
}
