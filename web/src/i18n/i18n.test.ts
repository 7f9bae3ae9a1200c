// @vitest-environment node
// Every area folder under src/i18n/ must hold he, en and de with the same keys, no empty values
// and the same {{placeholders}}; a key missing in one language would show up as a raw key.
import { describe, expect, it, vi } from 'vitest';
import { buildResources } from './allResources';
import { loudMissingKey } from './index';
import { LANGUAGES } from './languages';

const files = import.meta.glob<unknown>('./*/*.json', { eager: true, import: 'default' });

type Flat = Map<string, unknown>;

function flatten(tree: unknown, prefix = '', out: Flat = new Map()): Flat {
  if (typeof tree === 'object' && tree !== null && !Array.isArray(tree)) {
    for (const [key, value] of Object.entries(tree)) {
      flatten(value, prefix ? `${prefix}.${key}` : key, out);
    }
  } else {
    out.set(prefix, tree);
  }
  return out;
}

function placeholders(value: unknown): string[] {
  if (typeof value !== 'string') return [];
  return [...value.matchAll(/\{\{\s*([\w.]+)/g)].map((m) => m[1] ?? '').sort();
}

const areas = new Map<string, Map<string, Flat>>();
for (const [path, tree] of Object.entries(files)) {
  const match = /^\.\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (!match) continue;
  const [, area = '', lang = ''] = match;
  const byLang = areas.get(area) ?? new Map<string, Flat>();
  byLang.set(lang, flatten(tree));
  areas.set(area, byLang);
}

const codes = LANGUAGES.map((l) => l.code);

describe('translations', () => {
  it('found the area folders', () => {
    expect(areas.has('common')).toBe(true);
    expect(areas.has('errors')).toBe(true);
  });

  for (const [area, byLang] of areas) {
    describe(area, () => {
      it('has exactly one file per language', () => {
        expect([...byLang.keys()].sort()).toEqual([...codes].sort());
      });

      const allKeys = new Set([...byLang.values()].flatMap((flat) => [...flat.keys()]));

      for (const code of codes) {
        it(`${code} has every key, each a non-empty string`, () => {
          const flat = byLang.get(code) ?? new Map<string, unknown>();
          const missing = [...allKeys].filter((k) => !flat.has(k));
          expect(missing, `missing in ${area}/${code}.json`).toEqual([]);
          const empty = [...flat].filter(([, v]) => typeof v !== 'string' || v.trim() === '');
          expect(
            empty.map(([k]) => k),
            `empty or non-text in ${area}/${code}.json`,
          ).toEqual([]);
        });
      }

      it('uses the same placeholders in every language', () => {
        const reference = byLang.get('en') ?? new Map<string, unknown>();
        const mismatched: string[] = [];
        for (const [key, value] of reference) {
          for (const code of codes) {
            const other = byLang.get(code)?.get(key);
            if (placeholders(other).join() !== placeholders(value).join()) {
              mismatched.push(`${code}:${key}`);
            }
          }
        }
        expect(mismatched).toEqual([]);
      });
    });
  }

  it("builds one resource tree per language with every area but the console's", () => {
    const resources = buildResources();
    const memberAreas = [...areas.keys()].filter((area) => area !== 'console').sort();
    expect(areas.has('console')).toBe(true);
    for (const code of codes) {
      expect(Object.keys(resources[code].translation).sort()).toEqual(memberAreas);
    }
  });

  it('makes a missing key loud in development only', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(loudMissingKey('common.nope', true)).toBe('⟦common.nope⟧');
    expect(error).toHaveBeenCalledWith(expect.stringContaining('common.nope'));
    expect(loudMissingKey('common.nope', false)).toBe('common.nope');
    error.mockRestore();
  });

  it('names the swipe deck the same everywhere: German says "Slips", as its navigation does', () => {
    const german = [...areas.values()].flatMap((byLang) => [...(byLang.get('de') ?? new Map())]);
    expect(german.filter(([, text]) => /The Slips/.test(String(text))).map(([key]) => key)).toEqual(
      [],
    );
    expect(areas.get('common')?.get('de')?.get('nav.explore')).toBe('Slips');
  });

  it('writes the brand in Hebrew letters in Hebrew (the tab title, the pages)', () => {
    expect(areas.get('common')?.get('he')?.get('brand')).toBe('קשר');
    const hebrew = [...areas.values()].flatMap((byLang) => [...(byLang.get('he') ?? new Map())]);
    expect(hebrew.filter(([, text]) => /Kesher/.test(String(text))).map(([key]) => key)).toEqual(
      [],
    );
  });
});
