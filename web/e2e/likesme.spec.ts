// Likes me (/likesme): a second member (the fan, in a browser context of her own) likes the first
// from his profile in Discover. Without premium the card is locked: no id, no photo, and a tap
// opens the subscriptions modal. With premium (the admin command) the card opens her profile.
import { expect, snap, test, tr, type Lang } from './fixtures';
import {
  openAndCloseReward,
  registerMember,
  setPremium,
  withOtherMember,
  type OtherMember,
} from './social';

for (const lang of ['he', 'en'] as Lang[]) {
  test(`likes me is locked without premium and opens profiles with it (${lang})`, async ({
    page,
    context,
    browser,
    baseURL,
  }, testInfo) => {
    const base = baseURL ?? '';
    // He: a man in Tel Aviv. She: a woman in Tel Aviv looking for men, so he is in her Discover.
    const me = await registerMember(page.request, context, base, 'liked', lang);
    const other: OtherMember = {
      tag: 'fan',
      lang: 'he',
      gender: 2,
      lookingFor: 1,
      birthYear: 1993,
    };
    await withOtherMember(browser, base, other, async (fanPage, fan) => {
      await openAndCloseReward(fanPage, '/meet', 'he');
      // Newest members first: he is near the top of her list (scroll in case others joined since).
      const myTile = fanPage.locator(`[data-testid="meet-tile"][data-person-id="${me.id}"]`);
      await expect(async () => {
        if ((await myTile.count()) === 0) {
          await fanPage.getByTestId('meet-tile').last().scrollIntoViewIfNeeded();
        }
        await expect(myTile).toBeVisible({ timeout: 1000 });
      }).toPass({ timeout: 20_000 });
      await myTile.click();
      const profile = fanPage.getByTestId('profile-modal');
      await expect(profile).toBeVisible();
      await expect(profile.getByRole('heading', { level: 2 })).toContainText(me.name);
      // A member is not a virtual profile.
      await expect(profile.getByTestId('profile-virtual-badge')).toHaveCount(0);
      await profile.getByTestId('profile-like').click();
      await expect(profile.getByTestId('profile-like')).toHaveCount(0);
      await expect(profile).toContainText(tr('people.profile.liked', 'he'));

      // His activity counters: one fan, one new.
      await openAndCloseReward(page, '/profile', lang);
      await expect(page.getByTestId('profile-activity-likesme')).toContainText('1');
      await expect(page.getByTestId('profile-activity-likesme-new')).toHaveText('1');

      // Locked: the card shows her name but neither her id nor a picture.
      await page.getByTestId('profile-activity-likesme').click();
      await expect(page).toHaveURL(/\/likesme$/);
      await expect(page.getByTestId('likesme-page')).toBeVisible();
      const card = page.getByTestId('likesme-card');
      await expect(card).toHaveCount(1);
      await expect(card).toHaveAttribute('data-locked', 'true');
      await expect(card).not.toHaveAttribute('data-person-id');
      await expect(card.locator('img')).toHaveCount(0);
      await expect(card).toContainText(fan.name);
      await expect(card).toHaveAccessibleName(tr('lists.lockedCard', lang, { name: fan.name }));
      await expect(page.getByTestId('likesme-count')).toContainText('1');
      await expect(page.getByTestId('likesme-get-premium')).toBeVisible();
      await snap(page, testInfo, `likesme-locked-${lang}`);

      // A tap on the locked card opens the subscriptions, not the profile.
      await card.click();
      const subscriptions = page.getByTestId('subscriptions-modal');
      await expect(subscriptions).toBeVisible();
      await expect(subscriptions.getByTestId('subscriptions-package').first()).toBeVisible();
      await expect(page.getByTestId('profile-modal')).toHaveCount(0);
      await expect(page.getByRole('heading', { name: tr('premium.title', lang) })).toBeVisible();
      await snap(page, testInfo, `subscriptions-${lang}`);
      await page.keyboard.press('Escape');
      await expect(subscriptions).toBeHidden();

      // Having looked, the "new" badge is gone.
      await page.goto('/profile');
      await expect(page.getByTestId('profile-activity-likesme')).toContainText('1');
      await expect(page.getByTestId('profile-activity-likesme-new')).toHaveCount(0);

      // Premium: the same card is clear and opens her profile.
      setPremium(me.id);
      await page.goto('/likesme');
      await expect(card).toHaveCount(1);
      await expect(card).toHaveAttribute('data-locked', 'false');
      await expect(card).toHaveAttribute('data-person-id', String(fan.id));
      await expect(card.locator('.locked-photo')).toHaveCount(0);
      await expect(card).toHaveAccessibleName(tr('lists.openProfile', lang, { name: fan.name }));
      await expect(page.getByTestId('likesme-get-premium')).toHaveCount(0);
      await snap(page, testInfo, `likesme-unlocked-${lang}`);
      await card.click();
      await expect(page.getByTestId('profile-modal')).toBeVisible();
      await expect(
        page.getByTestId('profile-modal').getByRole('heading', { level: 2 }),
      ).toContainText(fan.name);
      await expect(page.getByTestId('subscriptions-modal')).toHaveCount(0);
    });
  });
}
