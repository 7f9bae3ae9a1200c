// 2. Logout and login again; a wrong password. 6. Password reset through the mailed link.
import {
  expect,
  expectDocumentLanguage,
  logInThroughForm,
  newestMailTo,
  openExploreAndCloseReward,
  registerByApi,
  snap,
  test,
  tr,
  onlyLayout,
} from './fixtures';

test('logs out, fails with a wrong password, and logs back in', async ({ page }, testInfo) => {
  onlyLayout('phone', 'the desktop runs the reset');
  const account = await registerByApi(page.request, 'logout');
  await openExploreAndCloseReward(page);

  // Desktop: the side column's logout. Phones: the profile tab is the menu.
  if (testInfo.project.name === 'desktop') {
    await page
      .locator('aside.side-nav')
      .getByRole('button', { name: tr('common.nav.logout', 'he') })
      .click();
  } else {
    await page.getByRole('link', { name: tr('common.nav.profile', 'he') }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByTestId('profile-page')).toContainText(account.name);
    await expect(page.getByTestId('profile-credits')).toContainText('200');
    await snap(page, testInfo, 'profile-he');
    await page.getByTestId('profile-logout').click();
  }
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('landing-page')).toBeVisible();
  // The session is gone on the server too: a protected page now redirects.
  const explore = await page.request.get('/explore', { maxRedirects: 0 });
  expect(explore.status()).toBe(302);
  expect(explore.headers()['location']).toMatch(/\/$/);

  await page.getByTestId('landing-login').click();
  await expect(page).toHaveURL(/\/login$/);
  await expectDocumentLanguage(page, 'he');
  await expect(
    page.getByRole('heading', { level: 1, name: tr('auth.login.title', 'he') }),
  ).toBeVisible();
  await snap(page, testInfo, 'login-he');

  // A wrong password: the translated invalid-credentials text, and no navigation.
  await logInThroughForm(page, account.email, 'not the password');
  await expect(page.getByTestId('login-error')).toHaveText(tr('errors.invalid_credentials', 'he'));
  await expect(page).toHaveURL(/\/login$/);
  await snap(page, testInfo, 'login-error-he');

  await page.getByTestId('login-password').fill(account.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/explore$/);
  await expect(page.getByTestId('explore-page')).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 1, name: tr('explore.title', 'he') }),
  ).toBeVisible();
  // The reward belongs to the first sign-in only.
  await page.waitForTimeout(500);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  if (testInfo.project.name === 'desktop') {
    await expect(
      page.locator('aside.side-nav').getByText(account.name, { exact: true }),
    ).toBeVisible();
  }
});

test('resets the password through the mailed recovery link', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  onlyLayout('desktop', 'the phone runs logout and login');
  // The standalone request context keeps its own cookies: the browser stays a guest.
  const account = await registerByApi(request, 'reset');
  const newPassword = 'a brand new secret 7';

  await page.goto('/login');
  await page.getByTestId('login-forgot-link').click();
  await expect(page).toHaveURL(/\/reset$/);
  await expect(
    page.getByRole('heading', { level: 1, name: tr('auth.reset.title', 'he') }),
  ).toBeVisible();
  await page.getByTestId('reset-email').fill(account.email);
  await snap(page, testInfo, 'reset-he');
  await page.getByTestId('reset-submit').click();
  await expect(page.getByTestId('reset-sent')).toContainText(tr('auth.reset.sentBody', 'he'));
  // The address is one left-to-right unit on a line of its own, never broken inside Hebrew.
  const address = page.getByTestId('reset-sent-email');
  await expect(address).toHaveText(account.email);
  await expect(address).toHaveAttribute('dir', 'ltr');
  await expect(address).toHaveCSS('white-space', 'nowrap');
  // The server allows one mail a minute per address; the button says so.
  await expect(page.getByTestId('reset-resend')).toBeDisabled();
  await snap(page, testInfo, 'reset-sent-he');

  const mail = await newestMailTo(account.email);
  const link = /https?:\/\/[^\s/]+(\/recover\/[A-Za-z0-9_-]+)/.exec(mail);
  expect(link, `recovery link in:\n${mail}`).not.toBeNull();
  const [url, path] = link as unknown as [string, string];
  // The link points at this server (its port), whichever loopback name the origin uses.
  expect(new URL(url).port).toBe(new URL(baseURL ?? '').port);

  await page.goto(path);
  await expect(
    page.getByRole('heading', { level: 1, name: tr('auth.recover.title', 'he') }),
  ).toBeVisible();
  // Two different passwords are refused before anything is sent.
  await page.getByTestId('recover-password').fill(newPassword);
  await page.getByTestId('recover-confirm').fill(`${newPassword}x`);
  await page.getByTestId('recover-submit').click();
  await expect(page.getByText(tr('auth.recover.mismatch', 'he'))).toBeVisible();
  await page.getByTestId('recover-confirm').fill(newPassword);
  await snap(page, testInfo, 'recover-he');
  await page.getByTestId('recover-submit').click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('login-reset-done')).toHaveText(tr('auth.login.resetDone', 'he'));

  // The old password no longer works.
  await logInThroughForm(page, account.email, account.password);
  await expect(page.getByTestId('login-error')).toHaveText(tr('errors.invalid_credentials', 'he'));
  await expect(page).toHaveURL(/\/login$/);

  // The token is single-use, and a used link says so at once: no password form to fill in vain.
  await page.goto(path);
  await expect(page.getByTestId('recover-invalid')).toHaveText(tr('errors.invalid_token', 'he'));
  await expect(page.getByTestId('recover-form')).toHaveCount(0);
  await snap(page, testInfo, 'recover-used-he');

  // The new one does.
  await page.goto('/login');
  await logInThroughForm(page, account.email, newPassword);
  await expect(page).toHaveURL(/\/explore$/);
  // This account never signed in before, so its first socket brings the reward.
  await expect(page.getByRole('dialog')).toBeVisible();
});
