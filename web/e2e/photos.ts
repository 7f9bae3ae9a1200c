// Helpers for the tests that add profile photos: pictures made at test time, and the photo slots
// of the profile edit overlay and the registration's photo step.
import { execFileSync } from 'node:child_process';
import { expect, type Page, type TestInfo } from '@playwright/test';

/**
 * A JPEG made now with ImageMagick (bootstrap installs it): a soft portrait, a head and
 * shoulders on a gradient. `noise` makes it large, for an upload slow enough to watch.
 */
export function makeJpeg(
  testInfo: TestInfo,
  name: string,
  colours: [string, string],
  noise = false,
) {
  const path = testInfo.outputPath(name);
  const size = noise ? '1600x2000' : '720x960';
  const [w, h] = size.split('x').map(Number) as [number, number];
  execFileSync('convert', [
    '-size',
    size,
    `gradient:${colours[0]}-${colours[1]}`,
    ...(noise ? ['-attenuate', '0.6', '+noise', 'Gaussian'] : []),
    '-fill',
    'rgba(255,255,255,0.75)',
    '-draw',
    `circle ${w / 2},${h * 0.4} ${w / 2},${h * 0.4 + w * 0.17}`,
    '-draw',
    `ellipse ${w / 2},${h} ${w * 0.36},${h * 0.3} 180,360`,
    '-quality',
    noise ? '95' : '85',
    path,
  ]);
  return path;
}

export const slots = (page: Page) => page.getByTestId('photo-slot');
export const slotStates = (page: Page) =>
  slots(page).evaluateAll((all) => all.map((slot) => slot.getAttribute('data-state')));

/** Chooses `file` through the open slot, as a member would: the click opens the file chooser. */
export async function addThroughSlot(page: Page, file: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.locator('[data-testid="photo-slot"][data-state="open"]').click();
  await (await chooser).setFiles(file);
}

export async function expectLoaded(page: Page, selector: string) {
  await expect
    .poll(() =>
      page
        .locator(selector)
        .first()
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    )
    .toBe(true);
}

/** Opens /profile's edit overlay and adds one photo through its first open slot. */
export async function addProfilePhoto(page: Page, file: string): Promise<void> {
  await page.goto('/profile');
  await page.getByTestId('profile-edit-open').click();
  const before = await page.locator('[data-testid="photo-slot"][data-state="photo"]').count();
  await addThroughSlot(page, file);
  await expect(slots(page).nth(before)).toHaveAttribute('data-state', 'photo', {
    timeout: 20_000,
  });
  await page.getByTestId('profile-edit-close').click();
}

/** Slows the page's uploads to `bytesPerSecond`; the function it returns gives the speed back. */
export async function slowUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
  return async () => {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await cdp.detach();
  };
}
