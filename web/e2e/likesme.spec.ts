// Likes me (/likesme): a second member (the fan, in a browser context of her own, with a profile
// photo) likes the first from his profile in Discover, and five more like him over sockets.
// Without premium he learns how many and nothing else: the server sends locked entries without
// any field of the person but a heavily blurred copy of her photo under its own name, presence
// never names a fan, the page shows that copy as it is (blurred shapes for fans without a photo),
// and a tap opens the subscriptions modal. With premium (the admin command) the cards are people
// and open their profiles.
import { expect, snap, test, tr, type Lang, onlyPairedLayout } from './fixtures';
import { addProfilePhoto, expectLoaded, makeJpeg } from './photos';
import {
  moreFans,
  openAndCloseReward,
  registerMember,
  setPremium,
  sql,
  withOtherMember,
  type OtherMember,
} from './social';

const FANS = 6;

interface Frame {
  module?: string;
  user_id?: number;
  data?: unknown;
}

for (const lang of ['he', 'en'] as Lang[]) {
  test(`likes me is locked without premium and opens profiles with it (${lang})`, async ({
    page,
    context,
    browser,
    baseURL,
    request,
  }, testInfo) => {
    onlyPairedLayout(lang);
    // Seven members, a photo and two premium states: about a minute on two busy cores.
    test.setTimeout(120_000);
    const base = baseURL ?? '';
    // Everything the server sends him, to look for the fan in it.
    const frames: Frame[] = [];
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        if (typeof payload === 'string') frames.push(JSON.parse(payload) as Frame);
      }),
    );
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
      await openAndCloseReward(fanPage, '/profile', 'he');
      await addProfilePhoto(fanPage, makeJpeg(testInfo, 'fan.jpg', ['#ffc3a0', '#ff6b8b']));
      const [[herPhoto, herThumb] = []] = sql(
        `SELECT url, thumb_url FROM photos WHERE user_id = ${fan.id}`,
      );
      expect(herPhoto).toMatch(/^\/media\/u\//);
      await fanPage.goto('/meet');
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
      await moreFans(request, fanPage, me.id, FANS - 1);

      // His activity counters: six fans, six new.
      await openAndCloseReward(page, '/profile', lang);
      await expect(page.getByTestId('profile-activity-likesme')).toContainText(String(FANS));
      await expect(page.getByTestId('profile-activity-likesme-new')).toHaveText(String(FANS));

      // Locked: how many, in blurred pictures or shapes; nothing of her, not her name, id or photo.
      await page.getByTestId('profile-activity-likesme').click();
      await expect(page).toHaveURL(/\/likesme$/);
      const list = page.getByTestId('likesme-page');
      await expect(list).toBeVisible();
      const cards = page.getByTestId('likesme-card');
      await expect(cards).toHaveCount(FANS);
      for (const card of await cards.all()) {
        await expect(card).toHaveAttribute('data-locked', 'true');
        await expect(card).not.toHaveAttribute('data-person-id');
        await expect(card).toHaveAccessibleName(tr('lists.lockedCard', lang));
      }
      // Hers is the oldest like, so the last card: the server's blurred copy, shown as it is.
      const blurred = cards.last().locator('img.locked-photo__image');
      await expect(blurred).toHaveAttribute('src', /^\/media\/u\//);
      await expectLoaded(page, '[data-testid="likesme-card"] img.locked-photo__image');
      expect(await blurred.evaluate((img) => getComputedStyle(img).filter)).toBe('none');
      const blurredSrc = (await blurred.getAttribute('src')) ?? '';
      expect([herPhoto, herThumb]).not.toContain(blurredSrc);
      // The other fans have no photo: drawn shapes. No other picture is on the page.
      await expect(cards.locator('.locked-photo__blob')).toHaveCount((FANS - 1) * 3);
      const pictures = await list
        .locator('img')
        .evaluateAll((all) => all.map((img) => img.getAttribute('src')));
      expect(new Set(pictures)).toEqual(new Set([blurredSrc]));
      await expect(list).not.toContainText(fan.name);
      await expect(page.getByTestId('likesme-teaser')).toContainText(
        tr('lists.likesme.teaserMany', lang, { count: FANS }),
      );
      await expect(page.getByTestId('likesme-count')).toContainText(String(FANS));
      await expect(page.getByTestId('likesme-get-premium')).toBeVisible();
      await snap(page, testInfo, `likesme-locked-${lang}`);

      // She goes offline and comes back while he looks: he is not told (only premium would be).
      await fanPage.reload();
      await expect(fanPage.getByTestId('meet-tile').first()).toBeVisible();
      await page.reload();
      await expect(cards).toHaveCount(FANS);
      const fansReplies = frames.filter((frame) => frame.module === 'user/fans');
      expect(fansReplies.length).toBeGreaterThan(0);
      for (const reply of fansReplies) {
        for (const entry of reply.data as unknown[]) {
          expect([
            { locked: 1, photo: null },
            { locked: 1, photo: blurredSrc },
          ]).toContainEqual(entry);
        }
      }
      expect(frames.filter((f) => f.module === 'onlines' && f.user_id === fan.id)).toEqual([]);
      // Nothing that tells him about likes names her: neither her id (her name may be a persona's
      // too, so the id decides) nor her real photo. The public lists are another matter: with a
      // photo she may be in the spotlight strip, as she is for every member.
      const told = JSON.stringify(
        frames.filter(
          (f) => !['spotlight', 'meet', 'meet/popular', 'explore'].includes(f.module ?? ''),
        ),
      );
      expect(told).not.toMatch(new RegExp(`"(id|user_id)":${fan.id}[,}]`));
      expect(told).not.toContain(herPhoto);
      expect(told).not.toContain(herThumb);

      // A tap on a locked card opens the subscriptions, not the profile.
      const card = cards.first();
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
      await expect(page.getByTestId('profile-activity-likesme')).toContainText(String(FANS));
      await expect(page.getByTestId('profile-activity-likesme-new')).toHaveCount(0);

      // Premium: the same list is people, and her card opens her profile.
      setPremium(me.id);
      await page.goto('/likesme');
      await expect(cards).toHaveCount(FANS);
      for (const each of await cards.all()) {
        await expect(each).toHaveAttribute('data-locked', 'false');
      }
      const hers = page.locator(`[data-testid="likesme-card"][data-person-id="${fan.id}"]`);
      await expect(hers.locator('.locked-photo')).toHaveCount(0);
      await expect(hers).toHaveAccessibleName(tr('lists.openProfile', lang, { name: fan.name }));
      await expect(page.getByTestId('likesme-get-premium')).toHaveCount(0);
      await expect(page.getByTestId('likesme-teaser')).toHaveCount(0);
      await snap(page, testInfo, `likesme-unlocked-${lang}`);
      await hers.click();
      await expect(page.getByTestId('profile-modal')).toBeVisible();
      await expect(
        page.getByTestId('profile-modal').getByRole('heading', { level: 2 }),
      ).toContainText(fan.name);
      await expect(page.getByTestId('subscriptions-modal')).toHaveCount(0);
    });
  });
}
