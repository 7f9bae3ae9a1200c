// 8. The information pages, with the virtual-profile disclosure where members are told about it.
import type { Page } from '@playwright/test';
import {
  expect,
  expectDocumentLanguage,
  languagePicker,
  snap,
  test,
  tr,
  trKeys,
  type Lang,
} from './fixtures';

const PAGES = [
  { path: '/privacy', area: 'privacy', box: false, virtualSection: true },
  { path: '/tos', area: 'tos', box: true, virtualSection: true },
  { path: '/terms-and-conditions', area: 'terms', box: true, virtualSection: true },
  { path: '/support', area: 'support', box: true, virtualSection: false },
] as const;

// A raw key ("info.tos.title") or a development marker (⟦key⟧) would mean a missing translation.
const RAW_KEY = /⟦|\b(info|common|auth|errors)\.[a-z]+\.[a-z]/;

async function expectNoRawKeys(page: Page) {
  await expect(page.locator('body')).not.toContainText(RAW_KEY);
}

async function expectDisclosureBox(page: Page, lang: Lang) {
  const box = page.getByRole('complementary', { name: tr('info.disclosure.title', lang) });
  await expect(box).toBeVisible();
  await expect(box).toContainText(tr('info.disclosure.lead', lang));
  await expect(box.getByRole('listitem')).toHaveCount(
    trKeys('info.disclosure.points', lang).length,
  );
}

test('info pages render, with the virtual-profile disclosure', async ({ page }, testInfo) => {
  for (const { path, area, box, virtualSection } of PAGES) {
    await page.goto(path);
    await expectDocumentLanguage(page, 'he');
    await expect(
      page.getByRole('heading', { level: 1, name: tr(`info.${area}.title`, 'he') }),
    ).toBeVisible();
    if (box) await expectDisclosureBox(page, 'he');
    else {
      await expect(
        page.getByRole('complementary', { name: tr('info.disclosure.title', 'he') }),
      ).toHaveCount(0);
    }
    if (virtualSection) {
      const section = page.locator(`#${area}-virtual`);
      await expect(section.getByRole('heading', { level: 2 })).toHaveText(
        tr(`info.${area}.sections.virtual.title`, 'he'),
      );
      await expect(section).toContainText(/וירטואלי/);
    }
    await expectNoRawKeys(page);
    // The tab bar is hidden on these pages (spec §2), whatever the width.
    await expect(page.getByRole('navigation', { name: tr('common.nav.tabs', 'he') })).toHaveCount(
      0,
    );
  }

  // The support page ends with the contact block and a working mail link.
  const contact = page.locator('#support-contact');
  await expect(contact.getByRole('heading', { level: 2 })).toHaveText(
    tr('info.contact.title', 'he'),
  );
  await expect(contact.getByRole('link', { name: 'support@kesher.example' })).toHaveAttribute(
    'href',
    'mailto:support@kesher.example',
  );

  // Privacy, in Hebrew and English; the footer links lead between the pages.
  await page.goto('/privacy');
  await expect(page.locator('#privacy-virtual')).toBeVisible();
  await snap(page, testInfo, 'privacy-he');
  await snap(page, testInfo, 'privacy-he-full', true);
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: tr('common.footer.tos', 'he') })
    .click();
  await expect(page).toHaveURL(/\/tos$/);
  await expectDisclosureBox(page, 'he');
  await snap(page, testInfo, 'tos-he');

  await languagePicker(page, 'he').selectOption('en');
  await expectDocumentLanguage(page, 'en');
  await expectDisclosureBox(page, 'en');
  await expect(
    page.getByRole('heading', { level: 1, name: tr('info.tos.title', 'en') }),
  ).toBeVisible();
  await expectNoRawKeys(page);
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: tr('common.footer.privacy', 'en') })
    .click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(
    page.getByRole('heading', { level: 1, name: tr('info.privacy.title', 'en') }),
  ).toBeVisible();
  await expect(page.locator('#privacy-virtual')).toContainText(
    tr('info.privacy.sections.virtual.body.p1', 'en'),
  );
  await snap(page, testInfo, 'privacy-en');
  await page.goto('/support');
  await expectDisclosureBox(page, 'en');
  await snap(page, testInfo, 'support-en');
});
