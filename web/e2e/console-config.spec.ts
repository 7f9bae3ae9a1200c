// The admin's side of the console, live against the real server (docs/protocol.md "Admin:
// dashboard and configuration"): an admin changes a credit package's price and a member's open
// credits modal shows it without a reload; the dashboard draws its charts from the database.
// The console is a desktop tool (1440×900); the member's credits modal is seen on a phone.
import { openAdminConsole, switchLanguage, writeSql } from './console';
import { expect, snap, test, tr } from './fixtures';
import { openAndCloseReward, registerMember, sqlIds } from './social';

// The seeded 7,000-credit package (id 4): ₪299.00 / $89.00.
const PACKAGE = 4;
const SEEDED_ILS_MINOR = 29900;

test('an admin changes a package price and the member’s open credits modal shows it', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'the console is a desktop tool');
  const base = baseURL ?? '';
  // The member, on a phone, with the credits modal open, in Hebrew (priced in shekels).
  const memberContext = await browser.newContext({
    baseURL: base,
    locale: 'he-IL',
    viewport: { width: 390, height: 844 },
    hasTouch: true,
  });
  const member = await memberContext.newPage();
  const { context: staffContext, page: console } = await openAdminConsole(
    browser,
    base,
    'he',
    'admin-config',
  );
  try {
    await registerMember(member.request, memberContext, base, 'config-member', 'he');
    await openAndCloseReward(member, '/explore', 'he');
    await member.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    await member.locator('.tab-bar a[href="/profile"]').click();
    await member.getByTestId('profile-credits').click();
    const modal = member.getByTestId('credits-modal');
    await expect(modal).toBeVisible();
    const seven = modal.getByTestId('credits-package').filter({ hasText: '7,000' });
    await expect(seven.getByTestId('credits-price')).toContainText('299');

    // The admin lowers the price, sees what will change, and confirms.
    await console.getByRole('button', { name: tr('console.nav.config', 'he') }).click();
    const price = console.getByTestId(`config-priceIls-${PACKAGE}`);
    await expect(price).toHaveValue('299.00');
    await price.fill('0');
    await expect(console.getByTestId('config-packages')).toContainText(
      tr('console.config.problem.price', 'he'),
    );
    await expect(console.getByTestId('config-packages-save')).toBeDisabled();
    await price.fill('249.90');
    await console.getByTestId('config-packages-save').click();
    await expect(console.getByTestId('config-changes')).toContainText('249.90');
    await snap(console, testInfo, 'console-config-confirm-he');
    await console.getByTestId('config-confirm').click();
    await expect(console.getByTestId('config-changes')).toBeHidden();
    await expect(console.getByTestId(`config-priceIls-${PACKAGE}`)).toHaveValue('249.90');
    await snap(console, testInfo, 'console-config-he');

    // The member's open modal shows the new price, without a reload.
    await expect(seven.getByTestId('credits-price')).toContainText('249.9');
    expect(
      await member.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
    ).toBe(true);
    await snap(member, testInfo, 'member-credits-new-price-he');

    await switchLanguage(console, 'en');
    await expect(
      console.getByRole('heading', { name: tr('console.config.title', 'en') }),
    ).toBeVisible();
    await snap(console, testInfo, 'console-config-en');
  } finally {
    // Other specs share the server: the seeded price comes back.
    writeSql(
      `UPDATE credit_packages SET price_ils_minor = ${SEEDED_ILS_MINOR} WHERE id = ${PACKAGE}`,
    );
    await staffContext.close();
    await memberContext.close();
  }
});

test('the dashboard charts the database’s figures', async ({ browser, baseURL }, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'the console is a desktop tool');
  const {
    context,
    page: console,
    email,
  } = await openAdminConsole(browser, baseURL ?? '', 'en', 'admin-dashboard');
  try {
    // Paid orders and answer times over the last days, beside what the other specs did today.
    const memberContext = await browser.newContext({ baseURL: baseURL ?? '' });
    const { id: memberId } = await registerMember(
      memberContext.request,
      memberContext,
      baseURL ?? '',
      'dashboard-member',
      'en',
    );
    await memberContext.close();
    const [personaId] = sqlIds(`SELECT id FROM users WHERE kind = 'persona' ORDER BY id LIMIT 1`);
    const [staffId] = sqlIds(`SELECT id FROM staff WHERE email = '${email}'`);
    const day = 86_400;
    const now = Math.floor(Date.now() / 1000);
    const orders = [1, 2, 3, 5].map(
      (ago, i) =>
        `('o_e2e_dash_${now}_${i}', ${memberId}, 'sandbox', 'credits', ${(i % 3) + 1}, 500, ${
          [2900, 7900, 22900, 2900][i]
        }, 'ILS', 'paid', ${now - ago * day}, ${now - ago * day})`,
    );
    writeSql(
      `INSERT INTO payment_orders (id, user_id, provider, kind, package_id, credits, ` +
        `amount_minor, currency, state, created_at, updated_at) VALUES ${orders.join(', ')}`,
    );
    // Messages between the member and a persona: three from the member, two answers a day.
    const messages = [1, 2, 4].flatMap((ago) => {
      const at = now - ago * day;
      const [low, high] = [memberId, personaId].sort((a, b) => (a ?? 0) - (b ?? 0));
      const row = (from: number | undefined, to: number | undefined, body: string) =>
        `(${from}, ${to}, ${low}, ${high}, 'text', '${body}', 50, ${at})`;
      return [
        row(memberId, personaId, 'hi'),
        row(memberId, personaId, 'are you there'),
        row(memberId, personaId, 'ok'),
        row(personaId, memberId, 'hey'),
        row(personaId, memberId, 'yes'),
      ];
    });
    writeSql(
      `INSERT INTO messages (sender_id, receiver_id, low_id, high_id, type, body, price, ` +
        `created_at) VALUES ${messages.join(', ')}`,
    );
    const waits = [
      [1, 40],
      [1, 95],
      [2, 30],
      [2, 300],
      [3, 12],
      [4, 65],
    ].map(
      ([ago, wait]) =>
        `(${staffId}, ${personaId}, ${memberId}, ${wait}, ${now - (ago ?? 0) * day})`,
    );
    writeSql(
      `INSERT INTO console_answers (staff_id, persona_id, member_id, waited_seconds, ` +
        `answered_at) VALUES ${waits.join(', ')}`,
    );

    await console.getByRole('button', { name: tr('console.nav.dashboard', 'en') }).click();
    await console.getByTestId('dashboard-range-7').click();
    for (const chart of [
      'chart-revenue',
      'chart-messages',
      'chart-members',
      'chart-response-times',
    ]) {
      const figure = console.getByTestId(chart);
      await expect(figure.locator('canvas')).toBeVisible();
      await expect(figure.getByTestId('chart-legend-value').first()).toHaveText(/\d/);
    }
    await snap(console, testInfo, 'console-dashboard-en');
    await switchLanguage(console, 'he');
    await expect(
      console.getByRole('heading', { name: tr('console.dashboard.title', 'he') }),
    ).toBeVisible();
    await expect(console.getByTestId('chart-revenue').locator('canvas')).toBeVisible();
    await snap(console, testInfo, 'console-dashboard-he');
  } finally {
    await context.close();
  }
});
