// Chat between two fresh members, each in a browser context of their own: A opens a chat with B,
// messages reach both sides without a reload (contacts row, unread badge, banner, seen tick), and
// every text costs A 50 credits, read from the screen. Registration gives 200 credits and sending
// needs at least 50: four texts go through (200 → 0), the fifth opens the credits modal instead,
// which says why. B's new-message banner names A and shows the text.
// In Hebrew and in English, on the phone and the desktop layouts.
import {
  expectCredits,
  isPhone,
  myMessages,
  otherMember,
  send,
  sendAnswered,
  theirMessages,
} from './conversation';
import { expect, OUT_OF_THE_WAY, snap, test, tr, type Lang, onlyPairedLayout } from './fixtures';
import { openAndCloseReward, registerMember, withOtherMember } from './social';

const TEXT_PRICE = 50;

for (const lang of ['he', 'en'] as Lang[]) {
  test(`two members chat live and each text costs 50 credits (${lang})`, async ({
    page,
    context,
    browser,
    baseURL,
  }, testInfo) => {
    onlyPairedLayout(lang);
    const base = baseURL ?? '';
    const phone = isPhone(testInfo);
    // A: a man looking for women; B: a woman looking for men. Both fresh, 200 credits each.
    const a = await registerMember(page.request, context, base, 'chat-a', lang, {
      placeId: OUT_OF_THE_WAY,
    });
    const other = otherMember('chat-b', lang, testInfo);
    await withOtherMember(browser, base, other, async (bPage, b) => {
      // B waits on the chats list: the page on a phone, the side column on desktop.
      await openAndCloseReward(bPage, phone ? '/contacts' : '/profile', lang);
      await expect(bPage.getByTestId('contacts-empty')).toBeVisible();

      // A opens the chat by B's id: B's name, the empty-chat prompts, no disclosure (a member).
      await openAndCloseReward(page, `/chat/${b.id}`, lang);
      const pane = page.getByTestId('chat-pane');
      await expect(pane.getByTestId('chat-partner-name')).toHaveText(b.name);
      await expect(pane.getByTestId('chat-empty')).toContainText(
        tr('chat.emptyChat.title', lang, { name: b.name }),
      );
      await expect(pane.getByTestId('chat-virtual-notice')).toHaveCount(0);
      await expectCredits(page, testInfo, lang, 200);
      await snap(page, testInfo, `chat-empty-${lang}`);

      // The first text: shown at once, confirmed, and 50 credits spent (the notice says so).
      await send(page, 'Hello from A');
      await expect(myMessages(page)).toHaveCount(1);
      await expect(myMessages(page).first()).toContainText('Hello from A');
      await expect(myMessages(page).first().getByTestId('message-status')).toHaveAttribute(
        'data-state',
        'sent',
      );
      // The cost shows above the composer, clear of the header and its badges.
      const spent = page.getByTestId('chat-spent');
      await expect(spent).toContainText(tr('chat.creditsSpent', lang, { count: TEXT_PRICE }));
      const spentBox = await spent.boundingBox();
      const headerBox = await pane.getByTestId('chat-header').boundingBox();
      const composerBox = await pane.getByTestId('chat-composer').boundingBox();
      expect(spentBox && headerBox && composerBox).toBeTruthy();
      if (spentBox && headerBox && composerBox) {
        expect(spentBox.y).toBeGreaterThan(headerBox.y + headerBox.height);
        expect(spentBox.y + spentBox.height).toBeLessThanOrEqual(composerBox.y);
      }
      await snap(page, testInfo, `chat-spent-${lang}`);
      await expectCredits(page, testInfo, lang, 150);

      // B, without a reload: a row for A with the text and one unread, and a banner.
      const row = bPage.locator(`[data-testid="contact-row"][data-contact-id="${a.id}"]`);
      await expect(row).toBeVisible();
      await expect(row.getByTestId('contact-preview')).toHaveText('Hello from A');
      await expect(row.getByTestId('contact-unread')).toHaveText('1');
      // The banner names the sender and shows what they wrote.
      const banner = bPage.getByTestId('people-notice');
      await expect(banner.getByTestId('banner-title')).toHaveText(a.name);
      await expect(banner.getByTestId('banner-message')).toHaveText('Hello from A');
      await snap(bPage, testInfo, `chat-banner-${lang}`);
      if (phone) {
        const tabs = bPage.getByRole('navigation', { name: tr('common.nav.tabs', lang) });
        await expect(
          tabs.getByLabel(tr('common.nav.unread', lang, { count: 1 }), { exact: true }),
        ).toHaveText('1');
      }
      await snap(bPage, testInfo, `chat-contacts-${lang}`);

      // B opens the chat: the message is there, read, and A sees the seen tick.
      await row.getByRole('link').click();
      await expect(bPage).toHaveURL(new RegExp(`/chat/${a.id}$`));
      const theirs = theirMessages(bPage);
      await expect(theirs).toHaveCount(1);
      await expect(theirs.first()).toContainText('Hello from A');
      await expect(myMessages(page).first().getByTestId('message-status')).toHaveAttribute(
        'data-state',
        'seen',
      );

      // B answers; A sees it without a reload.
      await send(bPage, 'Hi A, nice to meet you');
      const incoming = theirMessages(page);
      await expect(incoming).toHaveCount(1);
      await expect(incoming.first()).toContainText('Hi A, nice to meet you');

      // Two more texts: 50 credits left, still enough for one more.
      await sendAnswered(page, 'Second', 2);
      await sendAnswered(page, 'Third', 3);
      await expectCredits(page, testInfo, lang, 50);
      await sendAnswered(page, 'Fourth', 4);
      await expectCredits(page, testInfo, lang, 0);
      await expect(theirMessages(bPage)).toHaveCount(4);
      await snap(page, testInfo, `chat-conversation-${lang}`);

      // The fifth: below 50 credits nothing is sent; the credits modal opens, the text stays.
      const input = page.getByTestId('chat-input');
      await input.fill('Fifth');
      await input.press('Enter');
      const credits = page.getByRole('dialog', {
        name: tr('common.credits.notEnoughTitle', lang),
      });
      await expect(credits).toBeVisible();
      // It says why: what a message costs and what is left.
      await expect(credits.getByTestId('credits-need')).toContainText(
        tr('common.credits.needText', lang, { price: TEXT_PRICE }),
      );
      await expect(input).toHaveValue('Fifth');
      await expect(myMessages(page)).toHaveCount(4);
      await snap(page, testInfo, `chat-credits-modal-${lang}`);
      await page.keyboard.press('Escape');
      await expect(credits).toBeHidden();

      // B still has 150 credits and a gift drawer to choose from (shown, not sent).
      await bPage.getByTestId('chat-gifts').click();
      const drawer = bPage.getByTestId('gift-drawer');
      await expect(drawer.getByTestId('gift-tile').first()).toBeVisible();
      // Every icon the server lists is served and decodes (an empty tile is a broken gift).
      await expect
        .poll(() =>
          drawer
            .locator('img.gift-tile__icon')
            .evaluateAll((icons) =>
              icons.every(
                (icon) =>
                  (icon as HTMLImageElement).complete &&
                  (icon as HTMLImageElement).naturalWidth > 0,
              ),
            ),
        )
        .toBe(true);
      await snap(bPage, testInfo, `chat-gifts-${lang}`);
      await bPage.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
    });
  });
}
