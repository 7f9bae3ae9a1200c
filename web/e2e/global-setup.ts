// Starts the real kesher binary on a free port with a temporary data folder, serving the built
// client (web/dist). Tests reach it through KESHER_BASE_URL.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..', '..');

export default async function globalSetup() {
  const dataDir = mkdtempSync(join(tmpdir(), 'kesher-e2e-'));
  const bin = process.env.KESHER_BIN ?? join(root, 'build/server/kesher');
  const places = process.env.KESHER_PLACES ?? join(root, 'build/places.tsv');
  // The demo personas (make personas): people to swipe, like and match with.
  const personas = process.env.KESHER_PERSONAS ?? join(root, 'build/personas');
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
      join(root, 'web/dist'),
      '--places',
      places,
      '--log-level',
      'warn',
      '--seed-demo',
      personas,
      // Every test signs up from 127.0.0.1; the per-address sign-up limit has server tests.
      '--register-limit-per-ip',
      '1000000',
      // The browsers keep both cores busy: under SCHED_IDLE (the default) sign-ups and uploads
      // would wait for time Chromium leaves over.
      '--background-priority',
      'nice',
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const port = await new Promise<number>((resolvePort, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error('kesher did not start in 20 s')), 20_000);
    child.on('exit', (code) => reject(new Error(`kesher exited with ${code}`)));
    child.stdout.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /listening on [^:]+:(\d+)/.exec(seen);
      if (match) {
        clearTimeout(timer);
        resolvePort(Number(match[1]));
      }
    });
  });
  process.env.KESHER_BASE_URL = `http://127.0.0.1:${port}`;
  process.env.KESHER_E2E_DATA = dataDir;
  return async () => {
    child.kill('SIGTERM');
    await new Promise((done) => child.once('exit', done));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
