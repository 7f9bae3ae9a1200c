/// <reference types="vitest/config" />
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { availableParallelism } from 'node:os';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { serviceWorker } from './build/serviceWorker.ts';
import { landingPages } from './build/landingPages';
import { skipLoadedPreloads } from './build/preloads';
import { SIGNUP_CREDITS } from './src/app/constants';

// The dev server proxies the API and the socket to a locally running kesher (make run).
const backend = process.env.KESHER_BACKEND ?? 'http://localhost:8080';
const socketBackend = backend.replace(/^http/, 'ws');

/** In development, /console and its client-side paths get console.html, as the server answers
 *  them in production (docs/protocol.md, "The staff console"). */
function consolePages(): Plugin {
  return {
    name: 'kesher-console-pages',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const path = req.url?.split('?')[0] ?? '';
        const isConsolePage =
          (path === '/console' || path.startsWith('/console/')) &&
          !/^\/console\/(api|ws|media)(\/|$)/.test(path);
        if (isConsolePage) req.url = '/console.html';
        next();
      });
    },
  };
}

// Text files of the build that get compressed siblings; images, fonts and sounds are compressed
// formats already, or (the few .wav) not worth a second copy.
const PRECOMPRESSED = /\.(?:html|m?js|css|svg|json|webmanifest|txt|xml)$/;
// Below this a compressed copy saves a few dozen bytes at most. console.html (under 1 KiB) is
// above it: an entry page is on every first load.
const PRECOMPRESS_MIN_BYTES = 256;
const brotliAsync = promisify(brotliCompress);
const preloads = skipLoadedPreloads('main', ['console']);
const gzipAsync = promisify(gzip);

/** Writes `<file>.br` (Brotli, quality 11) and `<file>.gz` (gzip -9) beside every text file of the
 *  build, each only when it is smaller, so that the server sends the best one the browser accepts
 *  as it is, with no compression work per request (server/src/net/static_files.hpp). */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'kesher-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      const files = entries
        .filter((entry) => entry.isFile() && PRECOMPRESSED.test(entry.name))
        .map((entry) => join(entry.parentPath, entry.name));
      await Promise.all(
        files.map(async (file) => {
          const raw = await readFile(file);
          if (raw.length < PRECOMPRESS_MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotliAsync(raw, {
              params: {
                [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
                [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length,
              },
            }),
            gzipAsync(raw, { level: zlib.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < raw.length) await writeFile(`${file}.br`, br);
          if (gz.length < raw.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

// React Router's package exports only its development build, which carries the warnings and
// checks meant for a developer; the members' first load gets its production build (about 1 KB
// less gzipped) in `vite build`.
const reactRouterProduction = resolve(
  import.meta.dirname,
  'node_modules/react-router/dist/production/index.mjs',
);

export default defineConfig(({ command }) => ({
  oxc: { jsx: { runtime: 'automatic' } },
  resolve: {
    alias:
      command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  plugins: [
    consolePages(),
    landingPages({ signupCredits: SIGNUP_CREDITS }),
    serviceWorker(),
    precompress(),
    preloads.plugin,
  ],
  server: {
    proxy: {
      '/api': backend,
      '/ws': { target: socketBackend, ws: true },
      '/healthz': backend,
      '/console/api': backend,
      '/console/ws': { target: socketBackend, ws: true },
      '/console/media': backend,
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    assetsInlineLimit: 0,
    modulePreload: { resolveDependencies: preloads.resolveDependencies },
    // Two bundles: the members' app and the staff console. Nothing of the console may reach the
    // members' graph (scripts/check-bundles).
    rollupOptions: {
      input: {
        main: resolve(import.meta.dirname, 'index.html'),
        console: resolve(import.meta.dirname, 'console.html'),
        // The pre-rendered pages' starter (build/landingPages.ts).
        afterPaint: resolve(import.meta.dirname, 'src/afterPaint.ts'),
      },
    },
  },
  test: {
    // Vitest's default leaves one core free, which on a 2-core CI machine runs the files one at a
    // time (183 s against 118 s with both).
    maxWorkers: availableParallelism(),
    environment: 'jsdom',
    globals: true,
    setupFiles: ['src/test-setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
  },
}));
