// Stories against the real server. S posts two stories from /stories (a real JPEG through the
// file input, its progress on the add card) and sees her ring first; her own viewer has no reply
// and offers delete. V, a man looking for women, sees her ring: without premium, the premium
// notice, whose tap opens the subscriptions; with premium (the admin command) the viewer runs
// her stories 10 s each, pauses and resumes on a tap, goes back, takes a reply (a paid text with
// the story's picture, which S finds in her chat), and then moves on to the next ring.
// Hebrew on the phone, English on the desktop (onlyPairedLayout).
import type { Locator, Page } from '@playwright/test';
import { isPhone, otherMember, theirMessages } from './conversation';
import { expect, OUT_OF_THE_WAY, snap, test, tr, type Lang, onlyPairedLayout } from './fixtures';
import { addProfilePhoto, expectLoaded, makeJpeg } from './photos';
import {
  openAndCloseReward,
  personaIds,
  registerMember,
  setPremium,
  withOtherMember,
} from './social';

const percentOf = async (viewer: Locator) =>
  Number(await viewer.getByTestId('story-progress').getAttribute('data-percent'));

/** Adds a story from /stories and waits until the server has it (my ring first). */
async function addStory(page: Page, file: string, myId: number, count: number) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('story-add').click();
  await (await chooser).setFiles(file);
  const mine = page.getByTestId('story-ring').first();
  await expect(mine).toHaveAttribute('data-user-id', String(myId), { timeout: 20_000 });
  await expect(page.getByTestId('story-add-progress')).toHaveCount(0);
  if (count > 1) {
    await expect(mine).toContainText(String(count));
  }
}

for (const lang of ['he', 'en'] as Lang[]) {
  test(`stories: posting, the premium gate, and a viewer that runs, pauses and takes a reply (${lang})`, async ({
    page,
    context,
    browser,
    baseURL,
  }, testInfo) => {
    onlyPairedLayout(lang);
    test.setTimeout(180_000);
    const base = baseURL ?? '';
    const phone = isPhone(testInfo);
    // V: a man looking for women (the ring list shows the gender one looks for).
    const v = await registerMember(page.request, context, base, 'story-v', lang, {
      placeId: OUT_OF_THE_WAY,
    });
    await withOtherMember(
      browser,
      base,
      otherMember('story-s', lang, testInfo),
      async (sPage, s) => {
        // S, with a profile photo, posts two stories; her ring comes first, with the dark tab bar
        // on phones.
        await openAndCloseReward(sPage, '/profile', lang);
        await addProfilePhoto(sPage, makeJpeg(testInfo, 's-portrait.jpg', ['#ffd1dc', '#c06c84']));
        await sPage.goto('/stories');
        await expect(sPage.getByRole('heading', { name: tr('stories.title', lang) })).toBeVisible();
        if (phone) await expect(sPage.locator('.tab-bar--dark')).toBeVisible();
        await addStory(sPage, makeJpeg(testInfo, 'dawn.jpg', ['#fbc2eb', '#a6c1ee']), s.id, 1);
        await addStory(sPage, makeJpeg(testInfo, 'dusk.jpg', ['#f6d365', '#fd7e5f']), s.id, 2);
        await expect(sPage.getByTestId('story-ring').first()).toContainText(
          tr('stories.yourStory', lang),
        );
        await expect(sPage.getByTestId('people-notice')).toBeHidden();
        await snap(sPage, testInfo, `stories-page-${lang}`);

        // Her own viewer: no reply, a delete button, her avatar opens nothing.
        await sPage.getByTestId('story-ring').first().click();
        const own = sPage.getByTestId('story-viewer');
        await expect(own).toBeVisible();
        await expectLoaded(sPage, '[data-testid="story-image"]');
        await expect(own.getByTestId('story-reply-input')).toHaveCount(0);
        await expect(own.getByTestId('story-delete')).toBeVisible();
        await expect(own.getByTestId('story-owner')).not.toHaveRole('button');
        await snap(sPage, testInfo, `story-viewer-own-${lang}`);
        await own.getByTestId('story-close').click();
        await expect(own).toBeHidden();

        // V without premium: her ring is listed, but watching answers with the premium notice.
        await openAndCloseReward(page, '/stories', lang);
        await expect(page.getByTestId('stories-premium')).toBeVisible();
        const ringOfS = page.locator(`[data-testid="story-ring"][data-user-id="${s.id}"]`);
        await ringOfS.click();
        const notice = page.getByTestId('people-notice');
        await expect(notice).toContainText(tr('stories.premiumRequired', lang));
        await expect(page.getByTestId('story-viewer')).toHaveCount(0);
        await notice.click();
        await expect(page.getByRole('heading', { name: tr('premium.title', lang) })).toBeVisible();
        await page.keyboard.press('Escape');

        // With premium the viewer opens on her first story and runs.
        setPremium(v.id);
        // The viewer's clock is Playwright's from here: it runs in real time, and the test skips
        // the 10 s a story takes instead of waiting for it.
        await page.clock.install();
        await page.reload();
        await expect(page.getByTestId('stories-premium')).toHaveCount(0);
        // The list as V sees it (once loaded): the ring after hers is where the viewer goes next.
        await expect(ringOfS).toBeVisible();
        await snap(page, testInfo, `stories-list-${lang}`);
        const order = await page
          .getByTestId('story-ring')
          .evaluateAll((rings) => rings.map((r) => Number(r.getAttribute('data-user-id'))));
        const nextId = order[order.indexOf(s.id) + 1];
        await ringOfS.click();
        const viewer = page.getByTestId('story-viewer');
        const frame = viewer.getByTestId('story-frame');
        await expect(frame).toHaveAttribute('data-user-id', String(s.id));
        await expect(frame).toHaveAttribute('data-story-index', '0');
        await expectLoaded(page, '[data-testid="story-image"]');
        await expect.poll(() => percentOf(viewer)).toBeGreaterThan(5);

        // A tap pauses: the bar stands still; another resumes it.
        await viewer.getByTestId('story-tap').click();
        await expect(frame).toHaveAttribute('data-paused', 'true');
        const held = await percentOf(viewer);
        await page.waitForTimeout(1_500);
        expect(await percentOf(viewer)).toBe(held);
        await snap(page, testInfo, `story-viewer-paused-${lang}`);
        await viewer.getByTestId('story-tap').click();
        await expect(frame).toHaveAttribute('data-paused', 'false');
        await expect.poll(() => percentOf(viewer)).toBeGreaterThan(held);

        // 10 s a story: her second comes by itself; prev goes back to the first.
        await page.clock.fastForward(10_000);
        await expect(frame).toHaveAttribute('data-story-index', '1');
        await expectLoaded(page, '[data-testid="story-image"]');
        await snap(page, testInfo, `story-viewer-${lang}`);
        await viewer.getByTestId('story-prev').click();
        await expect(frame).toHaveAttribute('data-story-index', '0');

        // A reply: never empty; sent as a paid text with the story.
        const input = viewer.getByTestId('story-reply-input');
        const sendReply = viewer.getByTestId('story-reply-send');
        await input.fill('   ');
        await expect(sendReply).toBeDisabled();
        await input.fill('What a view!');
        await sendReply.click();
        await expect(viewer.getByTestId('story-reply-note')).toHaveText(
          tr('stories.viewer.replySent', lang),
        );
        await expect(input).toHaveValue('');
        // The story runs on after the reply.
        const afterReply = await percentOf(viewer);
        await expect.poll(() => percentOf(viewer)).toBeGreaterThan(afterReply);

        // After her stories, the next ring in V's list (or the end of the viewer).
        // Her two stories run out a few seconds at a time.
        const runsOn = async (done: () => Promise<void>) =>
          expect(async () => {
            await page.clock.fastForward(4_000);
            await done();
          }).toPass({ timeout: 20_000 });
        if (nextId === undefined) {
          await runsOn(() => expect(viewer).toBeHidden({ timeout: 500 }));
        } else {
          await runsOn(() =>
            expect(frame).toHaveAttribute('data-user-id', String(nextId), { timeout: 500 }),
          );
          if (personaIds().has(nextId)) {
            await expect(viewer.getByTestId('story-virtual-notice')).toBeVisible();
            await expectLoaded(page, '[data-testid="story-image"]');
            await snap(page, testInfo, `story-viewer-virtual-${lang}`);
          }
          await viewer.getByTestId('story-close').click();
          await expect(viewer).toBeHidden();
        }

        // S finds the reply in her chats, with her story's picture above it.
        await sPage.goto(`/chat/${v.id}`);
        const reply = theirMessages(sPage).first();
        await expect(reply).toContainText('What a view!');
        await expectLoaded(sPage, '[data-testid="story-reply-image"]');
        await snap(sPage, testInfo, `chat-story-reply-${lang}`);
      },
    );
  });
}
