// 7. Discovery settings: Save only after a change, saved on the server, still there after reload.
import type { Locator } from '@playwright/test';
import {
  expect,
  expectDocumentLanguage,
  openExploreAndCloseReward,
  registerByApi,
  snap,
  test,
  tr,
} from './fixtures';

/** Moves a native range input with the keyboard, as a user would (Up raises in any direction). */
async function nudge(slider: Locator, key: 'ArrowUp' | 'ArrowDown', times: number) {
  await slider.focus();
  for (let i = 0; i < times; i += 1) await slider.press(key);
}

test('saves radius and age range; Save is enabled only after a change', async ({
  page,
}, testInfo) => {
  await registerByApi(page.request, 'settings');
  await openExploreAndCloseReward(page);
  if (testInfo.project.name === 'desktop') {
    await page
      .locator('aside.side-nav')
      .getByRole('link', { name: tr('common.nav.settings', 'he') })
      .click();
  } else {
    await page.goto('/settings');
  }
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByTestId('settings-page')).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 1, name: tr('settings.title', 'he') }),
  ).toBeVisible();

  const save = page.getByTestId('settings-save');
  const radius = page.getByTestId('settings-radius');
  const radiusValue = page.getByTestId('settings-radius-value');
  const ageMin = page.getByTestId('settings-age-min');
  const ageValue = page.getByTestId('settings-age-value');

  // The values the account was created with (s_age "25,40") and the default radius.
  await expect(ageValue).toHaveText('25 – 40');
  await expect(page.getByTestId('settings-place-input')).toHaveValue(/.+/);
  const startRadius = Number(await radius.inputValue());
  expect(startRadius).toBeGreaterThan(10);
  await expect(radiusValue).toHaveText(tr('auth.radius.km', 'he', { value: startRadius }));
  await expect(save).toBeDisabled();
  await snap(page, testInfo, 'settings-he');

  // A change enables Save; undoing it disables Save again.
  await nudge(radius, 'ArrowDown', 10);
  const newRadius = startRadius - 10;
  await expect(radius).toHaveValue(String(newRadius));
  await expect(radiusValue).toHaveText(tr('auth.radius.km', 'he', { value: newRadius }));
  await expect(save).toBeEnabled();
  await nudge(radius, 'ArrowUp', 10);
  await expect(radius).toHaveValue(String(startRadius));
  await expect(save).toBeDisabled();

  await nudge(radius, 'ArrowDown', 10);
  await nudge(ageMin, 'ArrowUp', 3);
  await expect(ageValue).toHaveText('28 – 40');
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByTestId('settings-saved')).toHaveText(tr('settings.saved', 'he'));
  await expect(save).toBeDisabled();
  await snap(page, testInfo, 'settings-saved-he');

  // The server holds the new values: a reload starts from them.
  await page.reload();
  await expect(page.getByTestId('settings-page')).toBeVisible();
  await expect(ageValue).toHaveText('28 – 40');
  await expect(radius).toHaveValue(String(newRadius));
  await expect(radiusValue).toHaveText(tr('auth.radius.km', 'he', { value: newRadius }));
  await expect(save).toBeDisabled();

  // The language picker in settings switches the UI and the profile's language.
  await page
    .getByTestId('settings-language')
    .getByRole('combobox', { name: tr('common.language.label', 'he') })
    .selectOption('en');
  await expectDocumentLanguage(page, 'en');
  await expect(
    page.getByRole('heading', { level: 1, name: tr('settings.title', 'en') }),
  ).toBeVisible();
  await expect(radiusValue).toHaveText(tr('auth.radius.km', 'en', { value: newRadius }));
  await snap(page, testInfo, 'settings-en', true);
  await page.reload();
  await expectDocumentLanguage(page, 'en');
  await expect(page.getByTestId('settings-save')).toHaveText(tr('settings.save', 'en'));
  // The city follows the profile's language.
  await expect(page.getByTestId('settings-place-input')).toHaveValue(/Tel Aviv/);
});
