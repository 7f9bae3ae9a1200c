// @vitest-environment node
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cardTemplate, exploreMarkup, type ExploreTexts } from './explorePage';
import { PAGE_LANGUAGES, type Tree } from './landingPages';

const tree = (area: string, lang: string): Tree =>
  JSON.parse(
    readFileSync(resolve(import.meta.dirname, '../src/i18n', area, `${lang}.json`), 'utf8'),
  ) as Tree;
const texts = (lang: string): ExploreTexts => ({
  common: tree('common', lang),
  explore: tree('explore', lang),
  people: tree('people', lang),
});

// The fields server/src/modules/explore_page.cpp (card_values) gives a card.
const SERVER_FIELDS = new Set([
  'depth',
  'top',
  'behind',
  'tabindex',
  'id',
  'name',
  'age',
  'photo',
  'initials',
  'virtual',
  'many_photos',
  'photos_count',
  'online',
  'any_place',
  'place_and_distance',
  'place',
  'distance',
  'bio',
  'language_he',
  'language_en',
  'language_de',
]);

describe('the pre-rendered /explore', () => {
  for (const lang of PAGE_LANGUAGES) {
    const page = exploreMarkup(lang, texts(lang.code));
    const card = cardTemplate(lang, texts(lang.code));

    it(`carries the server's marks once each (${lang.code})`, () => {
      for (const mark of ['<!--kesher:deck-->', '<!--/kesher:deck-->', '<!--kesher:first-cards-->'])
        expect(page.split(mark)).toHaveLength(2);
      expect(page).toContain(`<template data-kesher-card>${card}</template>`);
      // The browser tests wait for the app's own page, not this copy.
      expect(page).not.toContain('data-testid');
    });

    it(`names only fields the server fills, with every section closed (${lang.code})`, () => {
      const tags = [...card.matchAll(/\{\{([#^/]?)(\w+)\}\}/g)];
      for (const [, , name] of tags) expect(SERVER_FIELDS).toContain(name);
      const open = tags.filter(([, kind]) => kind === '#' || kind === '^').length;
      expect(tags.filter(([, kind]) => kind === '/')).toHaveLength(open);
    });

    it(`discloses a virtual profile and badges only the other languages (${lang.code})`, () => {
      expect(card).toMatch(/\{\{#virtual\}\}<span class="virtual-badge[^"]*">.*\{\{\/virtual\}\}/);
      expect(card).not.toContain(`{{#language_${lang.code}}}`);
      for (const other of PAGE_LANGUAGES.filter((l) => l.code !== lang.code))
        expect(card).toContain(`{{#language_${other.code}}}`);
    });
  }
});
