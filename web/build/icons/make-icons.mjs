// Renders the app icons (web/public/icons) from the SVG sources beside this script with Debian's
// Chromium (playwright-core, no browser download). The PNGs are committed, so neither the build nor
// CI needs this; run it again only when the mark changes: node web/build/icons/make-icons.mjs
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const here = import.meta.dirname;
const out = join(here, '..', '..', 'public', 'icons');
// [source, size, file, opaque]: Apple's icon may not be transparent (iOS rounds it itself).
const icons = [
  ['icon.svg', 192, 'icon-192.png', false],
  ['icon.svg', 512, 'icon-512.png', false],
  ['maskable.svg', 192, 'maskable-192.png', true],
  ['maskable.svg', 512, 'maskable-512.png', true],
  ['maskable.svg', 180, 'apple-touch-icon.png', true],
  ['badge.svg', 96, 'badge-96.png', false],
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage();
for (const [source, size, file, opaque] of icons) {
  const svg = readFileSync(join(here, source), 'utf8');
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<style>html,body{margin:0;background:${opaque ? '#e8436b' : 'transparent'}}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`,
  );
  await page.screenshot({ path: join(out, file), omitBackground: !opaque });
}
await browser.close();
