// Blocking from a persona's profile (opened in Discover): the confirm popup, "User blocked", the
// person gone from Discover, listed under Settings → Blocked users, and back after unblocking.
// In Hebrew and in English.
import type { Page } from '@playwright/test';
import { expect, snap, test, tr, type Lang, onlyPairedLayout } from './fixtures';
import { openAndCloseReward, personaIds, registerMember, sql } from './social';

function tileOf(page: Page, id: number) {
  return page.locator(`[data-testid="meet-tile"][data-person-id="${id}"]`);
}

for (const lang of ['he', 'en'] as Lang[]) {
  test(`blocks a persona from the profile and unblocks in settings (${lang})`, async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    onlyPairedLayout(lang);
    const me = await registerMember(page.request, context, baseURL ?? '', 'block', lang);
    await openAndCloseReward(page, '/meet', lang);
    await expect(page.getByTestId('meet-tile').first()).toBeVisible();
    // The first persona of the list (members of other tests may come before them).
    const personas = personaIds();
    const ids = await page
      .getByTestId('meet-tile')
      .evaluateAll((tiles) => tiles.map((tile) => Number(tile.getAttribute('data-person-id'))));
    const id = ids.find((candidate) => personas.has(candidate)) ?? 0;
    expect(id, 'a persona in Discover').toBeGreaterThan(0);
    const first = tileOf(page, id);
    const name = sql(`SELECT name FROM users WHERE id = ${id}`)[0]?.[0] ?? '';
    expect(name).not.toBe('');

    // The profile of a persona says that it is one.
    await first.click();
    const modal = page.getByTestId('profile-modal');
    await expect(modal).toBeVisible();
    await expect(modal.getByRole('heading', { level: 2 })).toContainText(name);
    await expect(modal.getByTestId('profile-virtual-badge')).toContainText(
      tr('people.virtualBody', lang),
    );

    // Block, through the confirm popup.
    await modal.getByTestId('profile-block').click();
    const confirm = page.getByRole('alertdialog', {
      name: tr('people.block.title', lang, { name }),
    });
    await expect(confirm).toBeVisible();
    await expect(confirm).toContainText(tr('people.block.body', lang));
    await snap(page, testInfo, `block-confirm-${lang}`);
    await confirm.getByTestId('confirm-accept').click();
    await expect(page.getByTestId('people-notice')).toContainText(tr('people.block.done', lang));
    await expect(confirm).toBeHidden();
    await expect(modal).toBeHidden();
    await expect(tileOf(page, id)).toHaveCount(0);
    expect(
      sql(`SELECT COUNT(*) FROM blocks WHERE blocker_id = ${me.id} AND blocked_id = ${id}`),
    ).toEqual([['1']]);

    // Gone for the server too: a fresh Discover starts without them, and so does the deck.
    await page.reload();
    await expect(page.getByTestId('meet-tile').first()).toBeVisible();
    await expect(page.getByTestId('meet-tile')).not.toHaveCount(0);
    await expect(tileOf(page, id)).toHaveCount(0);
    await page.goto('/explore');
    await expect(page.getByTestId('explore-card').first()).toBeVisible();
    await expect(page.locator(`[data-testid="explore-card"][data-person-id="${id}"]`)).toHaveCount(
      0,
    );

    // Settings lists them; unblocking empties the list.
    await page.goto('/settings');
    const row = page.locator(`[data-testid="blocked-row"][data-person-id="${id}"]`);
    await expect(row).toBeVisible();
    await expect(row).toContainText(name);
    await expect(page.getByTestId('blocked-row')).toHaveCount(1);
    await page.getByTestId('blocked-list').scrollIntoViewIfNeeded();
    await snap(page, testInfo, `blocked-list-${lang}`);
    await row.getByTestId('blocked-unblock').click();
    await expect(row).toHaveCount(0);
    await expect(page.getByTestId('settings-blocked-empty')).toHaveText(
      tr('lists.blocked.empty', lang),
    );
    expect(sql(`SELECT COUNT(*) FROM blocks WHERE blocker_id = ${me.id}`)).toEqual([['0']]);

    // And they are back in Discover.
    await page.goto('/meet');
    await expect(tileOf(page, id)).toBeVisible();
  });
}
