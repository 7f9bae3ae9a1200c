// Personas in the admin console, live against the real server (docs/protocol.md "Admin:
// personas"): an admin creates a Hebrew persona with a city from the places table, gives her a
// photo through the upload pipeline, disables and enables her; a member's Discover follows.
// The persona lives in Eilat (OUT_OF_THE_WAY), away from the demo personas, so she is on the
// member's first page.
// Screenshots of the list and the editor in Hebrew and English at 1440×900.
import { openAdminConsole, switchLanguage } from './console';
import { expect, OUT_OF_THE_WAY, snap, test, tr } from './fixtures';
import { makeJpeg } from './photos';
import { openAndCloseReward, registerMember } from './social';

test('an admin creates a persona with a photo, and disabling hides her from members', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'the console is a desktop tool');
  test.setTimeout(90_000);
  const base = baseURL ?? '';
  const { context, page: console } = await openAdminConsole(browser, base, 'he', 'personas');
  try {
    await console.getByRole('button', { name: tr('console.nav.admin', 'he') }).click();
    await console.getByTestId('admin-section-personas').click();
    await console.getByTestId('persona-new').click();

    const name = `מאיה`;
    await console.getByTestId('persona-name').fill(name);
    await console.getByTestId('persona-city').fill('אילת');
    await console.getByTestId('persona-city-suggestion').first().click();
    await expect(console.getByTestId('persona-city-chosen')).toBeVisible();
    await console.getByTestId('persona-bio').fill('ים, ריצות בוקר וספר טוב בערב.');
    await console.getByTestId('persona-save').click();
    await expect(console.getByTestId('persona-notice')).toContainText(name);

    // A photo through the same pipeline as members' pictures.
    const chooser = console.waitForEvent('filechooser');
    await console.getByTestId('persona-photo-add').click();
    await (await chooser).setFiles(makeJpeg(testInfo, 'persona.jpg', ['#f6d1c1', '#b5536b']));
    const photo = console.getByTestId('persona-photos').getByRole('img');
    await expect(photo).toHaveCount(1, { timeout: 20_000 });
    await expect(photo).toHaveAttribute('src', /^\/media\/u\//);
    await snap(console, testInfo, 'console-persona-editor-he', true);

    // A man in Eilat looking for women meets her on Discover (/meet).
    const memberContext = await browser.newContext({ baseURL: base, locale: 'he-IL' });
    try {
      const member = await memberContext.newPage();
      await registerMember(member.request, memberContext, base, 'persona-fan', 'he', {
        gender: 1,
        lookingFor: 2,
        placeId: OUT_OF_THE_WAY,
      });
      await openAndCloseReward(member, '/meet', 'he');
      const meetNames = async () => {
        await member.goto('/meet');
        const tiles = member.getByTestId('meet-tile');
        await expect(tiles.or(member.getByTestId('meet-empty')).first()).toBeVisible();
        return (await tiles.allTextContents()).join(' | ');
      };
      expect(await meetNames()).toContain(name);

      // Disabled after a confirmation: gone for the member.
      await console.getByTestId('persona-disable').click();
      await console.getByTestId('admin-confirm').click();
      await expect(console.getByTestId('persona-enable')).toBeVisible();
      expect(await meetNames()).not.toContain(name);

      await console.getByTestId('persona-enable').click();
      await expect(console.getByTestId('persona-disable')).toBeVisible();
      expect(await meetNames()).toContain(name);
    } finally {
      await memberContext.close();
    }

    await console.getByTestId('persona-back').click();
    await expect(console.getByTestId('persona-card').first()).toBeVisible();
    await snap(console, testInfo, 'console-personas-he');
    await switchLanguage(console, 'en');
    await snap(console, testInfo, 'console-personas-en');
    // The demo catalogue has a מאיה too; ours lives in Eilat.
    await console.getByTestId('personas-filter').fill(name);
    await console
      .getByTestId('persona-card')
      .filter({ hasText: name })
      .filter({ hasText: 'Eilat' })
      .click();
    await expect(console.getByTestId('persona-editor')).toBeVisible();
    await snap(console, testInfo, 'console-persona-editor-en', true);
  } finally {
    await context.close();
  }
});
