// The deck outside the big cities. A member near Haifa meets people writing in their own language
// first. A member 80 km from Berlin finds nobody within the default 50 km: the empty deck offers
// to search within 100 km with one tap, which saves the wider search and deals Berlin's personas,
// whose cards say they are written in German. In Hebrew and in English, on a phone and a desktop.
import { expect, snap, test, tr, type Lang, onlyPairedLayout } from './fixtures';
import { openAndCloseReward, registerMember, sql, topCard, topCardId } from './social';

const HAIFA = 294801;
// Frankfurt (Oder): about 80 km from Berlin, the nearest city with personas.
const FRANKFURT_ODER = 2925535;
const LANGS: Lang[] = ['he', 'en'];

for (const lang of LANGS) {
  test(`a member near Haifa meets people in their own language first (${lang})`, async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    onlyPairedLayout(lang);
    await registerMember(page.request, context, baseURL ?? '', 'haifa', lang, {
      placeId: HAIFA,
      ages: [23, 37],
    });
    await openAndCloseReward(page, '/explore', lang);
    const id = await topCardId(page);
    expect(sql(`SELECT language FROM users WHERE id = ${id}`)).toEqual([[lang]]);
    await expect(topCard(page).getByTestId('language-badge')).toHaveCount(0);
    await snap(page, testInfo, `explore-haifa-${lang}`);
  });

  test(`an empty deck widens the search with one tap (${lang})`, async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    onlyPairedLayout(lang);
    const me = await registerMember(page.request, context, baseURL ?? '', 'widen', lang, {
      placeId: FRANKFURT_ODER,
    });
    await openAndCloseReward(page, '/explore', lang);
    const empty = page.getByTestId('explore-empty');
    await expect(empty).toBeVisible();
    await expect(empty).toContainText(tr('explore.empty.body', lang));
    const widen = empty.getByTestId('explore-widen');
    await expect(widen).toHaveText(tr('explore.empty.widenRadius', lang, { km: 100 }));
    await expect(empty.getByTestId('explore-empty-settings')).toBeVisible();
    await snap(page, testInfo, `explore-empty-${lang}`);

    await widen.click();
    await expect(topCard(page)).toBeVisible();
    await expect(empty).toBeHidden();
    expect(sql(`SELECT s_radius FROM users WHERE id = ${me.id}`)).toEqual([['100']]);
    // Berlin's personas write in German: the card says so in the member's language.
    const german = tr('people.profileIn', lang, { language: tr('people.languageName.de', lang) });
    await expect(topCard(page).getByTestId('language-badge')).toHaveText(german);
    await snap(page, testInfo, `explore-widened-${lang}`);
    // So do the profile, with its virtual-profile disclosure, and Discover's tiles.
    await topCard(page).click();
    const modal = page.getByTestId('profile-modal');
    await expect(modal.getByTestId('language-badge')).toHaveText(german);
    await expect(modal.getByTestId('profile-virtual-badge')).toBeVisible();
    await snap(page, testInfo, `profile-german-${lang}`);
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    await page.goto('/meet');
    const tile = page.getByTestId('meet-tile').first();
    const tileBadge = tile.getByTestId('language-badge');
    await expect(tileBadge).toContainText(tr('people.languageName.de', lang));
    await expect(tileBadge).toHaveAttribute('title', german);
    await expect(tile).toContainText(tr('meet.virtual', lang));
    await snap(page, testInfo, `meet-german-${lang}`);

    // The settings page shows the wider search.
    await page.goto('/settings');
    await expect(page.getByTestId('settings-radius-value')).toContainText('100');
  });
}
