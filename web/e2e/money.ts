// Helpers for the money specs: paying in the sandbox checkout inside the payment modal.
import type { FrameLocator, Page, TestInfo } from '@playwright/test';
import { expect, snap } from './fixtures';

/** docs/protocol.md "The sandbox checkout": the test card that succeeds. */
export const SUCCESS_CARD = '4242 4242 4242 4242';

export /** Pays in the sandbox checkout inside the payment modal's iframe. */
async function payWithCard(page: Page, testInfo: TestInfo, shot: string) {
  const modal = page.getByTestId('payment-modal');
  await expect(modal).toBeVisible();
  const checkout: FrameLocator = page.frameLocator('[data-testid="payment-iframe"]');
  await checkout.locator('input[name="number"]').fill(SUCCESS_CARD);
  await checkout.locator('input[name="expiry"]').fill('12/34');
  await checkout.locator('input[name="cvc"]').fill('123');
  await checkout.locator('input[name="name"]').fill('Dana Levi');
  await snap(page, testInfo, shot);
  await checkout.locator('button[type="submit"]').click();
}
