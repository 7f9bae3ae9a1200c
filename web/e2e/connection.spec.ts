// A lost connection, in the browser (issue 16): the network goes away in the middle of a send,
// after the server stored and charged the message but before its reply reached the sender. Back
// online, the sender's screen must agree with the server: the message sent, once, the balance
// debited once. Meanwhile the app says it is offline, the partner's presence is unknown, and a
// draft survives a reload. Hebrew on the phone, English on the desktop.
import type { BrowserContext, Page } from '@playwright/test';
import { expectCredits, myMessages, otherMember, theirMessages } from './conversation';
import { expect, onlyPairedLayout, OUT_OF_THE_WAY, snap, test, tr, type Lang } from './fixtures';
import { openAndCloseReward, registerMember, sql, withOtherMember } from './social';

/**
 * Passes the page's socket through, except that the reply to the send of `text` never arrives:
 * the network goes away at that moment, as if the connection died mid-send.
 */
async function loseTheReplyTo(page: Page, context: BrowserContext, text: string) {
  let armed = true;
  await page.routeWebSocket(/\/ws$/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((message) => server.send(message));
    server.onMessage((message) => {
      const frame = JSON.parse(String(message)) as {
        module?: string;
        data?: { message?: string };
      };
      if (armed && frame.module === 'send_message' && frame.data?.message === text) {
        armed = false;
        void context.setOffline(true);
        return;
      }
      ws.send(message);
    });
  });
}

for (const lang of ['he', 'en'] as Lang[]) {
  test(`a send cut off by the network ends sent once and charged once (${lang})`, async ({
    page,
    context,
    browser,
    baseURL,
  }, testInfo) => {
    onlyPairedLayout(lang);
    const base = baseURL ?? '';
    const a = await registerMember(page.request, context, base, 'offline-a', lang, {
      placeId: OUT_OF_THE_WAY,
    });
    const other = otherMember('offline-b', lang, testInfo);
    await withOtherMember(browser, base, other, async (bPage, b) => {
      // B opens the chat with A, so that B is online and A's header says so.
      await openAndCloseReward(bPage, `/chat/${a.id}`, lang);
      await expect(bPage.getByTestId('chat-empty')).toBeVisible();

      const text = lang === 'he' ? 'את עדיין שם?' : 'Are you still there?';
      await loseTheReplyTo(page, context, text);
      await openAndCloseReward(page, `/chat/${b.id}`, lang);
      const status = page.getByTestId('chat-status');
      await expect(status).toHaveAttribute('data-presence', 'online');
      await expectCredits(page, testInfo, lang, 200);

      const input = page.getByTestId('chat-input');
      await input.fill(text);
      await input.press('Enter');

      // Offline: the app says so, presence is unknown, the message is not confirmed.
      const notice = page.getByTestId('connection-status');
      await expect(notice).toHaveAttribute('data-state', 'offline');
      await expect(notice).toContainText(tr('common.connection.offline', lang));
      await expect(status).toHaveAttribute('data-presence', 'unknown');
      await expect(status).toHaveText(tr('chat.header.presenceUnknown', lang));
      await expect(myMessages(page)).toHaveCount(1);
      await expect(myMessages(page).first().getByTestId('message-status')).toHaveAttribute(
        'data-state',
        'failed',
      );
      // The server did store and charge it, once.
      await expect
        .poll(() => sql(`SELECT COUNT(*) FROM messages WHERE sender_id = ${a.id}`))
        .toEqual([['1']]);
      await snap(page, testInfo, `connection-offline-chat-${lang}`);

      // Back online: the same client_id goes again and the server answers with the first result.
      await context.setOffline(false);
      // Sent (and seen at once: B has the chat open).
      await expect(myMessages(page).first().getByTestId('message-status')).toHaveAttribute(
        'data-state',
        /^(sent|seen)$/,
      );
      await expect(myMessages(page)).toHaveCount(1);
      await expect(notice).toHaveAttribute('data-state', 'back');
      await expect(status).toHaveAttribute('data-presence', 'online');
      await expect(notice).toBeHidden();
      await expectCredits(page, testInfo, lang, 150);
      await snap(page, testInfo, `connection-back-chat-${lang}`);

      // The partner got it exactly once, and the balance dropped exactly once.
      await expect(theirMessages(bPage)).toHaveCount(1);
      await expect(theirMessages(bPage).first()).toContainText(text);
      expect(sql(`SELECT COUNT(*) FROM messages WHERE sender_id = ${a.id}`)).toEqual([['1']]);
      expect(
        sql(`SELECT COUNT(*), SUM(delta) FROM credit_ledger WHERE user_id = ${a.id} AND delta < 0`),
      ).toEqual([['1', '-50']]);
      expect(sql(`SELECT credits FROM users WHERE id = ${a.id}`)).toEqual([['150']]);

      // A draft survives a reload, in its own conversation.
      const draft = lang === 'he' ? 'רק רגע, אני' : 'Hold on, I';
      await page.getByTestId('chat-input').fill(draft);
      await page.reload();
      await expect(page.getByTestId('chat-input')).toHaveValue(draft);
    });
  });

  test(`the app says when it is offline and when it is back (${lang})`, async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    onlyPairedLayout(lang);
    await registerMember(page.request, context, baseURL ?? '', 'offline-pill', lang, {
      placeId: OUT_OF_THE_WAY,
    });
    await openAndCloseReward(page, '/explore', lang);
    const status = page.getByTestId('connection-status');
    await expect(status).toHaveCount(0);
    await context.setOffline(true);
    await expect(status).toHaveAttribute('data-state', 'offline');
    await expect(status).toContainText(tr('common.connection.offline', lang));
    await expect(status).toContainText(tr('common.connection.offlineBody', lang));
    await snap(page, testInfo, `connection-offline-pill-${lang}`);
    await context.setOffline(false);
    await expect(status).toHaveAttribute('data-state', 'back');
    await expect(status).toContainText(tr('common.connection.back', lang));
    await snap(page, testInfo, `connection-back-pill-${lang}`);
    await expect(status).toHaveCount(0);
  });
}
