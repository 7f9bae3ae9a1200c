// The staff console, live against the real server: an operator in one browser context answers a
// member in another as a persona (docs/protocol.md "The staff console"), in Hebrew and English.
// The operator's screen is a desktop tool (1440×900); the member's follows the project's size.
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, snap, test, tr, uniqueEmail, type Lang, onlyLayout } from './fixtures';
import { send, theirMessages } from './conversation';
import { openAndCloseReward, registerMember, sqlIds } from './social';

const root = resolve(import.meta.dirname, '..', '..');
const STAFF_PASSWORD = 'console operator 42';

/** `kesher staff add` against the running server's data folder; the password on standard input. */
function addOperator(tag: string): string {
  const email = uniqueEmail(tag);
  const data = process.env.KESHER_E2E_DATA;
  if (!data) throw new Error('KESHER_E2E_DATA is not set: global-setup.ts did not run');
  execFileSync(
    process.env.KESHER_BIN ?? join(root, 'build/server/kesher'),
    ['--data', data, '--log-level', 'warn', 'staff', 'add', '--email', email, '--role', 'operator'],
    { input: `${STAFF_PASSWORD}\n` },
  );
  return email;
}

async function openConsole(browser: Browser, baseURL: string, lang: Lang, email: string) {
  const context = await browser.newContext({
    baseURL,
    locale: lang === 'he' ? 'he-IL' : 'en-US',
    viewport: { width: 1440, height: 900 },
  });
  const page = await context.newPage();
  await page.goto('/console');
  if (lang !== 'he') await page.getByTestId('console-language').selectOption(lang);
  await expect(page.locator('html')).toHaveAttribute('dir', lang === 'he' ? 'rtl' : 'ltr');
  await page.getByLabel(tr('console.login.email', lang)).fill(email);
  await page.getByLabel(tr('console.login.password', lang)).fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: tr('console.login.submit', lang) }).click();
  await expect(page.getByTestId('console-logout')).toBeVisible();
  return { context, page };
}

function queueItemFor(console: Page, lang: Lang, member: string, persona: string) {
  return console.getByRole('button', {
    name: tr('console.queue.claim', lang, { member, persona }),
  });
}

for (const lang of ['he', 'en'] as const) {
  test(`an operator answers a member live as the persona (${lang})`, async ({
    page,
    context,
    browser,
    baseURL,
  }, testInfo) => {
    // A persona of the member's language; each test of the run takes its own.
    const personas = sqlIds(
      `SELECT id FROM users WHERE kind = 'persona' AND language = '${lang}' ORDER BY id`,
    );
    const base = baseURL ?? '';
    const slot = (testInfo.project.name === 'phone' ? 0 : 2) + (lang === 'he' ? 0 : 1);
    const personaId = personas[10 + slot];
    expect(personaId).toBeDefined();
    const [personaName] = execFileSync(
      'sqlite3',
      [
        '-readonly',
        join(process.env.KESHER_E2E_DATA ?? '', 'kesher.db'),
        `SELECT name FROM users WHERE id = ${personaId}`,
      ],
      { encoding: 'utf8' },
    ).split('\n');

    const member = await registerMember(page.request, context, base, `console-${lang}`, lang);
    await openAndCloseReward(page, `/chat/${personaId}`, lang);
    await expect(page.getByTestId('chat-virtual-notice')).toBeVisible();
    await send(page, lang === 'he' ? 'היי, מה שלומך?' : 'Hi, how are you?');

    const operatorEmail = addOperator(`operator-${lang}`);
    const { context: staffContext, page: console } = await openConsole(
      browser,
      base,
      lang,
      operatorEmail,
    );
    try {
      // The member's message waits in the queue; claiming it opens the conversation.
      const item = queueItemFor(console, lang, member.name, personaName ?? '');
      await expect(item).toBeVisible();
      await snap(console, testInfo, `console-queue-${lang}`);
      await item.click();
      const messages = console.getByTestId('console-messages');
      await expect(messages).toContainText(lang === 'he' ? 'היי, מה שלומך?' : 'Hi, how are you?');
      // The console shows the disclosure the member sees.
      await expect(console.getByTestId('member-disclosure')).toBeVisible();

      // The member types: the operator sees it.
      // The server passes one typing event per pair every 2 s, so a notice sent just before the
      // claim may swallow the next: the member goes on typing, as people do.
      let draft = lang === 'he' ? 'עוד' : 'one more';
      await expect(async () => {
        draft += '.';
        await page.getByTestId('chat-input').fill(draft);
        await expect(console.getByTestId('member-typing')).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 10_000 });
      await page.getByTestId('chat-input').fill('');

      // A meeting is refused, and the text stays for the operator to rephrase.
      const composer = console.getByTestId('console-composer');
      const meeting = lang === 'he' ? 'בוא ניפגש מחר בערב' : "Let's meet tomorrow evening";
      await composer.fill(meeting);
      await composer.press('Enter');
      await expect(console.getByTestId('refusal')).toHaveAttribute(
        'data-code',
        'meeting_arrangement',
      );
      await expect(composer).toHaveValue(meeting);
      await snap(console, testInfo, `console-refusal-${lang}`);

      // The operator types (the member sees the persona typing) and answers.
      const answer = lang === 'he' ? 'היי! יום נהדר, ואצלך?' : 'Hi! A lovely day, and yours?';
      await composer.fill(answer);
      await expect(page.getByTestId('chat-pane')).toContainText(tr('chat.typing.label', lang));
      await composer.press('Enter');
      await expect(composer).toHaveValue('');
      await expect(theirMessages(page).last()).toContainText(answer);
      await expect(messages).toContainText(answer);
      await expect(console.getByTestId('message-operator').last()).toContainText(operatorEmail);
      await snap(console, testInfo, `console-conversation-${lang}`);
      await snap(page, testInfo, `console-member-sees-answer-${lang}`);
      // Answered: the conversation left the queue.
      await expect(item).toHaveCount(0);
      // A desktop tool that stays usable on a phone: one column at a time.
      if (testInfo.project.name === 'phone') {
        await console.setViewportSize({ width: 390, height: 844 });
        await expect(console.getByTestId('console-logout')).toBeVisible();
        await snap(console, testInfo, `console-narrow-${lang}`);
      }
    } finally {
      await staffContext.close();
    }
  });
}

test('a member session opens nothing in the console', async ({ page, context, baseURL }) => {
  onlyLayout('desktop', 'no screen is drawn');
  await registerMember(page.request, context, baseURL ?? '', 'console-member', 'he');
  await page.goto('/console');
  // Signed in as a member, the console still asks for a staff sign-in.
  await expect(page.getByRole('button', { name: tr('console.login.submit', 'he') })).toBeVisible();
  await expect(page.getByTestId('console-logout')).toHaveCount(0);
});
