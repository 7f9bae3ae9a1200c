// Helpers for the tests of a conversation between two members (chat, pictures, connection): the
// second member in a browser context of the same size, the messages on each side, sending, and
// the balance as the screen shows it.
import type { Page, TestInfo } from '@playwright/test';
import { expect, OUT_OF_THE_WAY, tr, type Lang } from './fixtures';
import type { OtherMember } from './social';

export const isPhone = (testInfo: TestInfo) => testInfo.project.name === 'phone';

/** A woman looking for men, out of the way of the decks, in a context of the project's size. */
export function otherMember(tag: string, lang: Lang, testInfo: TestInfo): OtherMember {
  return {
    tag,
    lang,
    gender: 2,
    lookingFor: 1,
    placeId: OUT_OF_THE_WAY,
    contextOptions: {
      viewport: testInfo.project.use.viewport ?? null,
      hasTouch: testInfo.project.use.hasTouch ?? false,
    },
  };
}

/** The balance as the screen shows it: the side column on desktop, the profile page on a phone. */
export async function expectCredits(page: Page, testInfo: TestInfo, lang: Lang, amount: number) {
  if (!isPhone(testInfo)) {
    await expect(
      page.getByRole('button', {
        name: tr('common.credits.balance', lang, { amount: String(amount) }),
      }),
    ).toBeVisible();
    return;
  }
  // A client-side trip to the profile and back keeps the chat as it was.
  await page.locator('.tab-bar a[href="/profile"]').click();
  await expect(page.getByTestId('profile-credits')).toContainText(String(amount));
  await page.goBack();
  await expect(page.getByTestId('chat-pane')).toBeVisible();
}

export async function send(page: Page, text: string) {
  const input = page.getByTestId('chat-input');
  await input.fill(text);
  await input.press('Enter');
  await expect(input).toHaveValue('');
}

export function myMessages(page: Page) {
  return page.locator('[data-testid="message"][data-mine="true"]');
}

export function theirMessages(page: Page) {
  return page.locator('[data-testid="message"][data-mine="false"]');
}

/** Sends my `count`th text and waits until the server has answered it (no longer sending). */
export async function sendAnswered(page: Page, text: string, count: number) {
  await send(page, text);
  await expect(myMessages(page)).toHaveCount(count);
  await expect(
    myMessages(page)
      .nth(count - 1)
      .getByTestId('message-status'),
  ).not.toHaveAttribute('data-state', /sending|uploading/);
}
