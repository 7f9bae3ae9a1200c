// 3. The language picker: German and English, kept across a reload by the language cookie.
import { expect, expectDocumentLanguage, languagePicker, snap, test, tr } from './fixtures';

test('switches to German and English, and a reload keeps the choice', async ({
  page,
  context,
}, testInfo) => {
  await page.goto('/');
  await expectDocumentLanguage(page, 'he');
  const register = page.getByTestId('landing-register');
  await expect(register).toHaveText(tr('auth.landing.register', 'he'));

  await languagePicker(page, 'he').selectOption('de');
  await expectDocumentLanguage(page, 'de');
  await expect(register).toHaveText(tr('auth.landing.register', 'de'));
  await expect(
    page.getByRole('heading', { level: 1, name: tr('auth.tagline', 'de') }),
  ).toBeVisible();
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === 'language')?.value).toBe('de');
  await snap(page, testInfo, 'landing-de');

  await page.reload();
  await expectDocumentLanguage(page, 'de');
  await expect(register).toHaveText(tr('auth.landing.register', 'de'));
  await expect(languagePicker(page, 'de')).toHaveValue('de');

  // The choice follows into other pages.
  await page.getByTestId('landing-login').click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(
    page.getByRole('heading', { level: 1, name: tr('auth.login.title', 'de') }),
  ).toBeVisible();
  await expect(page.getByTestId('login-submit')).toHaveText(tr('auth.login.submit', 'de'));
  await snap(page, testInfo, 'login-de');

  await languagePicker(page, 'de').selectOption('en');
  await expectDocumentLanguage(page, 'en');
  await expect(
    page.getByRole('heading', { level: 1, name: tr('auth.login.title', 'en') }),
  ).toBeVisible();
  await snap(page, testInfo, 'login-en');

  await page.reload();
  await expectDocumentLanguage(page, 'en');
  await expect(page.getByTestId('login-submit')).toHaveText(tr('auth.login.submit', 'en'));

  await page.goto('/');
  await expect(register).toHaveText(tr('auth.landing.register', 'en'));
  await expect(page.getByTestId('landing-disclosure')).toContainText(tr('auth.disclosure', 'en'));
  await snap(page, testInfo, 'landing-en', true);

  // And back to Hebrew, right to left.
  await languagePicker(page, 'en').selectOption('he');
  await expectDocumentLanguage(page, 'he');
  await expect(register).toHaveText(tr('auth.landing.register', 'he'));
});
