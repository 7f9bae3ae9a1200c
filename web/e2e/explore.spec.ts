// The swipe deck (/explore): a persona's profile with its virtual-profile disclosure, a pass by a
// real pointer drag, a pass by button, and a like that a persona returns at once: the matched
// modal, then the match in /match and the like in /mylikes. In Hebrew and in English.
import { expect, snap, test, tr, type Lang, onlyPairedLayout } from './fixtures';
import {
  cardOf,
  dragTopCard,
  expectGone,
  instantLikers,
  openAndCloseReward,
  personaIds,
  registerMember,
  sql,
  topCard,
  topCardId,
} from './social';

const LANGS: Lang[] = ['he', 'en'];

for (const lang of LANGS) {
  test(`swipes, passes by dragging and matches a persona that likes back (${lang})`, async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    onlyPairedLayout(lang);
    const touch = testInfo.project.name === 'phone';
    // A man in Tel Aviv looking for women of any age: the deck holds Tel Aviv's personas.
    const me = await registerMember(page.request, context, baseURL ?? '', 'deck', lang);
    const likesBack = instantLikers(2);
    expect(likesBack.size).toBeGreaterThan(0);

    await openAndCloseReward(page, '/explore', lang);
    await expect(page.getByTestId('explore-page')).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 1, name: tr('explore.title', lang) }),
    ).toBeVisible();
    await expect(topCard(page)).toBeVisible();
    // Other tests' members (without photos) may come first in the member's language: pass them
    // until a persona is on top.
    const personas = personaIds();
    for (let passes = 0; !personas.has(await topCardId(page)); passes += 1) {
      expect(passes, 'no persona in the deck').toBeLessThan(40);
      const member = await topCardId(page);
      await page.getByTestId('explore-pass').click();
      await expectGone(page, member);
    }
    // A card shows the persona's picture, never a broken image.
    const photo = topCard(page).locator('img').first();
    await expect(photo).toBeVisible();
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await snap(page, testInfo, `explore-deck-${lang}`);

    // A tap on the top card opens its profile, with the virtual-profile disclosure.
    const first = await topCardId(page);
    if (touch) await topCard(page).tap();
    else await topCard(page).click();
    const modal = page.getByTestId('profile-modal');
    await expect(modal).toBeVisible();
    const disclosure = modal.getByTestId('profile-virtual-badge');
    await expect(disclosure).toBeVisible();
    await expect(disclosure).toContainText(tr('people.virtualBadge', lang));
    await expect(disclosure).toContainText(tr('people.virtualBody', lang));
    await expect(modal.getByTestId('profile-like')).toBeVisible();
    await snap(page, testInfo, `profile-modal-${lang}`);
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();

    // A real drag to the left passes the top card: it flies out, the server records a pass.
    await dragTopCard(page, -260, touch);
    await expectGone(page, first);
    await expect(page.getByTestId('profile-modal')).toBeHidden();
    expect(
      sql(`SELECT liked FROM swipes WHERE swiper_id = ${me.id} AND swiped_id = ${first}`),
    ).toEqual([['0']]);

    // Pass with the button until a persona that likes back at once is on top, then like.
    let target = await topCardId(page);
    for (let passes = 0; !likesBack.has(target); passes += 1) {
      expect(passes, 'no persona that likes back in the deck').toBeLessThan(40);
      await page.getByTestId('explore-pass').click();
      await expectGone(page, target);
      target = await topCardId(page);
    }
    const targetName = (await topCard(page).locator('.swipe-card__first').textContent()) ?? '';
    await page.getByTestId('explore-like').click();

    const matched = page.getByTestId('matched-modal');
    await expect(matched).toBeVisible();
    await expect(matched).toContainText(tr('people.match.title', lang));
    await expect(matched).toContainText(tr('people.match.body', lang, { name: targetName }));
    await expect(cardOf(page, target)).toHaveCount(0);
    await snap(page, testInfo, `matched-modal-${lang}`);
    await matched.getByTestId('matched-keep-swiping').click();
    await expect(matched).toBeHidden();
    await expect(page.getByTestId('explore-page')).toBeVisible();

    // /match lists the persona; /mylikes lists the like, and not the passed card.
    await page.goto('/match');
    await expect(page.getByTestId('matches-page')).toBeVisible();
    const matchRow = page.locator(`[data-testid="matches-row"][data-person-id="${target}"]`);
    await expect(matchRow).toBeVisible();
    await expect(matchRow).toContainText(targetName);
    await expect(page.getByTestId('matches-row')).toHaveCount(1);
    await snap(page, testInfo, `matches-${lang}`);

    await page.goto('/mylikes');
    await expect(page.getByTestId('mylikes-page')).toBeVisible();
    await expect(
      page.locator(`[data-testid="mylikes-row"][data-person-id="${target}"]`),
    ).toBeVisible();
    await expect(page.getByTestId('mylikes-row')).toHaveCount(1);
    await snap(page, testInfo, `mylikes-${lang}`);
  });
}
