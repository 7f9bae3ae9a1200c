// Pictures in a chat between two fresh members, against the real server: A chooses a photo on a
// slow upload and watches its progress inside the bubble; the server's signed thumbnail replaces
// it; 70 credits are spent. B is told "You received an image" (banner, contacts row), opens it in
// the viewer, and sends one of her profile photos back from the picture menu; A's viewer steps
// between the two and wraps around. An hour later (the browser's clock moved on) both show "This
// image has expired".
// Hebrew on the phone, English on the desktop (onlyPairedLayout).
import { expectCredits, isPhone, myMessages, otherMember, theirMessages } from './conversation';
import { expect, onlyPairedLayout, OUT_OF_THE_WAY, snap, test, tr, type Lang } from './fixtures';
import { addProfilePhoto, expectLoaded, makeJpeg, slowUploads } from './photos';
import { openAndCloseReward, registerMember, withOtherMember } from './social';

const IMAGE_PRICE = 70;
const SIGNED = /^\/media\/u\/[^/?]+\.jpg\?exp=\d+&sig=/;
const MINE = '[data-testid="message"][data-mine="true"]';
const THEIRS = '[data-testid="message"][data-mine="false"]';

for (const lang of ['he', 'en'] as Lang[]) {
  test(`two members exchange pictures in chat, and they expire after an hour (${lang})`, async ({
    page,
    context,
    browser,
    baseURL,
  }, testInfo) => {
    onlyPairedLayout(lang);
    test.setTimeout(150_000);
    const base = baseURL ?? '';
    const phone = isPhone(testInfo);
    const a = await registerMember(page.request, context, base, 'pic-a', lang, {
      placeId: OUT_OF_THE_WAY,
    });
    await withOtherMember(browser, base, otherMember('pic-b', lang, testInfo), async (bPage, b) => {
      // B has a profile photo, to send one back later.
      await openAndCloseReward(bPage, '/profile', lang);
      await addProfilePhoto(bPage, makeJpeg(testInfo, 'b-portrait.jpg', ['#a1c4fd', '#2b5876']));
      if (phone) await bPage.goto('/contacts');
      await openAndCloseReward(page, `/chat/${b.id}`, lang);
      await expect(page.getByTestId('chat-empty')).toBeVisible();

      // A large photo on a slow connection: its progress shows inside its own bubble.
      const fullSpeed = await slowUploads(page, 384 * 1024);
      const sunset = makeJpeg(testInfo, 'sunset.jpg', ['#ffb199', '#6a3093'], true);
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: tr('chat.composer.picture', lang) }).click();
      await (await chooser).setFiles(sunset);
      const mineFirst = myMessages(page).first();
      const progress = mineFirst.getByTestId('upload-progress');
      await expect(progress).toBeVisible();
      await expect
        .poll(async () => Number(await progress.getAttribute('data-percent')))
        .toBeGreaterThan(0);
      // The picture button waits for this upload (one at a time).
      await expect(page.getByTestId('chat-picture')).toBeDisabled();
      await snap(page, testInfo, `chat-picture-uploading-${lang}`);
      await fullSpeed();

      // Sent: the server's thumbnail, behind a link signed for A, and 70 credits spent.
      await expect(mineFirst.getByTestId('message-status')).toHaveAttribute('data-state', 'sent', {
        timeout: 30_000,
      });
      await expect(mineFirst).toHaveAttribute('data-type', 'image');
      await expect(mineFirst.getByTestId('message-image')).toHaveAttribute('src', SIGNED);
      await expectLoaded(page, `${MINE} [data-testid="message-image"]`);
      await expect(page.getByTestId('chat-spent')).toContainText(
        tr('chat.creditsSpent', lang, { count: IMAGE_PRICE }),
      );
      await expectCredits(page, testInfo, lang, 200 - IMAGE_PRICE);

      // B, without a reload: "You received an image" on the banner and the contacts row.
      const banner = bPage.getByTestId('people-notice');
      await expect(banner.getByTestId('banner-message')).toHaveText(
        tr('chat.preview.receivedImage', lang),
      );
      const row = bPage.locator(`[data-testid="contact-row"][data-contact-id="${a.id}"]`);
      await expect(row.getByTestId('contact-preview')).toHaveText(
        tr('chat.preview.receivedImage', lang),
      );

      // B opens it: the thumbnail in the bubble, the full picture in the viewer.
      await row.getByRole('link').click();
      const theirs = theirMessages(bPage).first();
      await expect(theirs).toHaveAttribute('data-type', 'image');
      await expectLoaded(bPage, `${THEIRS} [data-testid="message-image"]`);
      await theirs.getByTestId('open-image').click();
      const bViewer = bPage.getByTestId('chat-image-viewer');
      await expect(bViewer).toBeVisible();
      await expect(bViewer.getByTestId('chat-viewer-image')).toHaveAttribute('src', SIGNED);
      await expectLoaded(bPage, '[data-testid="chat-viewer-image"]');
      // The new-message banner has had its 3 s.
      await expect(banner).toBeHidden();
      await snap(bPage, testInfo, `chat-picture-viewer-${lang}`);
      await bPage.keyboard.press('Escape');
      await expect(bViewer).toBeHidden();

      // B sends one of her profile photos back, from the picture menu; A sees it arrive.
      await bPage.getByTestId('chat-picture').click();
      const menu = bPage.getByTestId('picture-menu');
      await expect(menu).toBeVisible();
      await menu.getByTestId('picture-profile-photo').first().click();
      await expect(menu).toBeHidden();
      // Sent, or already seen: A has the chat open.
      await expect(myMessages(bPage).first().getByTestId('message-status')).toHaveAttribute(
        'data-state',
        /^(sent|seen)$/,
      );
      const incoming = theirMessages(page).first();
      await expect(incoming).toHaveAttribute('data-type', 'pphoto');
      await expect(incoming.getByTestId('message-image')).toHaveAttribute('src', SIGNED);
      await expectLoaded(page, `${THEIRS} [data-testid="message-image"]`);
      if (!phone) {
        // A's own chats list: the last message is B's profile photo.
        const aRow = page.locator(`[data-testid="contact-row"][data-contact-id="${b.id}"]`);
        await expect(aRow.getByTestId('contact-preview')).toHaveText(
          tr('chat.preview.receivedProfilePhoto', lang),
        );
      }
      await snap(page, testInfo, `chat-pictures-${lang}`);

      // A's viewer steps through both pictures and wraps around at the end.
      await incoming.getByTestId('open-image').click();
      const viewer = page.getByTestId('chat-image-viewer');
      const counter = viewer.getByTestId('chat-viewer-counter');
      await expect(counter).toHaveText(tr('chat.viewer.counter', lang, { index: 2, total: 2 }));
      await expect(viewer).toContainText(tr('chat.viewer.fromThem', lang, { name: b.name }));
      await viewer.getByTestId('chat-viewer-next').click();
      await expect(counter).toHaveText(tr('chat.viewer.counter', lang, { index: 1, total: 2 }));
      await expect(viewer).toContainText(tr('chat.viewer.fromMe', lang));
      await expectLoaded(page, '[data-testid="chat-viewer-image"]');
      await viewer.getByTestId('chat-viewer-prev').click();
      await expect(counter).toHaveText(tr('chat.viewer.counter', lang, { index: 2, total: 2 }));
      await viewer.getByTestId('chat-viewer-close').click();
      await expect(viewer).toBeHidden();

      // An hour later (this tab's clock runs an hour ahead): "This image has expired", never a
      // broken picture; nothing left to open.
      const later = await context.newPage();
      await later.clock.install({ time: Date.now() + 3_660_000 });
      await later.goto(`/chat/${b.id}`);
      const expired = later.getByTestId('image-expired');
      await expect(expired).toHaveCount(2);
      await expect(expired.first()).toHaveText(tr('chat.messages.imageExpired', lang));
      await expect(later.getByTestId('message-image')).toHaveCount(0);
      await expect(later.getByTestId('open-image')).toHaveCount(0);
      await snap(later, testInfo, `chat-picture-expired-${lang}`);
      await later.close();
    });
  });
}
