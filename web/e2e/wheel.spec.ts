// The lucky wheel and boosts in the browser (docs/protocol.md "The wheel", "Boosts"): a spin
// bought with credits turns the wheel to the server's prize, with the odds and the expected value
// on show, and a boost is bought from the profile. These need the server's wheel and boost
// modules: against a server without them (`kesher --dump-protocol`) they are skipped, not faked.
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { expect, snap, test, tr, type Lang, onlyPairedLayout } from './fixtures';
import { payWithCard } from './money';
import { openAndCloseReward, registerMember } from './social';

const SIGNUP = 200;
const SPIN_PRICE = 100;
const BOOST_PRICE = 500;

function serverModules(): Set<string> {
  const bin =
    process.env.KESHER_BIN ?? join(resolve(import.meta.dirname, '..', '..'), 'build/server/kesher');
  const dump = JSON.parse(execFileSync(bin, ['--dump-protocol'], { encoding: 'utf8' })) as {
    modules: { name: string }[];
  };
  return new Set(dump.modules.map((m) => m.name));
}
const modules = serverModules();

for (const lang of ['he', 'en'] as Lang[]) {
  test(`a bought spin turns the wheel to the server's prize (${lang})`, async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    onlyPairedLayout(lang);
    test.skip(!modules.has('spinofluck/spin'), 'the server has no wheel yet');
    await registerMember(page.request, context, baseURL ?? '', 'wheel', lang);
    await openAndCloseReward(page, '/profile', lang);
    await page.getByTestId('profile-wheel').click();
    const wheel = page.getByTestId('wheel-overlay');
    await expect(wheel).toBeVisible();
    await expect(wheel.getByTestId('wheel-odds')).toBeVisible();
    await expect(wheel.getByTestId('wheel-ev')).toBeVisible();
    const spin = wheel.getByTestId('wheel-spin');
    await expect(spin).toHaveText(tr('money.wheel.spinPaid', lang, { price: SPIN_PRICE }));
    await snap(page, testInfo, `money-wheel-${lang}`);
    await spin.click();
    // No second spin while it turns.
    await expect(spin).toBeDisabled();
    await expect(wheel.getByTestId('wheel-result')).not.toBeEmpty({ timeout: 10_000 });
    await snap(page, testInfo, `money-wheel-result-${lang}`);
  });

  test(`a boost is bought from the profile (${lang})`, async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    onlyPairedLayout(lang);
    test.skip(!modules.has('boost/buy'), 'the server has no boosts yet');
    await registerMember(page.request, context, baseURL ?? '', 'boost', lang);
    await openAndCloseReward(page, '/profile', lang);
    // 200 credits pay for no boost: buy the smallest package first, through the checkout.
    await page.getByTestId('profile-credits').click();
    await page.getByTestId('credits-package').first().click();
    await page.getByTestId('credits-buy').click();
    await payWithCard(page, testInfo, `money-checkout-small-${lang}`);
    await expect(page.getByTestId('credits-modal')).toBeHidden({ timeout: 20_000 });
    await expect(page.getByTestId('profile-credits')).toContainText(String(SIGNUP + 500));
    await page.getByTestId('profile-boost').click();
    const modal = page.getByTestId('boost-modal');
    await expect(modal.getByTestId('boost-title')).toHaveText(
      tr('money.boost.kinds.boost.title', lang),
    );
    await expect(modal.getByTestId('boost-price')).toContainText(String(BOOST_PRICE));
    await snap(page, testInfo, `money-boost-${lang}`);
    await modal.getByTestId('boost-buy').click();
    await expect(modal.getByTestId('boost-status')).toHaveText(tr('money.boost.done', lang));
    await expect(modal.getByTestId('boost-running')).toBeVisible();
    await expect(page.getByTestId('profile-credits')).toContainText(
      String(SIGNUP + 500 - BOOST_PRICE),
    );
  });
}
