// Profile photos against the real server: the registration's photo step with a real JPEG through
// the file input, the photo on the profile, in the side column or tab bar and on another member's
// card; the profile edit overlay's slot rules (upload in order, delete), its fields, and a file
// the server refuses. Hebrew on the phone, English on the desktop (onlyPairedLayout).
import { execFileSync } from 'node:child_process';
import {
  choose,
  expect,
  PASSWORD,
  rewardModal,
  snap,
  TEL_AVIV,
  test,
  tr,
  uniqueEmail,
  onlyPairedLayout,
} from './fixtures';
import { addThroughSlot, expectLoaded, makeJpeg, slots, slotStates, slowUploads } from './photos';
import { openAndCloseReward, registerMember, sqlIds, withOtherMember } from './social';

const NAMES: Record<'he' | 'en', string> = { he: 'שירה', en: 'Shira' };
const PLACE_SEARCH: Record<'he' | 'en', string> = { he: 'תל', en: 'Tel' };

for (const lang of ['he', 'en'] as const) {
  test(`registers with a photo that shows on the profile, the shell and another member's card (${lang})`, async ({
    page,
    context,
    browser,
    baseURL,
  }, testInfo) => {
    onlyPairedLayout(lang);
    // The nine steps, two uploads and a second member: close to a minute on two busy cores.
    test.setTimeout(120_000);
    const isWide = testInfo.project.name === 'desktop';
    const email = uniqueEmail(`photo-${lang}`);
    await context.addCookies([{ name: 'language', value: lang, url: baseURL ?? '' }]);
    await page.goto('/register');
    const form = page.getByTestId('register-form');
    const proceed = () => page.getByTestId('register-continue').click();
    await choose(page, 'register-gender-woman');
    await proceed();
    await choose(page, 'register-looking-men');
    await proceed();
    await proceed();
    await page.getByTestId('register-name').fill(NAMES[lang]);
    await proceed();
    await page.getByTestId('register-birth-day').selectOption('17');
    await page.getByTestId('register-birth-month').selectOption('5');
    await page.getByTestId('register-birth-year').selectOption('1994');
    await proceed();
    await page.getByTestId('register-place-input').fill(PLACE_SEARCH[lang]);
    await page
      .locator(`[data-testid="register-place-option"][data-place-id="${TEL_AVIV}"]`)
      .click();
    await proceed();
    await choose(page, 'register-answer-1');
    await proceed();
    await page.getByTestId('register-email').fill(email);
    await page.getByTestId('register-password').fill(PASSWORD);
    await page.getByTestId('register-create-account').click();

    // 9: the account exists; the photo step offers the main photo and four more.
    await expect(form).toHaveAttribute('data-step', '9');
    await expect(page).toHaveURL(/\/register$/);
    await expect(
      page.getByRole('heading', { level: 1, name: tr('auth.register.steps.photo.title', lang) }),
    ).toBeVisible();
    await expect(page.getByTestId('register-back')).toHaveCount(0);
    expect(await slotStates(page)).toEqual(['open', 'locked', 'locked', 'locked', 'locked']);
    await expect(page.getByTestId('register-step-photo')).not.toContainText('%');
    await expect(page.getByTestId('register-skip-photo')).toHaveText(
      tr('auth.register.photo.skip', lang),
    );
    await snap(page, testInfo, `register-photo-empty-${lang}`);

    await addThroughSlot(page, makeJpeg(testInfo, 'main.jpg', ['#ffc3a0', '#ff6b8b']));
    await expect(slots(page).nth(0)).toHaveAttribute('data-state', 'photo', { timeout: 20_000 });
    await expectLoaded(page, '[data-testid="photo-slot"][data-slot="0"] img');
    await addThroughSlot(page, makeJpeg(testInfo, 'second.jpg', ['#a1c4fd', '#7c4dff']));
    await expect(slots(page).nth(1)).toHaveAttribute('data-state', 'photo', { timeout: 20_000 });
    expect(await slotStates(page)).toEqual(['photo', 'photo', 'open', 'locked', 'locked']);
    await expect(page.getByTestId('register-finish')).toHaveText(
      tr('auth.register.photo.done', lang),
    );
    await snap(page, testInfo, `register-photo-${lang}`);

    // Into the app: the reward for the new account shows there.
    await page.getByTestId('register-finish').click();
    await expect(page).toHaveURL(/\/explore$/);
    const reward = page.getByRole('dialog', { name: tr('common.freeCredits.title', lang) });
    await expect(reward).toBeVisible();
    await reward.getByRole('button', { name: tr('common.freeCredits.cta', lang) }).click();

    const [id] = sqlIds(`SELECT id FROM users WHERE email = '${email}'`);
    expect(id).toBeGreaterThan(0);
    const photoIds = sqlIds(`SELECT id FROM photos WHERE user_id = ${id} ORDER BY position, id`);
    expect(photoIds).toHaveLength(2);

    // The side column (wide) or the tab bar (phone) shows the first photo's thumbnail.
    const shellAvatar = isWide
      ? page.locator('aside.side-nav .side-nav__me img')
      : page.locator('.tab-bar__avatar img');
    await expect(shellAvatar).toHaveAttribute('src', /^\/media\/u\//);
    const thumb = (await shellAvatar.getAttribute('src')) ?? '';
    await expectLoaded(page, isWide ? 'aside.side-nav .side-nav__me img' : '.tab-bar__avatar img');

    // The profile page shows the same.
    await page.goto('/profile');
    await expect(page.getByTestId('profile-avatar').locator('img')).toHaveAttribute('src', thumb);
    await expectLoaded(page, '[data-testid="profile-avatar"] img');
    await expect(page.getByTestId('profile-photo-tip')).not.toContainText('%');

    // Another member looking for women in Tel Aviv finds her in Discover with that photo.
    await withOtherMember(
      browser,
      baseURL ?? '',
      {
        tag: `photo-viewer-${lang}`,
        lang,
        gender: 1,
        lookingFor: 2,
        ages: [18, 100],
        contextOptions: { viewport: page.viewportSize() ?? undefined },
      },
      async (other) => {
        await openAndCloseReward(other, '/meet', lang);
        const tile = other.locator(`[data-testid="meet-tile"][data-person-id="${id}"]`);
        await expect(tile).toBeVisible();
        await expect(tile.locator('img')).toHaveAttribute('src', thumb);
        await expectLoaded(other, `[data-testid="meet-tile"][data-person-id="${id}"] img`);
      },
    );
  });

  test(`edits photos and fields in the profile edit overlay (${lang})`, async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    onlyPairedLayout(lang);
    // Four uploads, one of them throttled to 256 KB/s for its progress: about a minute on two busy
    // cores.
    test.setTimeout(120_000);
    const member = await registerMember(page.request, context, baseURL ?? '', 'photo-edit', lang, {
      gender: 2,
      lookingFor: 1,
    });
    await openAndCloseReward(page, '/profile', lang);
    await page.getByTestId('profile-edit-open').click();
    const overlay = page.getByRole('dialog', { name: tr('profile.edit.title', lang) });
    await expect(overlay).toBeVisible();
    await expect(overlay.getByTestId('profile-edit-save')).toBeDisabled();

    // Slot order: only the first slot opens; the others wait for the one before.
    expect(await slotStates(page)).toEqual([
      'open',
      'locked',
      'locked',
      'locked',
      'locked',
      'locked',
    ]);
    await expect(slots(page).nth(1).getByRole('button')).toBeDisabled();
    await snap(page, testInfo, `profile-edit-empty-${lang}`);

    // A file that is no picture, whatever its name says, is refused with the spec's text.
    const fake = testInfo.outputPath('notes.jpg');
    execFileSync('sh', ['-c', `printf 'not a picture' > '${fake}'`]);
    await addThroughSlot(page, fake);
    await expect(overlay.getByTestId('photo-error')).toHaveText(
      tr('errors.invalid_file_type', lang),
    );
    expect(await slotStates(page)).toEqual([
      'open',
      'locked',
      'locked',
      'locked',
      'locked',
      'locked',
    ]);

    await addThroughSlot(page, makeJpeg(testInfo, 'one.jpg', ['#ffc3a0', '#ff6b8b']));
    await expect(slots(page).nth(0)).toHaveAttribute('data-state', 'photo', { timeout: 20_000 });
    await expect(overlay.getByTestId('photo-error')).toHaveCount(0);
    await addThroughSlot(page, makeJpeg(testInfo, 'two.jpg', ['#a1c4fd', '#7c4dff']));
    await expect(slots(page).nth(1)).toHaveAttribute('data-state', 'photo', { timeout: 20_000 });
    await addThroughSlot(page, makeJpeg(testInfo, 'three.jpg', ['#fddb92', '#f78ca0']));
    await expect(slots(page).nth(2)).toHaveAttribute('data-state', 'photo', { timeout: 20_000 });
    expect(await slotStates(page)).toEqual(['photo', 'photo', 'photo', 'open', 'locked', 'locked']);

    // A slow upload shows its progress over the picture's preview.
    const fullSpeed = await slowUploads(page, 256 * 1024);
    await addThroughSlot(page, makeJpeg(testInfo, 'slow.jpg', ['#d4fc79', '#96e6a1'], true));
    await expect(slots(page).nth(3)).toHaveAttribute('data-state', 'uploading');
    await expect(overlay.getByTestId('photo-slot-preview')).toBeVisible();
    await expect(overlay.getByTestId('photo-slot-progress')).toBeVisible();
    expect(await slotStates(page)).toEqual([
      'photo',
      'photo',
      'photo',
      'uploading',
      'locked',
      'locked',
    ]);
    await snap(page, testInfo, `profile-edit-uploading-${lang}`);
    await expect(slots(page).nth(3)).toHaveAttribute('data-state', 'photo', { timeout: 45_000 });
    await fullSpeed();

    // The fields: Save opens with a change, and the server keeps the bio without its HTML.
    const bio = overlay.getByTestId('profile-edit-bio');
    await bio.fill(lang === 'he' ? 'ים, קפה ו<b>טיולים</b>' : 'Sea, coffee and <b>long walks</b>');
    await expect(overlay.getByTestId('profile-edit-save')).toBeEnabled();
    await overlay.getByTestId('profile-edit-answer').selectOption('4');
    await snap(page, testInfo, `profile-edit-${lang}`);
    await overlay.getByTestId('profile-edit-save').click();
    await expect(overlay.getByTestId('profile-edit-saved')).toHaveText(
      tr('profile.edit.saved', lang),
    );
    await expect(bio).toHaveValue(lang === 'he' ? 'ים, קפה וטיולים' : 'Sea, coffee and long walks');
    await expect(overlay.getByTestId('profile-edit-save')).toBeDisabled();

    // Delete the main photo, after the confirmation: the second one takes its place.
    const ids = await slots(page).evaluateAll((all) =>
      all.map((slot) => slot.getAttribute('data-photo-id')),
    );
    await slots(page).nth(0).getByTestId('photo-slot-delete').click();
    const confirm = page.getByRole('alertdialog', { name: tr('media.delete.title', lang) });
    await expect(confirm).toContainText(tr('media.delete.bodyMain', lang));
    await snap(page, testInfo, `profile-edit-delete-${lang}`);
    await confirm.getByTestId('confirm-accept').click();
    await expect(confirm).toBeHidden();
    await expect(slots(page).nth(0)).toHaveAttribute('data-photo-id', ids[1] ?? '');
    expect(await slotStates(page)).toEqual(['photo', 'photo', 'photo', 'open', 'locked', 'locked']);
    expect(
      sqlIds(`SELECT id FROM photos WHERE user_id = ${member.id} ORDER BY position, id`),
    ).toEqual(ids.slice(1, 4).map(Number));

    // Closed, the page behind shows the new main photo at once.
    await page.getByTestId('profile-edit-close').click();
    await expect(overlay).toBeHidden();
    await expect(page.getByTestId('profile-avatar').locator('img')).toHaveAttribute(
      'src',
      /^\/media\/u\//,
    );
    await expect(rewardModal(page)).toBeHidden();
  });
}
