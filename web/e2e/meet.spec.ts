// Discover (/meet): 24 people a page, more by scrolling, with no duplicates; the popular tab; the
// spotlight strip in the desktop right column. In Hebrew and in English.
import type { Page } from '@playwright/test';
import { expect, snap, test, tr, type Lang, onlyPairedLayout } from './fixtures';
import { openAndCloseReward, personaIds, registerMember, sql } from './social';

const PAGE_SIZE = 24;
// docs/protocol.md "Person": people in the caller's language first, then in this order.
const READING_ORDER: Record<Lang, Lang[]> = {
  he: ['he', 'en', 'de'],
  en: ['en', 'de', 'he'],
  de: ['de', 'en', 'he'],
};

async function tileIds(page: Page): Promise<number[]> {
  return page
    .getByTestId('meet-tile')
    .evaluateAll((tiles) => tiles.map((tile) => Number(tile.getAttribute('data-person-id'))));
}

/**
 * Every picture of a tile on screen really loaded (no broken persona image). Members without a
 * photo draw initials instead, so tiles without an <img> are fine; at least one has a picture.
 */
async function expectVisiblePhotosLoaded(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.getByTestId('meet-tile').evaluateAll((tiles) => {
        const images = tiles
          .filter((tile) => {
            const box = tile.getBoundingClientRect();
            return box.bottom > 0 && box.top < window.innerHeight;
          })
          .flatMap((tile) => [...tile.querySelectorAll('img')]);
        return images.length > 0 && images.every((img) => img.complete && img.naturalWidth > 0);
      }),
    )
    .toBe(true);
}

for (const lang of ['he', 'en'] as Lang[]) {
  test(`discover pages through more than ${PAGE_SIZE} people and shows the popular tab (${lang})`, async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    onlyPairedLayout(lang);
    // A man in Tel Aviv looking for women of 18–100 within the default 50 km: the seeded
    // personas hold about a hundred such women, more than one page (a precondition, checked here
    // roughly).
    const women = sql(`SELECT COUNT(*) FROM users WHERE kind = 'persona' AND gender = 2`);
    expect(Number(women[0]?.[0])).toBeGreaterThan(PAGE_SIZE);
    await registerMember(page.request, context, baseURL ?? '', 'meet', lang);
    await openAndCloseReward(page, '/meet', lang);

    await expect(page.getByTestId('meet-page')).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 1, name: tr('meet.title', lang) }),
    ).toBeVisible();
    await expect(page.getByTestId('meet-tab-meet')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('meet-tile').first()).toBeVisible();
    await expect(page.getByTestId('meet-empty')).toHaveCount(0);
    const firstPage = await tileIds(page);
    expect(firstPage.length).toBeGreaterThan(0);
    // The tile of a persona carries the Virtual badge; a member's doesn't (other tests' members
    // share the server and may show up here too).
    const personas = personaIds();
    const persona = firstPage.find((id) => personas.has(id));
    expect(persona, 'a persona on the first page').toBeDefined();
    await expect(
      page.locator(`[data-testid="meet-tile"][data-person-id="${persona}"]`),
    ).toContainText(tr('meet.virtual', lang));
    const member = firstPage.find((id) => !personas.has(id));
    if (member !== undefined) {
      await expect(
        page.locator(`[data-testid="meet-tile"][data-person-id="${member}"] .tile-badge--virtual`),
      ).toHaveCount(0);
    }
    await expectVisiblePhotosLoaded(page);
    await snap(page, testInfo, `meet-${lang}`);

    // Scrolling to the end brings the next page.
    await expect(async () => {
      await page.getByTestId('meet-tile').last().scrollIntoViewIfNeeded();
      await page.mouse.wheel(0, 2000);
      expect((await tileIds(page)).length).toBeGreaterThan(PAGE_SIZE);
    }).toPass({ timeout: 15_000 });
    const ids = await tileIds(page);
    expect(new Set(ids).size, 'no duplicates across pages').toBe(ids.length);
    expect(ids.every((id) => id > 0)).toBe(true);
    // People in the member's language first, then the others in reading order; newest first in
    // each language (docs/protocol.md): ids only go down there, so the pages join without gaps.
    const languageOf = new Map(
      sql(`SELECT id, language FROM users WHERE id IN (${ids.join(',')})`).map(([id, language]) => [
        Number(id),
        language as Lang,
      ]),
    );
    const rank = (id: number) => READING_ORDER[lang].indexOf(languageOf.get(id) ?? lang);
    const expected = [...ids].sort((a, b) => rank(a) - rank(b) || b - a);
    expect(ids).toEqual(expected);
    expect(languageOf.get(ids[0] ?? 0)).toBe(lang);

    // The desktop right column shows the spotlight.
    if (testInfo.project.name === 'desktop') {
      const strip = page.getByTestId('spotlight-strip');
      await expect(strip).toBeVisible();
      await expect(strip.getByTestId('spotlight-item').first()).toBeVisible();
    }

    // The popular tab: the same people, ranked by likes.
    await page.getByTestId('meet-tab-popular').click();
    await expect(page).toHaveURL(/[?&]tab=popular/);
    await expect(page.getByTestId('meet-tab-popular')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText(tr('meet.lead.popular', lang))).toBeVisible();
    await expect(page.getByTestId('meet-tile').first()).toBeVisible();
    const popular = await tileIds(page);
    expect(popular.length).toBeGreaterThan(0);
    expect(new Set(popular).size).toBe(popular.length);
    await page.evaluate(() => window.scrollTo(0, 0));
    await snap(page, testInfo, `meet-popular-${lang}`);
  });
}
