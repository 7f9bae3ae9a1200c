// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { startAfterPaint } from './landingPages';

const BUILT = [
  '<head>',
  '    <script type="module" crossorigin src="/assets/main-a1.js"></script>',
  '    <link rel="modulepreload" crossorigin href="/assets/client-b2.js">',
  '    <link rel="stylesheet" crossorigin href="/assets/main-c3.css">',
  '    <link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/rubik.woff2">',
  '    <link rel="modulepreload" crossorigin href="/assets/he-d4.js">',
  '  </head>',
].join('\n');

describe('startAfterPaint', () => {
  const page = startAfterPaint(BUILT, 'assets/main-a1.js', 'assets/after-paint-e5.js');

  it('leaves one script, which names the entry and the files to preload after the paint', () => {
    expect(page.match(/<script\b/g)).toHaveLength(1);
    expect(page).not.toContain('modulepreload');
    expect(page).toContain(
      '<script type="module" crossorigin src="/assets/after-paint-e5.js"' +
        ' data-app-entry="/assets/main-a1.js"' +
        ' data-app-preload="/assets/client-b2.js /assets/he-d4.js"></script>',
    );
  });

  it('keeps the stylesheets and fonts the first screen needs', () => {
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/main-c3.css">');
    expect(page).toContain(
      '<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/rubik.woff2">',
    );
    expect(page.trimEnd().endsWith('</head>')).toBe(true);
  });

  it('refuses a page without the entry script', () => {
    expect(() => startAfterPaint(BUILT, 'assets/main-zz.js', 'assets/a.js')).toThrow(/main-zz/);
  });
});
