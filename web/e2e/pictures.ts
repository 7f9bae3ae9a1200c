// Pictures for the browser tests, made now with ImageMagick (scripts/bootstrap installs it): real
// JPEGs the server decodes, resizes and signs like any member's.
import { execFileSync } from 'node:child_process';
import type { Locator, TestInfo } from '@playwright/test';
import { expect } from './fixtures';

/**
 * A JPEG at `path` of testInfo's output folder: a gradient with a soft sun and hills, so that a
 * screenshot shows a photo and not a flat colour. `noise` makes it large (slow to upload).
 */
export function makeJpeg(
  testInfo: TestInfo,
  name: string,
  colours: [string, string],
  { width = 960, height = 1280, noise = false } = {},
): string {
  const path = testInfo.outputPath(name);
  execFileSync('convert', [
    '-size',
    `${width}x${height}`,
    `gradient:${colours[0]}-${colours[1]}`,
    ...(noise ? ['-attenuate', '0.6', '+noise', 'Gaussian'] : []),
    '-fill',
    'rgba(255,255,255,0.8)',
    '-draw',
    `circle ${width * 0.68},${height * 0.3} ${width * 0.68},${height * 0.3 + width * 0.11}`,
    '-fill',
    'rgba(20,12,30,0.35)',
    '-draw',
    `ellipse ${width * 0.3},${height} ${width * 0.6},${height * 0.28} 180,360`,
    '-fill',
    'rgba(20,12,30,0.55)',
    '-draw',
    `ellipse ${width * 0.85},${height} ${width * 0.55},${height * 0.2} 180,360`,
    '-quality',
    noise ? '95' : '85',
    path,
  ]);
  return path;
}

/** Waits until the image has loaded and decoded (a broken image has no natural width). */
export async function expectDrawn(image: Locator): Promise<void> {
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
}
