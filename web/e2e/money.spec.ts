// Money in the browser, against the real server and its sandbox checkout (docs/protocol.md
// "Money"): credits bought through the payment iframe with the test card arrive without a reload
// (the side column on desktop, the tab bar on a phone), with the package's bonus;
// premium bought the same way unlocks Likes me in place. In Hebrew and in English, on the phone
// and the desktop layouts. Screenshots: the credits modal, the subscriptions modal, the checkout
// in the payment modal.
import type { Page, TestInfo } from '@playwright/test';
import { expect, snap, test, tr, type Lang, onlyPairedLayout } from './fixtures';
import { payWithCard } from './money';
import { moreFans, openAndCloseReward, registerMember } from './social';

const SIGNUP = 200;
// The seeded 5,000-credit package: 20 % bonus while its promotion runs, and a free spin.
const FIVE_THOUSAND = 5000;
const BONUS = 1000;

const isPhone = (testInfo: TestInfo) => testInfo.project.name === 'phone';
const grouped = (n: number) => n.toLocaleString('en-US');

/** The balance where this layout shows it: the side column, or the tab bar's profile tab. */
async function expectBalance(page: Page, testInfo: TestInfo, lang: Lang, amount: number) {
  const text = tr('common.credits.balance', lang, { amount: grouped(amount) });
  if (isPhone(testInfo)) {
    await expect(page.getByTestId('tabbar-credits')).toHaveAccessibleName(text);
    await expect(page.getByTestId('tabbar-credits')).toHaveText(grouped(amount));
  } else {
    await expect(page.getByRole('button', { name: text })).toBeVisible();
  }
}

async function openCreditsModal(page: Page, testInfo: TestInfo) {
  if (isPhone(testInfo)) {
    await page.locator('.tab-bar a[href="/profile"]').click();
    await page.getByTestId('profile-credits').click();
  } else {
    await page.locator('.side-nav__credits').click();
  }
  await expect(page.getByTestId('credits-modal')).toBeVisible();
}

for (const lang of ['he', 'en'] as Lang[]) {
  test(`credits bought through the checkout arrive without a reload (${lang})`, async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    onlyPairedLayout(lang);
    await registerMember(page.request, context, baseURL ?? '', 'buyer', lang);
    await openAndCloseReward(page, '/explore', lang);
    await expectBalance(page, testInfo, lang, SIGNUP);
    // Anything a reload would lose.
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });

    await openCreditsModal(page, testInfo);
    const modal = page.getByTestId('credits-modal');
    await expect(modal.getByRole('heading', { level: 2 })).toHaveText(
      tr('money.credits.title', lang),
    );
    const buy = modal.getByTestId('credits-buy');
    await expect(buy).toBeDisabled();
    const five = modal.getByTestId('credits-package').filter({ hasText: grouped(FIVE_THOUSAND) });
    await expect(five.getByTestId('credits-bonus')).toHaveText(
      tr('money.credits.bonus', lang, { bonus: grouped(BONUS) }),
    );
    await expect(five.getByTestId('credits-free-spin')).toBeVisible();
    await expect(five.getByTestId('credits-price')).toContainText(lang === 'he' ? '₪' : '$');
    await five.click();
    await expect(buy).toBeEnabled();
    await snap(page, testInfo, `money-credits-${lang}`);
    await buy.click();

    await payWithCard(page, testInfo, `money-checkout-credits-${lang}`);
    // payment/complete closes the payment and credits modals and brings the new balance.
    await expect(page.getByTestId('payment-modal')).toBeHidden({ timeout: 20_000 });
    await expect(page.getByTestId('credits-modal')).toBeHidden();
    if (isPhone(testInfo)) await page.goBack();
    await expectBalance(page, testInfo, lang, SIGNUP + FIVE_THOUSAND + BONUS);
    expect(
      await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
    ).toBe(true);
  });

  test(`premium bought through the checkout unlocks Likes me (${lang})`, async ({
    page,
    context,
    baseURL,
    request,
  }, testInfo) => {
    onlyPairedLayout(lang);
    const me = await registerMember(page.request, context, baseURL ?? '', 'premium', lang);
    await openAndCloseReward(page, '/likesme', lang);
    await moreFans(request, page, me.id, 2);
    await page.reload();
    const cards = page.getByTestId('likesme-card');
    await expect(cards).toHaveCount(2);
    await expect(cards.first()).toHaveAttribute('data-locked', 'true');

    await page.getByTestId('likesme-get-premium').click();
    const subs = page.getByTestId('subscriptions-modal');
    await expect(subs).toBeVisible();
    // The recommended plan is chosen; the modal says that nothing renews before anyone pays.
    await expect(subs.locator('[role="radio"][aria-checked="true"]')).toHaveCount(1);
    await expect(subs.getByTestId('subscriptions-no-renew')).toHaveText(
      tr('money.premium.noRenew', lang),
    );
    await subs.getByTestId('subscriptions-no-renew').scrollIntoViewIfNeeded();
    await snap(page, testInfo, `money-subscriptions-${lang}`);
    await subs.getByTestId('subscriptions-buy').click();

    await payWithCard(page, testInfo, `money-checkout-premium-${lang}`);
    await expect(page.getByTestId('payment-modal')).toBeHidden({ timeout: 20_000 });
    await expect(subs).toBeHidden();
    // 1.5 s after the session validated again, the list loads again: people, not locks.
    await expect(cards.first()).toHaveAttribute('data-locked', 'false', { timeout: 10_000 });
    await expect(cards).toHaveCount(2);
    await expect(page.getByTestId('likesme-get-premium')).toHaveCount(0);
  });
}
