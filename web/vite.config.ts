/// <reference types="vitest/config" />
import { defineConfig } from 'vite';

// The dev server proxies the API and the socket to a locally running kesher (make run).
const backend = process.env.KESHER_BACKEND ?? 'http://localhost:8080';

export default defineConfig({
  oxc: { jsx: { runtime: 'automatic' } },
  server: {
    proxy: {
      '/api': backend,
      '/ws': { target: backend.replace(/^http/, 'ws'), ws: true },
      '/healthz': backend,
    },
  },
  build: { target: 'es2022', sourcemap: false, assetsInlineLimit: 0 },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['src/test-setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
