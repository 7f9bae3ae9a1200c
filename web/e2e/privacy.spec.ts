// GDPR from settings (docs/protocol.md "Your data (GDPR)"): a member who has written a message
// downloads their data (progress, then a link; the file holds their email and the message), then
// deletes their account with their password: they land on the goodbye page, and can no longer
// sign in. In Hebrew and in English, on the phone and the desktop layouts; screenshots of the
// section.
import { readFileSync } from 'node:fs';
import { myMessages, send } from './conversation';
import {
  expect,
  logInThroughForm,
  OUT_OF_THE_WAY,
  snap,
  test,
  tr,
  type Lang,
  onlyPairedLayout,
} from './fixtures';
import { openAndCloseReward, registerMember } from './social';

for (const lang of ['he', 'en'] as Lang[]) {
  test(`a member downloads their data and deletes their account (${lang})`, async ({
    page,
    context,
    request,
    baseURL,
  }, testInfo) => {
    onlyPairedLayout(lang);
    const base = baseURL ?? '';
    // B has a cookie jar of their own (the test's request context), A the page's.
    const b = await registerMember(request, context, base, 'gdpr-b', lang, {
      gender: 2,
      lookingFor: 1,
      placeId: OUT_OF_THE_WAY,
    });
    const a = await registerMember(page.request, context, base, 'gdpr-a', lang, {
      placeId: OUT_OF_THE_WAY,
    });
    const text = `Data export check ${lang} ${Date.now()}`;
    await openAndCloseReward(page, `/chat/${b.id}`, lang);
    await send(page, text);
    await expect(myMessages(page).first().getByTestId('message-status')).toHaveAttribute(
      'data-state',
      'sent',
    );

    await page.goto('/settings');
    const section = page.getByTestId('settings-data');
    await section.scrollIntoViewIfNeeded();
    await expect(
      section.getByRole('heading', { name: tr('settings.data.title', lang) }),
    ).toBeVisible();
    await expect(section).toContainText(tr('settings.data.erase.kept.messages', lang));
    await snap(page, testInfo, `settings-data-${lang}`);

    // Download: progress, then the link; the file is the member's own data.
    await section.getByTestId('settings-export').click();
    const link = section.getByTestId('settings-export-link');
    await expect(link).toBeVisible({ timeout: 20_000 });
    await snap(page, testInfo, `settings-data-ready-${lang}`);
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const file = await download.path();
    const data = JSON.parse(readFileSync(file, 'utf8')) as {
      profile: { email: string; id: number };
      messages: { text: string; direction: string; other: { id: number } }[];
    };
    expect(data.profile.email).toBe(a.email);
    expect(data.profile.id).toBe(a.id);
    expect(data.messages).toContainEqual(
      expect.objectContaining({
        text,
        direction: 'sent',
        other: expect.objectContaining({ id: b.id }),
      }),
    );
    expect(JSON.stringify(data)).not.toContain(b.email);

    // Delete: a wrong password is refused, the right one erases and signs out.
    await section.getByTestId('settings-erase').click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(tr('settings.data.erase.confirmTitle', lang));
    await dialog.getByTestId('erase-password').fill('not my password');
    await dialog.getByTestId('confirm-accept').click();
    await expect(dialog.getByRole('alert')).toHaveText(
      tr('settings.data.erase.wrongPassword', lang),
    );
    await snap(page, testInfo, `settings-erase-dialog-${lang}`);
    await dialog.getByTestId('erase-password').fill(a.password);
    await dialog.getByTestId('confirm-accept').click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('landing-goodbye')).toHaveText(tr('auth.landing.goodbye', lang));
    await snap(page, testInfo, `goodbye-${lang}`);

    // The account is gone: signing in again is refused.
    await page.goto('/login');
    await logInThroughForm(page, a.email, a.password);
    await expect(page.getByTestId('login-error')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });
}
