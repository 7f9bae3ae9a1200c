// The admin area of the staff console, live against the real server: an admin finds a member,
// bans them, and the member's open page is signed out at once (docs/protocol.md "Admin: members,
// reports and staff"); then exports another member's data and erases their account ("Admin: GDPR
// export and erasure"). Screenshots of the admin screens in Hebrew and English, at 1440×900.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createHmac } from 'node:crypto';
import { join, resolve } from 'node:path';
import { expect, snap, test, tr, uniqueEmail } from './fixtures';
import { openAndCloseReward, registerMember } from './social';

const root = resolve(import.meta.dirname, '..', '..');
const STAFF_PASSWORD = 'console admin password 42';

/** `kesher staff add --role admin`: the admin's email and the TOTP secret it prints once. */
function addAdmin(): { email: string; secret: string } {
  const email = uniqueEmail('admin');
  const data = process.env.KESHER_E2E_DATA;
  if (!data) throw new Error('KESHER_E2E_DATA is not set: global-setup.ts did not run');
  const output = execFileSync(
    process.env.KESHER_BIN ?? join(root, 'build/server/kesher'),
    ['--data', data, '--log-level', 'warn', 'staff', 'add', '--email', email, '--role', 'admin'],
    { input: `${STAFF_PASSWORD}\n`, encoding: 'utf8' },
  );
  const secret = /TOTP secret: ([A-Z2-7]+)/.exec(output)?.[1];
  if (!secret) throw new Error(`no TOTP secret in: ${output}`);
  return { email, secret };
}

/** RFC 6238 (SHA-1, 6 digits, 30 s), as an authenticator app computes it. */
function totp(secret: string, now = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of secret) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(now / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const code = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return code.toString().padStart(6, '0');
}

test('an admin bans a member and the member’s open page is signed out', async ({
  page,
  context,
  browser,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'the console is a desktop tool');
  const base = baseURL ?? '';
  const member = await registerMember(page.request, context, base, 'banned', 'he');
  await openAndCloseReward(page, '/explore', 'he');

  const admin = addAdmin();
  const staffContext = await browser.newContext({
    baseURL: base,
    locale: 'he-IL',
    viewport: { width: 1440, height: 900 },
  });
  try {
    // Another member reported them (user/report's row, written as the module writes it).
    const reporter = await registerMember(
      staffContext.request,
      staffContext,
      base,
      'reporter',
      'he',
    );
    execFileSync('sqlite3', [
      join(process.env.KESHER_E2E_DATA ?? '', 'kesher.db'),
      `INSERT INTO reports (reporter_id, reported_id, reason, created_at) VALUES ` +
        `(${reporter.id}, ${member.id}, 'harassment', strftime('%s', 'now'))`,
    ]);
    const console = await staffContext.newPage();
    await console.goto('/console');
    await console.getByLabel(tr('console.login.email', 'he')).fill(admin.email);
    await console.getByLabel(tr('console.login.password', 'he')).fill(STAFF_PASSWORD);
    await console.getByRole('button', { name: tr('console.login.submit', 'he') }).click();
    await console.getByTestId('console-totp').fill(totp(admin.secret));
    await console.getByRole('button', { name: tr('console.login.submit', 'he') }).click();
    await expect(console.getByTestId('console-logout')).toBeVisible();

    // Members: find them by email and open their page.
    await console.getByRole('button', { name: tr('console.nav.admin', 'he') }).click();
    await console.getByTestId('admin-search-input').fill(member.email);
    await console.getByTestId('admin-search-submit').click();
    await console.getByTestId('admin-result').click();
    const view = console.getByTestId('admin-member');
    await expect(view).toContainText(member.email);
    await expect(view).toContainText('signup_bonus');
    await snap(console, testInfo, 'console-admin-member-he');

    // The ban asks for a reason and a confirmation.
    await expect(console.getByTestId('admin-ban')).toBeDisabled();
    await console.getByTestId('admin-ban-reason').fill('הטרדה של חברים אחרים');
    await console.getByTestId('admin-ban').click();
    const dialog = console.getByRole('alertdialog');
    await expect(dialog).toContainText(member.name);
    await snap(console, testInfo, 'console-admin-ban-he');
    await console.getByTestId('admin-confirm').click();
    await expect(console.getByTestId('admin-unban')).toBeVisible();

    // The member's open page loses its session and lands on the start page.
    await expect(page.getByTestId('landing-page')).toBeVisible({ timeout: 20_000 });
    const login = await page.request.post('/api/auth/login', {
      data: { email: member.email, password: member.password },
    });
    expect(login.status()).toBe(403);
    expect(((await login.json()) as { error_code: string }).error_code).toBe('account_banned');

    await console.getByTestId('admin-section-reports').click();
    await expect(console.getByTestId('admin-report').first()).toBeVisible();
    await snap(console, testInfo, 'console-admin-reports-he');
    await console.getByTestId('admin-section-staff').click();
    await expect(console.getByTestId('admin-staff')).toContainText(admin.email);
    await snap(console, testInfo, 'console-admin-staff-he');

    // The same screens in English.
    await console.getByTestId('console-language').selectOption('en');
    await expect(console.locator('html')).toHaveAttribute('dir', 'ltr');
    await snap(console, testInfo, 'console-admin-staff-en');
    await console.getByTestId('admin-section-reports').click();
    await expect(console.getByTestId('admin-report').first()).toBeVisible();
    await snap(console, testInfo, 'console-admin-reports-en');
    await console.getByTestId('admin-section-members').click();
    await console.getByTestId('admin-search-input').fill(member.email);
    await console.getByTestId('admin-search-submit').click();
    await console.getByTestId('admin-result').click();
    await expect(console.getByTestId('admin-member')).toContainText(
      tr('console.admin.members.banned', 'en'),
    );
    await snap(console, testInfo, 'console-admin-member-en');

    // The reporter's data: exported as a file, then the account erased; they cannot sign in.
    await console.getByRole('button', { name: tr('console.admin.members.back', 'en') }).click();
    await console.getByTestId('admin-search-input').fill(reporter.email);
    await console.getByTestId('admin-search-submit').click();
    await console.getByTestId('admin-result').click();
    const [download] = await Promise.all([
      console.waitForEvent('download'),
      console.getByTestId('admin-export').click(),
    ]);
    expect(download.suggestedFilename()).toBe(`kesher-member-${reporter.id}-export.json`);
    const exported = JSON.parse(readFileSync(await download.path(), 'utf8')) as {
      profile: { id: number; email: string };
    };
    expect(exported.profile).toMatchObject({ id: reporter.id, email: reporter.email });
    await snap(console, testInfo, 'console-admin-member-data-en');
    await console.getByTestId('admin-erase').click();
    await console.getByTestId('admin-erase-reason').fill('Asked by email to delete the account');
    await console.getByTestId('admin-erase-name').fill(String(reporter.id));
    await snap(console, testInfo, 'console-admin-erase-en');
    await console.getByTestId('admin-confirm').click();
    await expect(console.getByTestId('admin-erased')).toBeVisible();
    const erasedLogin = await staffContext.request.post('/api/auth/login', {
      data: { email: reporter.email, password: reporter.password },
    });
    expect([401, 403]).toContain(erasedLogin.status());
  } finally {
    await staffContext.close();
  }
});
