// Issue 13, "A fast first load": Chromium gets the Brotli copies the build wrote, decodes them and
// runs the app and the console; the page, asked again with its tag, costs a 304.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Response } from '@playwright/test';
import { expect, test, onlyLayout } from './fixtures';

const DIST = resolve(import.meta.dirname, '..', 'dist');

async function expectBrotli(response: Response | null, vary = 'Accept-Encoding') {
  expect(response).not.toBeNull();
  const headers = (await response?.allHeaders()) ?? {};
  expect(headers['content-encoding'], response?.url()).toBe('br');
  expect(headers['vary'], response?.url()).toBe(vary);
  expect(headers['etag'], response?.url()).toMatch(/^"[0-9a-f]{16}-br"$/);
  return headers;
}

test('the app and the console arrive Brotli-compressed and run', async ({ page }) => {
  onlyLayout('phone', 'the encoding does not depend on the layout');
  const sent: Response[] = [];
  page.on('response', (response) => sent.push(response));
  const document = await page.goto('/');
  await expect(page.getByTestId('landing-page')).toBeVisible();
  // The members' page is chosen by the language cookie and Accept-Language (server
  // domain/index_page.hpp), so it varies on them too.
  const { etag } = await expectBrotli(document, 'Cookie, Accept-Language, Accept-Encoding');
  const files = sent.filter((r) => /^\/assets\/.+\.(js|css)$/.test(new URL(r.url()).pathname));
  const hasCopy = (r: Response) => existsSync(`${DIST}${new URL(r.url()).pathname}.br`);
  expect(files.filter(hasCopy).length).toBeGreaterThan(2);
  for (const response of files) {
    if (hasCopy(response)) {
      await expectBrotli(response);
    } else {
      // Under 256 bytes the build writes no copy: sent as it is.
      const headers = await response.allHeaders();
      expect(headers['content-encoding'], response.url()).toBeUndefined();
      expect(headers['vary'], response.url()).toBe('Accept-Encoding');
    }
  }

  // The page is no-cache: asked again with its tag, it costs a 304.
  const again = await page.request.get('/', {
    headers: { 'Accept-Encoding': 'br', 'If-None-Match': etag ?? '' },
  });
  expect(again.status()).toBe(304);

  await expectBrotli(await page.goto('/console'));
  await expect(page.getByTestId('console-language')).toBeVisible();
});
