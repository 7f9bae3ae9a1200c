// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { canSend, enqueue, findDuplicate, requestKey, takeSendable, type QueueItem } from './queue';

const item = (module: string, urgent = false, payload: object = {}): QueueItem => ({
  module,
  urgent,
  key: requestKey(module, payload),
});

describe('queue rules', () => {
  it('builds the same key whatever the payload key order', () => {
    expect(requestKey('m', { a: 1, b: [1, { d: 2, c: 3 }] })).toBe(
      requestKey('m', { b: [1, { c: 3, d: 2 }], a: 1 }),
    );
    expect(requestKey('m', { a: 1 })).not.toBe(requestKey('n', { a: 1 }));
    expect(requestKey('m', { a: 1 })).not.toBe(requestKey('m', { a: 2 }));
  });

  it('finds a queued duplicate', () => {
    const queue = [item('totals'), item('profile', false, { user_id: 3 })];
    expect(findDuplicate(queue, requestKey('profile', { user_id: 3 }))).toBe(queue[1]);
    expect(findDuplicate(queue, requestKey('profile', { user_id: 4 }))).toBeUndefined();
  });

  it('puts urgent items after earlier urgent ones and before normal ones', () => {
    let queue: QueueItem[] = [];
    for (const [name, urgent] of [
      ['a', false],
      ['u1', true],
      ['b', false],
      ['u2', true],
    ] as const) {
      queue = enqueue(queue, item(name, urgent));
    }
    expect(queue.map((q) => q.module)).toEqual(['u1', 'u2', 'a', 'b']);
  });

  it('lets guest modules out before authentication and everything after', () => {
    const queue = [item('totals'), item('configs'), item('session/validate'), item('meet')];
    expect(takeSendable(queue, false).send.map((q) => q.module)).toEqual([
      'configs',
      'session/validate',
    ]);
    expect(takeSendable(queue, false).keep.map((q) => q.module)).toEqual(['totals', 'meet']);
    expect(takeSendable(queue, true).send).toHaveLength(4);
  });

  it('sends nothing on a closed socket', () => {
    expect(canSend('configs', false, true)).toBe(false);
    expect(canSend('totals', true, false)).toBe(false);
    expect(canSend('totals', true, true)).toBe(true);
  });
});
