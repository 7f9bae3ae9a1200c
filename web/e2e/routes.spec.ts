// 4. Route guards on the server (302 before index.html) and in the client. 5. The 404 page.
import type { Page } from '@playwright/test';
import {
  expect,
  expectDocumentLanguage,
  openExploreAndCloseReward,
  registerByApi,
  snap,
  test,
  tr,
  onlyLayout,
} from './fixtures';

/** Client-side navigation, as a link inside the app would do it (no document request). */
async function navigateInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: {} }));
  }, path);
}

const PROTECTED = ['/explore', '/settings', '/chat/x'];
const GUEST_ONLY = ['/', '/login', '/register'];

test('guards: guests are sent to / and members to /explore', async ({ page }) => {
  onlyLayout('phone', 'the guards do not depend on the layout');
  // Logged out: the server answers protected routes with a redirect to /.
  for (const path of PROTECTED) {
    const answer = await page.request.get(path, { maxRedirects: 0 });
    expect(answer.status(), path).toBe(302);
    expect(new URL(answer.headers()['location'] ?? '', 'http://x').pathname, path).toBe('/');
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/$/);
    await expect(page.getByTestId('landing-page')).toBeVisible();
  }
  // ...and the client guard does the same for navigation inside the app.
  await navigateInApp(page, '/settings');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('landing-page')).toBeVisible();

  // Open routes are served to guests.
  await page.goto('/privacy');
  await expect(page).toHaveURL(/\/privacy$/);

  // Logged in: guest-only routes redirect to /explore.
  await registerByApi(page.request, 'guards');
  await openExploreAndCloseReward(page);
  for (const path of GUEST_ONLY) {
    const answer = await page.request.get(path, { maxRedirects: 0 });
    expect(answer.status(), path).toBe(302);
    expect(new URL(answer.headers()['location'] ?? '', 'http://x').pathname, path).toBe('/explore');
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/explore$/);
  }
  await navigateInApp(page, '/login');
  await expect(page).toHaveURL(/\/explore$/);
  await expect(page.getByTestId('explore-page')).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 1, name: tr('explore.title', 'he') }),
  ).toBeVisible();
  // Protected routes render for a member.
  await page.goto('/chat/x');
  await expect(page).toHaveURL(/\/chat\/x$/);
  await page.goto('/settings');
  await expect(page.getByTestId('settings-page')).toBeVisible();
});

test('unknown pages answer 404 with the translated not-found page', async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expectDocumentLanguage(page, 'he');
  await expect(
    page.getByRole('heading', { name: tr('common.notFound.title', 'he') }),
  ).toBeVisible();
  await expect(page.getByText(tr('common.notFound.body', 'he'))).toBeVisible();
  await snap(page, testInfo, '404-he');

  // In English (the language cookie), the spec's own words.
  await context.addCookies([{ name: 'language', value: 'en', url: baseURL ?? '' }]);
  const english = await page.goto('/no/such/page');
  expect(english?.status()).toBe(404);
  await expectDocumentLanguage(page, 'en');
  await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible();
  await snap(page, testInfo, '404-en');

  // The way back home.
  await page.getByRole('link', { name: tr('common.notFound.home', 'en') }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('landing-page')).toBeVisible();
});
