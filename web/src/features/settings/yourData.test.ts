// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { exportReducer, type ExportState } from './yourData';

const idle: ExportState = { kind: 'idle' };
const link = '/api/account/export/12-abc.json?exp=9&sig=x';

describe('exportReducer', () => {
  it('runs from the request to the link', () => {
    let state = exportReducer(idle, { type: 'requested' });
    expect(state).toEqual({ kind: 'running', percent: 0 });
    state = exportReducer(state, { type: 'started', percent: 0 });
    state = exportReducer(state, { type: 'progress', percent: 40 });
    expect(state).toEqual({ kind: 'running', percent: 40 });
    state = exportReducer(state, { type: 'ready', link, expiresAt: 99 });
    expect(state).toEqual({ kind: 'ready', link, expiresAt: 99 });
  });

  it('never moves progress back, and keeps a link that came before the reply', () => {
    const running: ExportState = { kind: 'running', percent: 60 };
    expect(exportReducer(running, { type: 'progress', percent: 20 })).toEqual(running);
    expect(exportReducer(running, { type: 'started', percent: 10 })).toEqual(running);
    expect(exportReducer(idle, { type: 'progress', percent: 250 })).toEqual({
      kind: 'running',
      percent: 100,
    });
    const ready: ExportState = { kind: 'ready', link, expiresAt: 5 };
    expect(exportReducer(ready, { type: 'started', percent: 0 })).toBe(ready);
  });

  it('fails, and starts again from a failure', () => {
    const failed = exportReducer({ kind: 'running', percent: 30 }, { type: 'failed' });
    expect(failed).toEqual({ kind: 'failed' });
    expect(exportReducer(failed, { type: 'requested' })).toEqual({ kind: 'running', percent: 0 });
  });
});
