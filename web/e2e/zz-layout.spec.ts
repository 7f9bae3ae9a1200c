import { expect, snap, test } from './fixtures';
import { openAndCloseReward, registerMember } from './social';
test('layout probe', async ({ page, context, baseURL }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop');
  await registerMember(page.request, context, baseURL ?? '', 'layout', 'he');
  for (const width of [1000, 880, 1190]) {
    await page.setViewportSize({ width, height: 800 });
    await openAndCloseReward(page, '/explore', 'he').catch(() => undefined);
    await page.goto('/explore');
    await expect(page.getByTestId('explore-page')).toBeVisible();
    await page.waitForTimeout(800);
    await snap(page, testInfo, `probe-explore-${width}`);
    await page.goto('/profile');
    await page.waitForTimeout(800);
    await snap(page, testInfo, `probe-profile-${width}`);
  }
});
