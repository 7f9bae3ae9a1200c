#!/usr/bin/env node
// make bench-web (docs/performance.md, "First load"): Lighthouse 12 (mobile, its default simulated
// slow-4G and 4x CPU throttling) with Debian's Chromium against the real kesher, serving web/dist.
// It starts kesher on a free port with a temporary data folder and the demo personas, runs
// Lighthouse as a guest on / and /register, registers a member over HTTP and runs it signed in on
// /explore, each in Hebrew (the default) and English, chosen by the app's language cookie. The
// member's first visit (the welcome-credits dialog) is the first Hebrew /explore run. It prints
// the scores and timings, writes a JSON report and replaces the marked table in
// docs/performance.md. It builds nothing: the Makefile target depends on server, web, places and
// personas.
//
// Usage: node web/bench/run-lighthouse.mjs [--runs N] [--languages he,en] [--out FILE] [--no-docs]
//   [--lhr DIR]
// Environment: KESHER_BIN, KESHER_PLACES, KESHER_PERSONAS, KESHER_WEB (the built client, default
// web/dist), CHROME_PATH (default /usr/bin/chromium).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = resolve(import.meta.dirname, '..', '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 && at + 1 < args.length ? args[at + 1] : fallback;
};
const runs = Math.max(1, Number(option('--runs', '1')));
const reportFile = resolve(option('--out', join(root, 'build', 'bench-web.json')));
const updateDocs = !args.includes('--no-docs');
// The pages are drawn per language, and a Hebrew page needs other fonts than an English one.
const languages = option('--languages', 'he,en').split(',');
// --lhr DIR keeps each run's full Lighthouse result there, for looking into an audit.
const lhrDir = option('--lhr', null);
const bin = process.env.KESHER_BIN ?? join(root, 'build/server/kesher');
const places = process.env.KESHER_PLACES ?? join(root, 'build/places.tsv');
const personas = process.env.KESHER_PERSONAS ?? join(root, 'build/personas');
const web = process.env.KESHER_WEB ?? join(root, 'web/dist');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const DOCS = join(root, 'docs', 'performance.md');
const BEGIN = '<!-- bench-web:begin -->';
const END = '<!-- bench-web:end -->';

/** Starts kesher on a free port; resolves with its base URL and a stop function. */
async function startServer() {
  const dataDir = mkdtempSync(join(tmpdir(), 'kesher-bench-web-'));
  const child = spawn(
    bin,
    [
      '--port',
      '0',
      '--host',
      '127.0.0.1',
      '--data',
      dataDir,
      '--web',
      web,
      '--places',
      places,
      '--log-level',
      'warn',
      '--seed-demo',
      personas,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const port = await new Promise((resolvePort, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error('kesher did not start in 30 s')), 30_000);
    child.on('exit', (code) => reject(new Error(`kesher exited with ${code}`)));
    child.stdout.on('data', (chunk) => {
      seen += chunk.toString();
      const match = /listening on [^:]+:(\d+)/.exec(seen);
      if (match) {
        clearTimeout(timer);
        resolvePort(Number(match[1]));
      }
    });
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((done) => child.once('exit', done));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { base: `http://127.0.0.1:${port}`, stop };
}

/** Registers a member in Tel Aviv (where the demo personas live) and returns the Cookie header. */
async function registerMember(base) {
  const response = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify({
      email: `bench-${Date.now().toString(36)}@example.com`,
      password: 'correct horse 42',
      name: 'נועה',
      gender: 2,
      s_gender: 1,
      s_age: '25,40',
      birth_year: 1994,
      birth_month: 5,
      birth_day: 17,
      place_id: 293397,
      answer: 3,
      language: 'he',
    }),
  });
  if (response.status !== 201)
    throw new Error(`register answered ${response.status}: ${await response.text()}`);
  const cookies = response.headers.getSetCookie().map((c) => c.split(';')[0]);
  if (cookies.length === 0) throw new Error('register set no cookie');
  return cookies.join('; ');
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** The figures of one Lighthouse result. */
function figures(lhr) {
  const audits = lhr.audits;
  const items = audits['network-requests']?.details?.items ?? [];
  const initialJs = items
    .filter((item) => item.resourceType === 'Script')
    .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  return {
    performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
    bestPractices: Math.round((lhr.categories['best-practices'].score ?? 0) * 100),
    fcpMs: audits['first-contentful-paint'].numericValue,
    lcpMs: audits['largest-contentful-paint'].numericValue,
    tbtMs: audits['total-blocking-time'].numericValue,
    cls: audits['cumulative-layout-shift'].numericValue,
    transferBytes: audits['total-byte-weight'].numericValue,
    jsBytes: initialJs,
    failing: Object.values(lhr.categories)
      .filter((c) => c.id !== 'performance')
      .flatMap((c) => c.auditRefs)
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id),
  };
}

async function audit(chrome, url, language, cookie) {
  const result = await lighthouse(
    url,
    {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      // The language cookie is what the server reads first to choose the page's language.
      extraHeaders: { Cookie: [`language=${language}`, cookie].filter(Boolean).join('; ') },
    },
    // The default config is mobile with simulated throttling (formFactor 'mobile').
    undefined,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
  if (lhrDir) {
    mkdirSync(lhrDir, { recursive: true });
    const name = `${new URL(url).pathname.replace(/\W+/g, '_') || 'root'}-${language}-${Date.now()}.json`;
    writeFileSync(join(lhrDir, name), JSON.stringify(result.lhr));
  }
  return figures(result.lhr);
}

function summarize(samples) {
  const keys = ['performance', 'accessibility', 'bestPractices', 'fcpMs', 'lcpMs', 'tbtMs', 'cls'];
  const out = {};
  for (const key of keys) out[key] = median(samples.map((s) => s[key]));
  out.transferBytes = median(samples.map((s) => s.transferBytes));
  out.jsBytes = median(samples.map((s) => s.jsBytes));
  out.failing = [...new Set(samples.flatMap((s) => s.failing))];
  return out;
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const sec = (ms) => `${(ms / 1000).toFixed(2)} s`;

function table(pages) {
  const lines = [
    '| page | language | visitor | performance | accessibility | best practices | FCP | LCP | TBT | CLS | transferred | JS transferred |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const p of pages) {
    const s = p.summary;
    lines.push(
      `| \`${p.path}\` | ${p.language} | ${p.visitor} | ${s.performance} | ${s.accessibility} | ${s.bestPractices} | ${sec(s.fcpMs)} | ${sec(s.lcpMs)} | ${Math.round(s.tbtMs)} ms | ${s.cls.toFixed(3)} | ${kib(s.transferBytes)} | ${kib(s.jsBytes)} |`,
    );
  }
  return lines.join('\n');
}

const { base, stop } = await startServer();
let chrome;
try {
  const cookie = await registerMember(base);
  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const plan = languages.flatMap((language) => [
    { path: '/', language, visitor: 'guest' },
    { path: '/register', language, visitor: 'guest' },
    { path: '/explore', language, visitor: 'member', cookie },
  ]);
  const pages = [];
  for (const page of plan) {
    const samples = [];
    for (let i = 0; i < runs; i += 1) {
      samples.push(await audit(chrome, `${base}${page.path}`, page.language, page.cookie));
      const s = samples.at(-1);
      console.log(
        `${page.path} ${page.language} (${page.visitor}) run ${i + 1}/${runs}: performance ${s.performance}, accessibility ${s.accessibility}, best practices ${s.bestPractices}, FCP ${sec(s.fcpMs)}, LCP ${sec(s.lcpMs)}, TBT ${Math.round(s.tbtMs)} ms, CLS ${s.cls.toFixed(3)}, ${kib(s.transferBytes)} transferred, ${kib(s.jsBytes)} JS`,
      );
    }
    pages.push({ ...page, cookie: undefined, samples, summary: summarize(samples) });
  }
  const when = new Date().toISOString();
  const report = { when, lighthouse: '12.2.3', chromePath, runs, pages };
  writeFileSync(reportFile, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nMedian of ${runs} run(s) per page (${when}):\n${table(pages)}`);
  for (const p of pages)
    if (p.summary.failing.length > 0)
      console.log(
        `${p.path} ${p.language}: failing accessibility/best-practice audits: ${p.summary.failing.join(', ')}`,
      );
  console.log(`Report: ${relative(process.cwd(), reportFile)}`);
  if (updateDocs) {
    const docs = readFileSync(DOCS, 'utf8');
    const begin = docs.indexOf(BEGIN);
    const end = docs.indexOf(END);
    if (begin < 0 || end < begin) {
      console.log(`docs/performance.md has no ${BEGIN} … ${END} markers; not updated`);
    } else {
      const body = `${BEGIN}\nMeasured ${when.slice(0, 16).replace('T', ' ')} UTC, median of ${runs} run(s) per page (\`make bench-web\`):\n\n${table(pages)}\n`;
      writeFileSync(DOCS, docs.slice(0, begin) + body + docs.slice(end));
      console.log('docs/performance.md updated');
    }
  }
} finally {
  if (chrome) await chrome.kill();
  await stop();
}
