/// <reference types="vitest/config" />
import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';

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

export default defineConfig({
  oxc: { jsx: { runtime: 'automatic' } },
  plugins: [consolePages()],
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
    // Two bundles: the members' app and the staff console. Nothing of the console may reach the
    // members' graph (scripts/check-bundles).
    rollupOptions: {
      input: {
        main: resolve(import.meta.dirname, 'index.html'),
        console: resolve(import.meta.dirname, 'console.html'),
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['src/test-setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
