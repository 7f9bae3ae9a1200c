// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Rollup } from 'vite';
import { reachable, skipLoadedPreloads } from './preloads';

type Bundle = Rollup.OutputBundle;

const chunk = (fileName: string, imports: string[], dynamicImports: string[] = [], name = '') =>
  ({ type: 'chunk', fileName, name, isEntry: name !== '', imports, dynamicImports }) as const;

// main statically loads react and store; it lazily loads Page, which needs store, react and
// modal. The console loads react and lazily Shared, which needs modal.
const BUNDLE = Object.fromEntries(
  [
    chunk('main.js', ['react.js', 'store.js'], ['Page.js'], 'main'),
    chunk('console.js', ['react.js'], ['Shared.js'], 'console'),
    chunk('react.js', []),
    chunk('store.js', ['react.js']),
    chunk('modal.js', ['react.js']),
    chunk('Page.js', ['store.js', 'modal.js', 'react.js']),
    chunk('Shared.js', ['modal.js', 'react.js']),
  ].map((file) => [file.fileName, file]),
) as unknown as Bundle;

describe('preloads', () => {
  it('follows static imports, and lazy ones when asked', () => {
    expect([...reachable(BUNDLE, 'main', false)].sort()).toEqual([
      'main.js',
      'react.js',
      'store.js',
    ]);
    expect(reachable(BUNDLE, 'main', true)).toContain('modal.js');
  });

  it("leaves the entry's files out of the members' lazy chunks' lists, not the console's", () => {
    const { plugin, resolveDependencies } = skipLoadedPreloads('main', ['console']);
    const generate = plugin.generateBundle as { handler: (o: unknown, b: Bundle) => void };
    generate.handler({}, BUNDLE);
    expect(
      resolveDependencies('Page.js', ['store.js', 'modal.js', 'react.js'], {
        hostId: 'main.js',
        hostType: 'js',
      }),
    ).toEqual(['modal.js']);
    expect(
      resolveDependencies('Shared.js', ['modal.js', 'react.js'], {
        hostId: 'console.js',
        hostType: 'js',
      }),
    ).toEqual(['modal.js', 'react.js']);
    expect(
      resolveDependencies('Page.js', ['store.js'], { hostId: 'index.html', hostType: 'html' }),
    ).toEqual(['store.js']);
  });
});
