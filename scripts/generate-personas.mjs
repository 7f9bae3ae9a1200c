#!/usr/bin/env node
// Generates Kesher's demo catalogue of personas: virtual profiles written and moderated by
// Kesher staff and always shown as virtual (brief §6). Everything comes from this repository
// and from registry packages already installed in web/node_modules; nothing is downloaded.
//
// Usage (from the repository root):
//   node scripts/generate-personas.mjs <outdir> [--count 400] [--places build/places.tsv]
//
// Output:
//   <outdir>/personas.json          an array of personas (shape below), in key order
//   <outdir>/images/<key>-<n>.svg   1 to 4 avatar pictures per persona (DiceBear lorelei or
//                                   notionists, CC0 1.0 artwork; see docs/licences/avatars.md)
//
//   { "key": "p001", "name": "נועה", "gender": 2, "birth_date": "1998-04-12", "language": "he",
//     "place_id": 293397, "bio": "…", "answer": 3, "s_gender": 1, "s_age": "25,40",
//     "likes_back_percent": 100, "like_back_delay_s": 0, "photos": ["p001-1.svg", "p001-2.svg"] }
//
// The run is deterministic: a fixed-seed PRNG (mulberry32), a fixed reference date and sorted
// inputs, so the same inputs and package versions give byte-identical output.
// Names and bios live in scripts/personas/{he,en,de}.json (Kesher's own writing), where personas
// live in scripts/personas/regions.json. The place table (with each place's population) comes from
// `node scripts/import-places.mjs build/places.tsv`.
//
// Placement: a default search anywhere our members live should find a useful deck. Each region
// gets its share of the catalogue and each of its cities a number of personas in proportion to its
// population (largest remainders). Language, gender and age are then dealt along the region's
// personas ordered north to south with low-discrepancy sequences rather than drawn at random, so
// every stretch of the map gets the region's language mix, about 60% women and the full spread of
// ages, instead of whatever a dice roll leaves there.

import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const SEED = 0x4b655368; // "KeSh"
const TODAY = { year: 2026, month: 11, day: 22 }; // ages are computed on this date
const IMAGE_SIZE = 512;
const MIN_AGE = 18;
const MAX_AGE = 60;
const NAME_MAX = 20;
const BIO_MAX = 300;

const LANGUAGES = ['he', 'en', 'de'];
const DEFAULT_COUNT = 400;
const FEMALE_SHARE = 0.6;
// Steps of the low-discrepancy sequences (irrational and independent of one another, so language
// and age do not follow the gender pattern or each other).
const AGE_STEP = (Math.sqrt(5) - 1) / 2;
const LANGUAGE_STEP = Math.SQRT2 - 1;
const SAME_GENDER_SHARE = 0.06;
// [min age, max age, weight]: most personas are 22 to 40.
const AGE_BUCKETS = [
  [18, 21, 6],
  [22, 30, 38],
  [31, 40, 32],
  [41, 50, 15],
  [51, 60, 9],
];
// answer ids (1 serious, 2 casual, 3 friendship, 4 chat and flirt, 5 see what happens, 6 new
// experiences) with weights.
const ANSWER_WEIGHTS = [
  [1, 30],
  [2, 9],
  [3, 15],
  [4, 14],
  [5, 22],
  [6, 10],
];
const PHOTO_COUNT_WEIGHTS = [
  [1, 15],
  [2, 30],
  [3, 30],
  [4, 25],
];

// Pleasant pastel backgrounds: [main colour, lighter tint]. One per persona, used in every
// picture of that persona (solid or as a gentle gradient at a varying angle).
const BACKGROUNDS = [
  ['ffd5dc', 'ffeef1'],
  ['ffdfbf', 'fff1e3'],
  ['d1d4f9', 'eceefe'],
  ['c0aede', 'e6def2'],
  ['b6e3f4', 'e2f5fc'],
  ['c7f0d8', 'e8f9ef'],
  ['fde8a6', 'fff6d6'],
  ['f9c9b6', 'fde9e1'],
  ['d5e8c8', 'eef6e8'],
  ['bfe9e6', 'e5f7f5'],
  ['eadccb', 'f7f0e8'],
  ['f6cfe4', 'fcebf4'],
];

// Avatar parts, chosen by looking at every variant: hair that reads as male or female, and only
// friendly eyes, brows and mouths (no frowns, sneers or winks).
const LORELEI = {
  hair: {
    1: ['variant01', 'variant02', 'variant03', 'variant04', 'variant05', 'variant07', 'variant08',
      'variant09', 'variant20', 'variant22', 'variant28', 'variant39', 'variant44', 'variant47'],
    2: ['variant06', 'variant10', 'variant11', 'variant12', 'variant13', 'variant14', 'variant15',
      'variant16', 'variant17', 'variant18', 'variant19', 'variant21', 'variant23', 'variant24',
      'variant26', 'variant29', 'variant30', 'variant31', 'variant32', 'variant33', 'variant35',
      'variant37', 'variant38', 'variant40', 'variant41', 'variant42', 'variant43', 'variant45',
      'variant46', 'variant48'],
  },
  eyes: ['variant02', 'variant04', 'variant06', 'variant10', 'variant12', 'variant13', 'variant14',
    'variant20', 'variant21', 'variant23', 'variant24'],
  eyebrows: ['variant01', 'variant02', 'variant03', 'variant05', 'variant06', 'variant07',
    'variant08', 'variant09', 'variant10', 'variant11', 'variant12', 'variant13'],
  mouth: ['happy01', 'happy02', 'happy03', 'happy04', 'happy05', 'happy06', 'happy08', 'happy13'],
  head: ['variant01', 'variant02', 'variant03', 'variant04'],
  nose: ['variant01', 'variant02', 'variant03', 'variant04', 'variant05', 'variant06'],
  glasses: ['variant01', 'variant02', 'variant03', 'variant04', 'variant05'],
  earrings: ['variant01', 'variant02', 'variant03'],
  beard: ['variant01', 'variant02'],
  // [colour, weight]: natural hair colours, dark ones most common.
  hairColor: [['2c1b18', 6], ['3b2219', 5], ['4a312c', 5], ['6a4e35', 4], ['724133', 3],
    ['a55728', 2], ['b58143', 2], ['d6b370', 2], ['e8c993', 1]],
  greyHair: ['a7a2a0', 'c9c4c1'],
  skinColor: [['fbe3d4', 3], ['f8d9c4', 4], ['eec1a2', 4], ['e0ac8a', 3], ['c68e6a', 2],
    ['a86f4c', 2], ['8d5a3b', 2]],
  earringsColor: ['d4a937', 'b8bcc2'],
};
const NOTIONISTS = {
  hair: {
    1: ['variant01', 'variant05', 'variant06', 'variant07', 'variant09', 'variant12', 'variant13',
      'variant15', 'variant16', 'variant17', 'variant18', 'variant19', 'variant20', 'variant21',
      'variant22', 'variant25', 'variant26', 'variant27', 'variant31', 'variant33', 'variant34',
      'variant35', 'variant38', 'variant42', 'variant44', 'variant49', 'variant52', 'variant53',
      'variant54', 'variant55', 'variant56', 'variant60'],
    2: ['variant02', 'variant03', 'variant04', 'variant08', 'variant10', 'variant23', 'variant28',
      'variant29', 'variant30', 'variant36', 'variant37', 'variant39', 'variant41', 'variant45',
      'variant46', 'variant47', 'variant48', 'variant57', 'variant58', 'variant59'],
  },
  eyes: ['variant01', 'variant02', 'variant03', 'variant04', 'variant05'],
  openEyes: ['variant02', 'variant04', 'variant05'], // 01 and 03 are closed, laughing eyes
  brows: ['variant04', 'variant05', 'variant06', 'variant07', 'variant09', 'variant10',
    'variant11', 'variant12', 'variant13'],
  lips: ['variant14', 'variant17', 'variant22', 'variant23', 'variant25', 'variant30'],
  nose: Array.from({ length: 20 }, (_, i) => `variant${String(i + 1).padStart(2, '0')}`),
  body: Array.from({ length: 25 }, (_, i) => `variant${String(i + 1).padStart(2, '0')}`),
  glasses: Array.from({ length: 11 }, (_, i) => `variant${String(i + 1).padStart(2, '0')}`),
  beard: Array.from({ length: 12 }, (_, i) => `variant${String(i + 1).padStart(2, '0')}`),
  gesture: ['waveLongArm', 'okLongArm', 'hand', 'handPhone', 'ok', 'pointLongArm'],
  bodyIcon: ['electric', 'saturn', 'galaxy'],
};

const HEBREW_LETTER = /^[\u05D0-\u05EA]$/u;
const LATIN_LETTER = /^[A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u00FF\u0100-\u017F]$/u;

const fail = (message) => {
  console.error(`generate-personas: ${message}`);
  process.exit(1);
};

// ---------------------------------------------------------------- PRNG

function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function makeRandom(seed) {
  const next = mulberry32(seed);
  const random = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: (list) => list[Math.floor(next() * list.length)],
    weighted: (pairs) => {
      const total = pairs.reduce((sum, [, w]) => sum + w, 0);
      let r = next() * total;
      for (const [value, w] of pairs) {
        r -= w;
        if (r < 0) return value;
      }
      return pairs[pairs.length - 1][0];
    },
    shuffle: (list) => {
      const out = list.slice();
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [out[i], out[j]] = [out[j], out[i]];
      }
      return out;
    },
  };
  return random;
}

// A stable sub-seed per persona, so one persona's details don't shift another's.
function subSeed(index, salt) {
  let h = (SEED ^ Math.imul(index + 1, 0x9e3779b1) ^ Math.imul(salt, 0x85ebca6b)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d) >>> 0;
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

// ---------------------------------------------------------------- inputs

function parseArgs(argv) {
  const args = { outdir: null, count: DEFAULT_COUNT, places: null };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--count') args.count = Number(argv[++i]);
    else if (arg === '--places') args.places = argv[++i];
    else if (arg.startsWith('--')) fail(`unknown option ${arg}`);
    else if (!args.outdir) args.outdir = arg;
    else fail(`unexpected argument ${arg}`);
  }
  if (!args.outdir) {
    console.error(`usage: node scripts/generate-personas.mjs <outdir> [--count ${DEFAULT_COUNT}] [--places build/places.tsv]`);
    process.exit(2);
  }
  if (!Number.isInteger(args.count) || args.count < 1 || args.count > 9999) fail('--count must be 1 to 9999');
  args.places = args.places
    ? resolve(args.places)
    : fileURLToPath(new URL('../build/places.tsv', import.meta.url));
  return args;
}

function loadPlaces(path) {
  if (!existsSync(path)) {
    fail(`no place table at ${path}; create it with: node scripts/import-places.mjs build/places.tsv`);
  }
  const lines = readFileSync(path, 'utf8').split('\n').filter((line) => line.length > 0);
  const header = lines[0].split('\t');
  const col = (name) => {
    const i = header.indexOf(name);
    if (i < 0) fail(`${path} has no column ${name}`);
    return i;
  };
  const [iId, iName, iCountry, iPopulation, iLat, iLon] = ['id', 'name_en', 'country', 'population', 'lat', 'lon'].map(col);
  const ids = new Set();
  const byName = new Map(); // "name_en\tcountry" -> most populous row
  for (const line of lines.slice(1)) {
    const cells = line.split('\t');
    const row = {
      id: Number(cells[iId]),
      name: cells[iName],
      country: cells[iCountry],
      population: Number(cells[iPopulation]) || 0,
      lat: Number(cells[iLat]),
      lon: Number(cells[iLon]),
    };
    ids.add(row.id);
    const key = `${row.name}\t${row.country}`;
    const best = byName.get(key);
    if (!best || row.population > best.population || (row.population === best.population && row.id < best.id)) {
      byName.set(key, row);
    }
  }
  return { ids, byName };
}

function readJson(name) {
  return JSON.parse(readFileSync(fileURLToPath(new URL(`./personas/${name}`, import.meta.url)), 'utf8'));
}

// The regions with their cities resolved in the place table (the most populous place of that
// name in that country); a city listed as a plain string is in the region's country.
function loadRegions(places) {
  const { regions } = readJson('regions.json');
  let share = 0;
  for (const region of regions) {
    share += region.share;
    const mix = Object.entries(region.languages);
    if (mix.some(([code]) => !LANGUAGES.includes(code))) fail(`regions.json: ${region.id} has an unknown language`);
    if (Math.abs(mix.reduce((sum, [, s]) => sum + s, 0) - 1) > 1e-9) fail(`regions.json: ${region.id}'s languages do not add up to 1`);
    region.cities = region.cities.map((city) => {
      const { name_en: name, country } = typeof city === 'string' ? { name_en: city, country: region.country } : city;
      const row = places.byName.get(`${name}\t${country}`);
      if (!row) fail(`regions.json: no place named "${name}" in ${country} in the place table`);
      if (row.population <= 0) fail(`regions.json: ${name} has no population in the place table`);
      return row;
    });
  }
  if (Math.abs(share - 1) > 1e-9) fail('regions.json: the region shares do not add up to 1');
  return regions;
}

function loadLanguage(code, regions) {
  const data = readJson(`${code}.json`);
  if (!regions.some((region) => region.id === data.home)) fail(`${code}.json: unknown home region ${data.home}`);
  return data;
}

// Splits `total` in proportion to `weights` into whole numbers that add up to `total` (largest
// remainders; ties go to the earlier entry).
function apportion(total, weights) {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (total * w) / sum);
  const counts = exact.map(Math.floor);
  const order = exact.map((x, i) => [x - Math.floor(x), i]).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (let k = 0, left = total - counts.reduce((a, b) => a + b, 0); k < left; k++) counts[order[k][1]]++;
  return counts;
}

const frac = (x) => x - Math.floor(x);

// The age whose cumulative AGE_BUCKETS weight first exceeds u (0 <= u < 1); inside a bucket every
// year weighs the same.
function ageAtQuantile(u) {
  const years = AGE_BUCKETS.flatMap(([low, high, w]) => Array.from({ length: high - low + 1 }, (_, i) => [low + i, w / (high - low + 1)]));
  const total = years.reduce((sum, [, w]) => sum + w, 0);
  let r = u * total;
  for (const [age, w] of years) {
    r -= w;
    if (r < 0) return age;
  }
  return years[years.length - 1][0];
}

// One slot per persona: where it lives and its language, gender and age (see the header).
function placeSlots(count, regions) {
  const slots = [];
  apportion(count, regions.map((r) => r.share)).forEach((n, r) => {
    const region = regions[r];
    const perCity = apportion(n, region.cities.map((c) => c.population));
    const homes = region.cities
      .flatMap((city, i) => Array.from({ length: perCity[i] }, () => city))
      .sort((a, b) => b.lat - a.lat || a.lon - b.lon || a.id - b.id);
    const mix = Object.entries(region.languages);
    // Language and age are dealt per gender, so that the women (or the men) of any stretch have
    // the full mix, whatever the gender pattern.
    const dealt = { 1: 0, 2: 0 };
    homes.forEach((city, k) => {
      const female = Math.floor((k + 1) * FEMALE_SHARE + 0.5) - Math.floor(k * FEMALE_SHARE + 0.5) === 1;
      const gender = female ? 2 : 1;
      const j = dealt[gender]++;
      let u = frac(0.5 + j * LANGUAGE_STEP);
      const language = (mix.find(([, share]) => (u -= share) < 0) ?? mix[mix.length - 1])[0];
      const age = ageAtQuantile(frac(0.25 + j * AGE_STEP));
      slots.push({ region: region.id, city, language, gender, age });
    });
  });
  return slots;
}

async function loadDiceBear() {
  const require = createRequire(new URL('../web/package.json', import.meta.url));
  const load = async (name) => {
    const path = require.resolve(name);
    // The packages export only their entry point, so find package.json by walking up.
    let dir = dirname(path);
    while (!existsSync(join(dir, 'package.json')) || JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).name !== name) {
      if (dirname(dir) === dir) fail(`cannot find the package.json of ${name}`);
      dir = dirname(dir);
    }
    const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    return { module: await import(pathToFileURL(path).href), version };
  };
  const core = await load('@dicebear/core');
  const lorelei = await load('@dicebear/lorelei');
  const notionists = await load('@dicebear/notionists');
  return {
    createAvatar: core.module.createAvatar,
    styles: { lorelei: lorelei.module, notionists: notionists.module },
    versions: { core: core.version, lorelei: lorelei.version, notionists: notionists.version },
  };
}

// ---------------------------------------------------------------- dates

const utcDays = (y, m, d) => Math.floor(Date.UTC(y, m - 1, d) / 86400000);
function formatDays(days) {
  const date = new Date(days * 86400000);
  const pad = (n) => String(n).padStart(2, '0');
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}
function ageOn(birth, today) {
  const [y, m, d] = birth.split('-').map(Number);
  let age = today.year - y;
  if (today.month < m || (today.month === m && today.day < d)) age--;
  return age;
}
// A birth date on which the persona is exactly `age` years old on TODAY.
function birthDateForAge(age, random) {
  const first = utcDays(TODAY.year - age - 1, TODAY.month, TODAY.day) + 1;
  const last = utcDays(TODAY.year - age, TODAY.month, TODAY.day);
  return formatDays(random.int(first, last));
}

// ---------------------------------------------------------------- text

function checkName(name, language) {
  const chars = [...name];
  if (chars.length < 1 || chars.length > NAME_MAX) return false;
  if (name !== name.trim() || name.includes('  ')) return false;
  return chars.every((c) => c === ' ' || (language === 'he' ? HEBREW_LETTER : LATIN_LETTER).test(c));
}

function fragmentText(fragment, gender) {
  if (typeof fragment === 'string') return fragment;
  if (fragment.text) return fragment.text;
  return gender === 1 ? fragment.m : fragment.f;
}

function fillWords(text, words, where) {
  return text.replace(/\{(\w+)\}/g, (_, key) => {
    if (!(key in words)) fail(`${where}: no word for {${key}}`);
    return words[key];
  });
}

// Picks names without repeating one inside a language until its lists run out.
class NamePicker {
  constructor(data, random) {
    this.data = data;
    this.random = random;
    this.queues = new Map();
    this.used = new Set();
  }
  take(listName) {
    let queue = this.queues.get(listName);
    if (!queue || queue.length === 0) {
      queue = this.random.shuffle(this.data.names[listName]);
      this.queues.set(listName, queue);
    }
    for (let i = 0; i < queue.length; i++) {
      if (!this.used.has(queue[i])) return queue.splice(i, 1)[0];
    }
    return queue.shift(); // every name in this list is taken once already
  }
  pick(gender, age) {
    const g = gender === 1 ? 'm' : 'f';
    const olderShare = age >= 45 ? 0.75 : age >= 38 ? 0.4 : age >= 33 ? 0.1 : 0;
    const list = this.random.chance(olderShare) ? `${g}_older` : g;
    const name = this.take(list);
    this.used.add(name);
    return name;
  }
}

// Pairs an intro with a seek sentence: least-used intros first, never the same pair twice.
class BioPicker {
  constructor(data) {
    this.data = data;
    this.introUses = new Array(data.intros.length).fill(0);
    this.seekUses = new Array(data.seeks.length).fill(0);
    this.pairs = new Set();
  }
  pick(persona, random) {
    const fits = (fragment) =>
      (fragment.min === undefined || persona.age >= fragment.min) &&
      (fragment.max === undefined || persona.age <= fragment.max) &&
      (fragment.where === undefined ||
        fragment.where === (persona.region === this.data.home ? 'home' : persona.region));
    const intros = this.data.intros.map((f, i) => i).filter((i) => fits(this.data.intros[i]));
    const seeks = this.data.seeks
      .map((f, i) => i)
      .filter((i) => fits(this.data.seeks[i]) && this.data.seeks[i].answers.includes(persona.answer));
    if (seeks.length === 0) fail(`${this.data.language}: no seek sentence for answer ${persona.answer}`);
    const byUse = (ids, uses) => {
      const shuffled = random.shuffle(ids);
      return shuffled.sort((a, b) => uses[a] - uses[b]);
    };
    const words = this.data.partner_words[String(persona.s_gender)];
    for (const i of byUse(intros, this.introUses)) {
      for (const j of byUse(seeks, this.seekUses)) {
        if (this.pairs.has(`${i}:${j}`)) continue;
        const where = `${this.data.language}.json`;
        const intro = fillWords(fragmentText(this.data.intros[i], persona.gender), words, where);
        const seek = fillWords(fragmentText(this.data.seeks[j], persona.gender), words, where);
        const bio = `${intro} ${seek}`;
        if ([...bio].length > BIO_MAX) continue;
        this.pairs.add(`${i}:${j}`);
        this.introUses[i]++;
        this.seekUses[j]++;
        return bio;
      }
    }
    return fail(`${this.data.language}: ran out of distinct bios`);
  }
}

// ---------------------------------------------------------------- pictures

function avatarLook(style, persona, random) {
  const g = persona.gender;
  const palette = random.pick(BACKGROUNDS);
  if (style === 'lorelei') {
    const grey = persona.age >= 50 && random.chance(0.35);
    const hairColor = grey ? random.pick(LORELEI.greyHair) : random.weighted(LORELEI.hairColor);
    const lightHair = grey || ['b58143', 'd6b370', 'e8c993'].includes(hairColor);
    return {
      style,
      palette,
      hair: random.pick(LORELEI.hair[g]),
      hairColor,
      browColor: lightHair ? '7a5a40' : hairColor,
      skinColor: random.weighted(LORELEI.skinColor),
      head: random.pick(LORELEI.head),
      nose: random.pick(LORELEI.nose),
      eyebrows: random.pick(LORELEI.eyebrows),
      eyes: random.shuffle(LORELEI.eyes).slice(0, 2),
      glasses: random.chance(0.14) ? random.pick(LORELEI.glasses) : null,
      earrings: g === 2 && random.chance(0.35) ? random.pick(LORELEI.earrings) : null,
      earringsColor: random.pick(LORELEI.earringsColor),
      freckles: random.chance(0.15),
      beard: g === 1 && random.chance(0.12) ? random.pick(LORELEI.beard) : null, // full beards only
      flowers: g === 2 && random.chance(0.2),
    };
  }
  return {
    style,
    palette,
    hair: random.pick(NOTIONISTS.hair[g]),
    nose: random.pick(NOTIONISTS.nose),
    brows: random.pick(NOTIONISTS.brows),
    eyes: [random.pick(NOTIONISTS.openEyes), random.pick(NOTIONISTS.eyes)],
    glasses: random.chance(0.2) ? random.pick(NOTIONISTS.glasses) : null,
    beard: g === 1 && random.chance(0.35) ? random.pick(NOTIONISTS.beard) : null,
    bodies: random.shuffle(NOTIONISTS.body),
  };
}

// Options for picture n (1-based): the identity stays, expression, framing, clothes and the
// light on the background change, as in different photos of one person.
function avatarOptions(look, key, n, random) {
  const [main, tint] = look.palette;
  const gradient = n > 1 && random.chance(0.7);
  const angle = random.pick([0, 45, 90, 135, 180, 225, 270, 315]);
  const common = {
    seed: `${key}-${n}`,
    size: IMAGE_SIZE,
    flip: random.chance(0.4),
    scale: random.pick([96, 100, 100, 104]),
    translateX: random.int(-3, 3),
    translateY: random.int(-2, 2),
    backgroundColor: gradient ? [main, tint] : [main],
    backgroundType: [gradient ? 'gradientLinear' : 'solid'],
    backgroundRotation: [angle, angle],
  };
  const eyes = [n === 1 || random.chance(0.7) ? look.eyes[0] : look.eyes[1]];
  if (look.style === 'lorelei') {
    return {
      ...common,
      hair: [look.hair],
      hairColor: [look.hairColor],
      skinColor: [look.skinColor],
      head: [look.head],
      nose: [look.nose],
      eyebrows: [look.eyebrows],
      eyebrowsColor: [look.browColor],
      eyes,
      mouth: [n === 1 ? LORELEI.mouth[random.int(0, 3)] : random.pick(LORELEI.mouth)],
      glasses: [look.glasses ?? 'variant01'],
      glassesProbability: look.glasses && (n === 1 || random.chance(0.75)) ? 100 : 0,
      earrings: [look.earrings ?? 'variant01'],
      earringsColor: [look.earringsColor],
      earringsProbability: look.earrings ? 100 : 0,
      freckles: ['variant01'],
      frecklesColor: ['b7826a'],
      frecklesProbability: look.freckles ? 100 : 0,
      beard: [look.beard ?? 'variant01'],
      beardProbability: look.beard ? 100 : 0,
      hairAccessories: ['flowers'],
      hairAccessoriesColor: ['ffffff'],
      hairAccessoriesProbability: look.flowers && n === 2 ? 100 : 0,
    };
  }
  return {
    ...common,
    hair: [look.hair],
    nose: [look.nose],
    brows: [look.brows],
    eyes,
    lips: [random.pick(NOTIONISTS.lips)],
    body: [look.bodies[n - 1]],
    glasses: [look.glasses ?? 'variant01'],
    glassesProbability: look.glasses && (n === 1 || random.chance(0.75)) ? 100 : 0,
    beard: [look.beard ?? 'variant01'],
    beardProbability: look.beard ? 100 : 0,
    gesture: [random.pick(NOTIONISTS.gesture)],
    gestureProbability: n > 1 && random.chance(0.3) ? 100 : 0,
    bodyIcon: [random.pick(NOTIONISTS.bodyIcon)],
    bodyIconProbability: random.chance(0.15) ? 100 : 0,
  };
}

// ---------------------------------------------------------------- main

async function main() {
  const started = process.hrtime.bigint();
  const args = parseArgs(process.argv.slice(2));
  const places = loadPlaces(args.places);
  const regions = loadRegions(places);
  const languages = Object.fromEntries(LANGUAGES.map((code) => [code, loadLanguage(code, regions)]));
  const dicebear = await loadDiceBear();
  const global = makeRandom(SEED);

  // Shuffled, so that keys (and so ids, and Discover's newest-first order) mix places and languages.
  const order = global.shuffle(placeSlots(args.count, regions));
  // Like-back behaviour in three equal groups: always and at once, often after a while, rarely.
  const likeGroups = global.shuffle(Array.from({ length: args.count }, (_, i) => i % 3));

  const namePickers = Object.fromEntries(Object.entries(languages).map(([code, data]) => [code, new NamePicker(data, makeRandom(subSeed(0, code.charCodeAt(0) * 256 + code.charCodeAt(1))))]));
  const bioPickers = Object.fromEntries(Object.entries(languages).map(([code, data]) => [code, new BioPicker(data)]));
  const width = Math.max(3, String(args.count).length);

  const personas = [];
  const images = [];
  for (let i = 0; i < args.count; i++) {
    const random = makeRandom(subSeed(i, 1));
    const { region, city, language, gender, age } = order[i];
    const key = `p${String(i + 1).padStart(width, '0')}`;
    const birthDate = birthDateForAge(age, random);
    const sGender = random.chance(SAME_GENDER_SHARE) ? gender : 3 - gender;
    const answer = random.weighted(ANSWER_WEIGHTS);

    // Women mostly look a little older, men a little younger; sometimes rounded to fives.
    let minAge = gender === 2 ? age - random.int(2, 6) : age - random.int(5, 12);
    let maxAge = gender === 2 ? age + random.int(5, 12) : age + random.int(2, 6);
    if (random.chance(0.5)) {
      minAge = Math.floor(minAge / 5) * 5;
      maxAge = Math.ceil(maxAge / 5) * 5;
    }
    minAge = Math.max(MIN_AGE, minAge);
    maxAge = Math.min(100, Math.max(maxAge, minAge + 4));

    let likesBack;
    let delay;
    if (likeGroups[i] === 0) {
      likesBack = 100;
      delay = 0;
    } else if (likeGroups[i] === 1) {
      likesBack = random.int(12, 18) * 5; // 60-90
      delay = random.int(5, 120);
    } else {
      likesBack = random.int(0, 6) * 5; // 0-30
      delay = random.int(60, 600);
    }

    const persona = {
      key,
      name: namePickers[language].pick(gender, age),
      gender,
      birth_date: birthDate,
      language,
      place_id: city.id,
      bio: '',
      answer,
      s_gender: sGender,
      s_age: `${minAge},${maxAge}`,
      likes_back_percent: likesBack,
      like_back_delay_s: delay,
      photos: [],
    };
    persona.bio = bioPickers[language].pick({ ...persona, age, region }, random);

    const style = random.chance(0.5) ? 'lorelei' : 'notionists';
    const look = avatarLook(style, { gender, age }, random);
    const photoCount = random.weighted(PHOTO_COUNT_WEIGHTS);
    for (let n = 1; n <= photoCount; n++) {
      const file = `${key}-${n}.svg`;
      const svg = dicebear.createAvatar(dicebear.styles[style], avatarOptions(look, key, n, random)).toString();
      images.push({ file, svg, style });
      persona.photos.push(file);
    }

    // The server's own rules (server/src/domain/validation.cpp); fail loudly, never ship bad data.
    if (!checkName(persona.name, language)) fail(`${key}: name "${persona.name}" breaks the name rule for ${language}`);
    if (ageOn(birthDate, TODAY) !== age || age < MIN_AGE || age > MAX_AGE) fail(`${key}: bad birth date ${birthDate}`);
    if (!places.ids.has(persona.place_id)) fail(`${key}: unknown place ${persona.place_id}`);
    if (/[<>]/.test(persona.bio) || [...persona.bio].length > BIO_MAX) fail(`${key}: bad bio`);
    personas.push({ ...persona, style, age, region, city: city.name }); // extras only for the summary
  }

  // Write: personas.json and images/, replacing earlier pictures from this script.
  const outdir = resolve(args.outdir);
  const imageDir = join(outdir, 'images');
  mkdirSync(imageDir, { recursive: true });
  for (const file of readdirSync(imageDir)) {
    if (/^p\d+-\d+\.svg$/.test(file)) rmSync(join(imageDir, file));
  }
  for (const { file, svg } of images) writeFileSync(join(imageDir, file), svg);
  const output = personas.map(({ style, age, region, city, ...rest }) => rest);
  writeFileSync(join(outdir, 'personas.json'), `${JSON.stringify(output, null, 2)}\n`);

  printSummary(personas, images, dicebear.versions, outdir, started);
}

function printSummary(personas, images, versions, outdir, started) {
  const count = (items, keyOf) => {
    const map = new Map();
    for (const item of items) map.set(keyOf(item), (map.get(keyOf(item)) ?? 0) + 1);
    return [...map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => `${k} ${v}`).join(', ');
  };
  const bucket = (age) => AGE_BUCKETS.map(([a, b]) => [a, b]).find(([a, b]) => age >= a && age <= b).join('-');
  const likeGroup = (p) => (p.likes_back_percent === 100 && p.like_back_delay_s === 0 ? 'always' : p.likes_back_percent >= 60 ? 'often' : 'rarely');
  const bytes = images.reduce((sum, image) => sum + Buffer.byteLength(image.svg), 0);
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const lines = [
    `wrote ${personas.length} personas and ${images.length} pictures to ${outdir} in ${ms.toFixed(0)} ms`,
    `  dicebear core ${versions.core}, lorelei ${versions.lorelei}, notionists ${versions.notionists}`,
    `  language:   ${count(personas, (p) => p.language)}`,
    `  gender:     ${count(personas, (p) => (p.gender === 1 ? 'male' : 'female'))}`,
    `  by lang:    ${count(personas, (p) => `${p.language}/${p.gender === 1 ? 'm' : 'f'}`)}`,
    `  seeking:    ${count(personas, (p) => (p.s_gender === p.gender ? 'same gender' : 'other gender'))}`,
    `  age:        ${count(personas, (p) => bucket(p.age))} (min ${Math.min(...personas.map((p) => p.age))}, max ${Math.max(...personas.map((p) => p.age))})`,
    `  answer:     ${count(personas, (p) => p.answer)}`,
    `  likes back: ${count(personas, likeGroup)}`,
    `  photos:     ${count(personas, (p) => `${p.photos.length} photo${p.photos.length > 1 ? 's' : ''}`)}; style ${count(personas, (p) => p.style)}`,
    `  images:     ${(bytes / 1024).toFixed(0)} KiB in all, ${(bytes / images.length / 1024).toFixed(1)} KiB on average, largest ${(Math.max(...images.map((i) => Buffer.byteLength(i.svg))) / 1024).toFixed(1)} KiB`,
    `  names:      ${new Set(personas.map((p) => `${p.language}:${p.name}`)).size} distinct of ${personas.length}`,
    `  region:     ${count(personas, (p) => `${p.region}/${p.language}`)}`,
    `  cities:     ${new Set(personas.map((p) => p.place_id)).size}; ${count(personas, (p) => p.city)}`,
  ];
  console.log(lines.join('\n'));
}

await main();
