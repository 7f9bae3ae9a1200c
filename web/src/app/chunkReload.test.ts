import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_KEY } from './constants';
import { isChunkLoadError, reloadForChunkError, shouldReload } from './chunkReload';

describe('chunk reload guard', () => {
  afterEach(() => {
    sessionStorage.clear();
    vi.unstubAllGlobals();
  });

  it('recognises dynamic import failures of the major browsers', () => {
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /a.js')),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
  });

  it('allows one reload a minute', () => {
    expect(shouldReload(100_000, null)).toBe(true);
    expect(shouldReload(100_000, '60000')).toBe(false);
    expect(shouldReload(120_000, '60000')).toBe(true);
    expect(shouldReload(100_000, 'garbage')).toBe(true);
  });

  it('records the reload and refuses a second one within the minute', () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...location, reload });
    expect(reloadForChunkError(1_000_000)).toBe(true);
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBe('1000000');
    expect(reloadForChunkError(1_030_000)).toBe(false);
    expect(reloadForChunkError(1_060_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
