import { afterEach, describe, expect, it, vi } from 'vitest';
import { BLOB_KEPT_MS, downloadJson } from './download';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('downloadJson', () => {
  it('keeps the Blob long after the click, so a slow browser can still read it', () => {
    vi.useFakeTimers();
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export');
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });

    downloadJson('kesher-member-7-export.json', { profile: { id: 7 } });

    expect(clicked).toEqual(['kesher-member-7-export.json']);
    expect(document.querySelector('a[download]')).toBeNull();
    vi.advanceTimersByTime(5_000);
    expect(revoke).not.toHaveBeenCalled();
    vi.advanceTimersByTime(BLOB_KEPT_MS);
    expect(revoke).toHaveBeenCalledWith('blob:export');
  });
});
