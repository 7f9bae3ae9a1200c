import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RealtimeClient, RealtimeError, type RealtimeOptions, type SessionEvent } from './client';
import { FakeSocket, TEST_USER } from './testing';

const USER = TEST_USER;
const VALID = { request_status: 1, data: { authenticated: 1, user: USER } };
const INVALID = { request_status: 0, error_code: 'invalid_session', data: { authenticated: 0 } };

let client: RealtimeClient;
let sessions: SessionEvent[];

function makeClient(options: Partial<RealtimeOptions> = {}) {
  client = new RealtimeClient({
    url: () => 'ws://test/ws',
    createSocket: (url) => new FakeSocket(url),
    ...options,
  });
  sessions = [];
  client.onSession((e) => sessions.push(e));
  return client;
}

function openAuthenticated(): FakeSocket {
  client.start();
  const socket = FakeSocket.latest();
  socket.serverOpen();
  socket.reply('session/validate', VALID);
  return socket;
}

function quiet(promise: Promise<unknown>) {
  // Requests the test does not await are rejected by stop() in afterEach.
  promise.catch(() => undefined);
}

async function settle() {
  // Lets promise callbacks (validation handling) run.
  await vi.advanceTimersByTimeAsync(0);
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.instances = [];
});
afterEach(() => {
  client.stop();
  vi.useRealTimers();
});

describe('connection', () => {
  it('connects to the given url and bootstraps in the spec order, each request with a rid', () => {
    makeClient().start();
    const socket = FakeSocket.latest();
    expect(socket.url).toBe('ws://test/ws');
    expect(client.getSnapshot().status).toBe('connecting');
    socket.serverOpen();
    expect(client.getSnapshot().status).toBe('open');
    expect(socket.modules()).toEqual(['configs', 'plugins', 'geodata', 'session/validate']);
    const frames = socket.frames();
    expect(frames[0]).toMatchObject({
      keys: ['site', 'genders', 'answers', 'credits', 'premium', 'prices'],
    });
    expect(frames[1]).toMatchObject({ plugins: ['terms'] });
    const rids = frames.map((f) => f.rid);
    expect(rids.every((r) => typeof r === 'string')).toBe(true);
    expect(new Set(rids).size).toBe(rids.length);
  });

  it('marks the socket authenticated after a successful validation', async () => {
    makeClient();
    const seen: boolean[] = [];
    client.subscribe(() => seen.push(client.getSnapshot().authenticated));
    openAuthenticated();
    await settle();
    expect(client.getSnapshot()).toEqual({
      status: 'open',
      authenticated: true,
      validated: true,
      online: true,
      interrupted: false,
    });
    expect(sessions).toEqual([{ type: 'authenticated', user: USER }]);
    expect(seen.at(-1)).toBe(true);
  });

  it('reconnects with backoff after the socket closes and validates again', async () => {
    makeClient();
    const first = openAuthenticated();
    await settle();
    first.serverClose();
    expect(client.getSnapshot()).toMatchObject({ status: 'connecting', authenticated: false });
    expect(FakeSocket.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(499);
    expect(FakeSocket.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    const second = FakeSocket.latest();
    expect(second).not.toBe(first);
    second.serverOpen();
    expect(second.modules()).toContain('session/validate');
  });

  it('resume() reopens a dead socket at once and leaves a live one alone', () => {
    makeClient();
    const socket = openAuthenticated();
    expect(client.resume()).toBe(false);
    socket.readyState = 2; // closing, close event not delivered yet
    expect(client.resume()).toBe(true);
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it('reconnect() replaces the socket and drops authentication until validated again', async () => {
    makeClient();
    const first = openAuthenticated();
    await settle();
    client.reconnect();
    expect(first.readyState).toBe(3);
    expect(FakeSocket.instances).toHaveLength(2);
    expect(client.getSnapshot().authenticated).toBe(false);
    // The old socket's late close must not schedule another connection.
    first.onclose?.(new CloseEvent('close'));
    await vi.advanceTimersByTimeAsync(5000);
    expect(FakeSocket.instances).toHaveLength(2);
  });
});

/** A network the test switches on and off, as the browser's online/offline events would. */
function fakeNetwork(initiallyOnline = true) {
  let online = initiallyOnline;
  const listeners = new Set<(online: boolean) => void>();
  return {
    online: () => online,
    subscribe: (listener: (online: boolean) => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    set(next: boolean) {
      online = next;
      for (const listener of [...listeners]) listener(next);
    },
  };
}

describe('the network going away', () => {
  it('offline gives the socket up at once: requests fail now, not after their timeout', async () => {
    const network = fakeNetwork();
    makeClient({ network });
    const socket = openAuthenticated();
    await settle();
    const reply = client.request('send_message', {
      client_id: 'c-1',
      receiver_id: 41,
      message_type: 'text',
      message_text: 'hi',
    });
    const outcome = reply.then(
      () => 'answered',
      (error: unknown) => (error instanceof RealtimeError ? error.reason : 'other'),
    );
    network.set(false);
    await settle();
    expect(await outcome).toBe('socket_closed');
    expect(socket.readyState).toBe(3);
    expect(client.getSnapshot()).toMatchObject({
      status: 'connecting',
      authenticated: false,
      online: false,
      interrupted: true,
    });
    // A late frame on the given-up socket changes nothing.
    socket.reply('send_message', { request_status: 1, data: {} });
    // No new socket while offline, until the longest backoff (in case the browser is wrong).
    await vi.advanceTimersByTimeAsync(4000);
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('back online it reconnects at once, and the interruption ends with the next validation', async () => {
    const network = fakeNetwork();
    makeClient({ network });
    openAuthenticated();
    await settle();
    network.set(false);
    network.set(true);
    expect(FakeSocket.instances).toHaveLength(2);
    expect(client.getSnapshot()).toMatchObject({ online: true, interrupted: true });
    const second = FakeSocket.latest();
    second.serverOpen();
    expect(client.getSnapshot().interrupted).toBe(true);
    second.reply('session/validate', VALID);
    await settle();
    expect(client.getSnapshot()).toMatchObject({ authenticated: true, interrupted: false });
    expect(sessions.map((e) => e.type)).toEqual(['authenticated', 'authenticated']);
  });

  it('a closed socket is an interruption too, until a new one validates', async () => {
    makeClient({ network: fakeNetwork() });
    const first = openAuthenticated();
    await settle();
    expect(client.getSnapshot().interrupted).toBe(false);
    first.serverClose();
    expect(client.getSnapshot().interrupted).toBe(true);
    await vi.advanceTimersByTimeAsync(500);
    const second = FakeSocket.latest();
    second.serverOpen();
    second.reply('session/validate', VALID);
    await settle();
    expect(client.getSnapshot().interrupted).toBe(false);
  });

  it('a socket that never opened is no interruption (the first load has its own loader)', () => {
    makeClient({ network: fakeNetwork() });
    client.start();
    FakeSocket.latest().serverClose();
    expect(client.getSnapshot().interrupted).toBe(false);
  });
});

describe('requests', () => {
  it('resolves with the reply matched by rid, also when request_status is 0', async () => {
    makeClient();
    const socket = openAuthenticated();
    await settle();
    const pending = client.request('user/update', { key: 'age', value: 40 });
    const frame = socket.lastFrame('user/update');
    expect(frame).toMatchObject({ module: 'user/update', key: 'age', value: 40 });
    // An unrelated frame of the same module without the rid does not settle it.
    socket.serverSend({ module: 'user/update', request_status: 1, data: { user: USER } });
    socket.serverSend({
      module: 'user/update',
      rid: frame.rid,
      request_status: 0,
      error_code: 'age_locked',
    });
    await expect(pending).resolves.toMatchObject({ request_status: 0, error_code: 'age_locked' });
  });

  it('delivers replies and events to on() handlers', async () => {
    makeClient();
    const socket = openAuthenticated();
    await settle();
    const totals = vi.fn();
    const claims = vi.fn();
    const off = client.on('totals', totals);
    client.on('claim_free_credits', claims);
    quiet(client.request('totals', {}));
    const data = {
      visitors: { total: 1 },
      mylikes: { total: 2 },
      fans: { total: 3 },
      matches: { total: 4 },
      fans_new: 0,
      visits_new: 1,
    };
    socket.reply('totals', { request_status: 1, data });
    socket.serverSend({
      module: 'claim_free_credits',
      request_status: 1,
      request_details: { claimed: true },
      claimed_credits: 200,
    });
    expect(totals).toHaveBeenCalledWith(expect.objectContaining({ module: 'totals', data }));
    expect(claims).toHaveBeenCalledWith(expect.objectContaining({ claimed_credits: 200 }));
    off();
    socket.serverSend({ module: 'totals', request_status: 1, data });
    expect(totals).toHaveBeenCalledTimes(1);
  });

  it('rejects after 10 s without a reply', async () => {
    makeClient();
    openAuthenticated();
    await settle();
    const pending = client.request('totals', {});
    const assertion = expect(pending).rejects.toMatchObject({ reason: 'timeout' });
    await vi.advanceTimersByTimeAsync(10_000);
    await assertion;
  });

  it('rejects requests in flight when the socket is lost', async () => {
    makeClient();
    const socket = openAuthenticated();
    await settle();
    const pending = client.request('totals', {});
    socket.serverClose();
    await expect(pending).rejects.toBeInstanceOf(RealtimeError);
    await expect(pending).rejects.toMatchObject({ reason: 'socket_closed' });
  });
});

describe('queue', () => {
  it('holds authenticated modules until validation, guest modules only until open', async () => {
    makeClient().start();
    const socket = FakeSocket.latest();
    quiet(client.request('totals', {}));
    quiet(client.request('languages', { currentLength: 0, recordsToTake: 20 }));
    expect(socket.sent).toEqual([]);
    socket.serverOpen();
    expect(socket.modules()).toContain('languages');
    expect(socket.modules()).not.toContain('totals');
    socket.reply('session/validate', VALID);
    await settle();
    expect(socket.modules().at(-1)).toBe('totals');
  });

  it('drops duplicates (same module and payload) and answers every caller', async () => {
    makeClient().start();
    const socket = FakeSocket.latest();
    const a = client.request('user/update', { key: 'bio', value: 'hi' });
    const b = client.request('user/update', { value: 'hi', key: 'bio' });
    quiet(client.request('user/update', { key: 'bio', value: 'other' }));
    socket.serverOpen();
    socket.reply('session/validate', VALID);
    await settle();
    const updates = socket.frames().filter((f) => f.module === 'user/update');
    expect(updates.map((f) => f.value)).toEqual(['hi', 'other']);
    socket.serverSend({
      module: 'user/update',
      rid: updates[0]?.rid,
      request_status: 1,
      data: { user: USER },
    });
    const [ra, rb] = await Promise.all([a, b]);
    expect(ra).toBe(rb);
  });

  it('sends urgent requests before normal ones, keeping order within each group', async () => {
    makeClient().start();
    const socket = FakeSocket.latest();
    quiet(client.request('user/update', { key: 'bio', value: 'a' }));
    quiet(client.request('user/update', { key: 'bio', value: 'b' }));
    quiet(client.request('user/update', { key: 'bio', value: 'c' }, { urgent: true }));
    quiet(client.request('user/update', { key: 'bio', value: 'd' }, { urgent: true }));
    socket.serverOpen();
    socket.reply('session/validate', VALID);
    await settle();
    const order = socket
      .frames()
      .filter((f) => f.module === 'user/update')
      .map((f) => f.value);
    expect(order).toEqual(['c', 'd', 'a', 'b']);
  });

  it('keeps queued requests across a reconnect', async () => {
    makeClient().start();
    FakeSocket.latest().serverClose();
    quiet(client.request('totals', {}));
    await vi.advanceTimersByTimeAsync(500);
    const socket = FakeSocket.latest();
    socket.serverOpen();
    socket.reply('session/validate', VALID);
    await settle();
    expect(socket.modules()).toContain('totals');
  });
});

describe('session validation', () => {
  function validateCount(socket: FakeSocket) {
    return socket.modules().filter((m) => m === 'session/validate').length;
  }

  it('retries after 500 ms and 1 s, then reports a lost session after 3 failures', async () => {
    makeClient({ believedLoggedIn: () => true }).start();
    const socket = FakeSocket.latest();
    socket.serverOpen();
    socket.reply('session/validate', INVALID);
    await settle();
    expect(validateCount(socket)).toBe(1);
    await vi.advanceTimersByTimeAsync(499);
    expect(validateCount(socket)).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(validateCount(socket)).toBe(2);
    socket.reply('session/validate', INVALID);
    await settle();
    await vi.advanceTimersByTimeAsync(999);
    expect(validateCount(socket)).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(validateCount(socket)).toBe(3);
    expect(client.getSnapshot().validated).toBe(false);
    socket.reply('session/validate', INVALID);
    await settle();
    expect(sessions).toEqual([{ type: 'lost' }]);
    expect(client.getSnapshot()).toMatchObject({ authenticated: false, validated: true });
    await vi.advanceTimersByTimeAsync(5000);
    expect(validateCount(socket)).toBe(3);
  });

  it('treats a visitor as a guest after one failure, without retrying', async () => {
    makeClient({ believedLoggedIn: () => false }).start();
    const socket = FakeSocket.latest();
    socket.serverOpen();
    socket.reply('session/validate', INVALID);
    await settle();
    expect(sessions).toEqual([{ type: 'guest' }]);
    expect(client.getSnapshot()).toMatchObject({ authenticated: false, validated: true });
    await vi.advanceTimersByTimeAsync(2000);
    expect(validateCount(socket)).toBe(1);
  });

  it('resets the retry count after a success', async () => {
    makeClient({ believedLoggedIn: () => true }).start();
    const socket = FakeSocket.latest();
    socket.serverOpen();
    socket.reply('session/validate', INVALID);
    await settle();
    await vi.advanceTimersByTimeAsync(500);
    socket.reply('session/validate', VALID);
    await settle();
    expect(sessions).toEqual([{ type: 'authenticated', user: USER }]);
    client.revalidate();
    socket.reply('session/validate', INVALID);
    await settle();
    // First failure again: the short delay, not the long one, and no logout.
    await vi.advanceTimersByTimeAsync(500);
    expect(validateCount(socket)).toBe(4);
    expect(sessions).toHaveLength(1);
  });

  it('counts a validation timeout as a failed attempt', async () => {
    makeClient({ believedLoggedIn: () => true }).start();
    const socket = FakeSocket.latest();
    socket.serverOpen();
    await vi.advanceTimersByTimeAsync(10_000);
    await vi.advanceTimersByTimeAsync(500);
    expect(validateCount(socket)).toBe(2);
  });
});

describe('ping', () => {
  it('sends {"module":"ping"} every 10 s while open and ignores the pong', async () => {
    makeClient();
    const socket = openAuthenticated();
    await settle();
    const pings = () => socket.sent.filter((s) => s === '{"module":"ping"}').length;
    await vi.advanceTimersByTimeAsync(9_999);
    expect(pings()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(pings()).toBe(1);
    socket.serverSend({ module: 'pong' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(pings()).toBe(2);
  });

  it('does not ping a socket that is not open', async () => {
    makeClient().start();
    const socket = FakeSocket.latest();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(socket.sent).toEqual([]);
  });
});
