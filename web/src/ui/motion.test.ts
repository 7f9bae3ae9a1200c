// Motion that starts by itself ends within five seconds unless it shows that something is under
// way (theme.css, "Decorative loops"; WCAG 2.2.2): the rules that may loop are listed here.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const SRC = resolve(import.meta.dirname, '..');

/** Progress indicators: each loops only while its loading, sending or typing lasts. */
const PROGRESS_LOOPS = new Set([
  '.skeleton',
  '.payment-modal__spinner',
  '.history__row--skeleton',
  '.story-card__spinner',
  '.story-card--skeleton',
  '.story-viewer__spinner',
  '.photo-slot__bar--done',
  '.connection-status__spinner',
  '.loading-screen__mark',
  '.loading-screen__ring',
  '.page-spinner__dot',
  '.typing-indicator__dots > span',
  '.person-tile--skeleton',
]);

function cssFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return cssFiles(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

/** Every innermost rule's selector with its declarations (rules nested in @media included). */
function rules(css: string): { selector: string; body: string }[] {
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, '');
  return [...withoutComments.matchAll(/([^{};]+)\{([^{}]*)\}/g)].map((match) => ({
    selector: (match[1] ?? '').trim(),
    body: match[2] ?? '',
  }));
}

function endlessLoops(): { file: string; selector: string }[] {
  return cssFiles(SRC).flatMap((file) =>
    rules(readFileSync(file, 'utf8'))
      .filter(({ body }) => /animation(-iteration-count)?\s*:[^;]*\binfinite\b/.test(body))
      .map(({ selector }) => ({ file: relative(SRC, file), selector })),
  );
}

describe('motion', () => {
  it('loops without end only where something is under way', () => {
    const unexpected = endlessLoops()
      .filter(({ selector }) => !PROGRESS_LOOPS.has(selector))
      .map(({ file, selector }) => `${file}: ${selector}`);
    expect(unexpected).toEqual([]);
  });

  it('finds the endless loops it allows, so the check reads the stylesheets', () => {
    const found = new Set(endlessLoops().map(({ selector }) => selector));
    expect([...PROGRESS_LOOPS].filter((selector) => !found.has(selector))).toEqual([]);
  });
});
