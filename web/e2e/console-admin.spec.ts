// The admin area of the staff console, live against the real server: an admin finds a member,
// bans them, and the member's open page is signed out at once (docs/protocol.md "Admin: members,
// reports and staff"); then exports another member's data and erases their account ("Admin: GDPR
// export and erasure"). Screenshots of the admin screens in Hebrew and English, at 1440×900.
import { readFileSync } from 'node:fs';
import { openAdminConsole, writeSql } from './console';
import { expect, snap, test, tr } from './fixtures';
import { openAndCloseReward, registerMember } from './social';

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

  const {
    context: staffContext,
    page: console,
    email: adminEmail,
  } = await openAdminConsole(browser, base, 'he', 'admin');
  try {
    // Another member reported them (user/report's row, written as the module writes it).
    const reporter = await registerMember(
      staffContext.request,
      staffContext,
      base,
      'reporter',
      'he',
    );
    writeSql(
      `INSERT INTO reports (reporter_id, reported_id, reason, created_at) VALUES ` +
        `(${reporter.id}, ${member.id}, 'harassment', strftime('%s', 'now'))`,
    );

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
    await expect(console.getByTestId('admin-staff')).toContainText(adminEmail);
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
