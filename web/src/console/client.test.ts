import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RealtimeError } from '../realtime/client';
import { ConsoleClient, MAX_FAILED_OPENS, SESSION_ENDED_CLOSE } from './client';
import { FakeSocket, consoleMessage, fakeNetwork, lock, queueItem, testClient } from './testing';

describe('ConsoleClient', () => {
  let client: ConsoleClient;

  beforeEach(() => {
    vi.useFakeTimers();
    client = testClient();
  });
  afterEach(() => {
    client.stop();
    vi.useRealTimers();
  });

  it('connects to the console socket and pings every 10 s while open', () => {
    client.start();
    const socket = FakeSocket.latest();
    expect(socket.url).toBe('ws://test/console/ws');
    socket.serverOpen();
    expect(socket.sent).toEqual([]);
    vi.advanceTimersByTime(10_000);
    expect(socket.modules()).toEqual(['ping']);
    vi.advanceTimersByTime(10_000);
    expect(socket.modules()).toEqual(['ping', 'ping']);
  });

  it('answers each request with the reply carrying its rid, out of order too', async () => {
    client.start();
    const socket = FakeSocket.latest();
    socket.serverOpen();
    const claim = client.request('console/claim', { member_id: 812, persona_id: 41 });
    const renew = client.request('console/renew', {});
    const [claimFrame, renewFrame] = socket.frames();
    expect(claimFrame).toMatchObject({ module: 'console/claim', member_id: 812, persona_id: 41 });
    expect(claimFrame?.rid).not.toEqual(renewFrame?.rid);

    socket.serverSend({
      module: 'console/renew',
      rid: renewFrame?.rid,
      request_status: 1,
      data: [lock()],
    });
    socket.serverSend({
      module: 'console/claim',
      rid: claimFrame?.rid,
      request_status: 0,
      error_code: 'locked',
      data: { lock: { staff_id: 9, email: 'eve@kesher.example', expires_at: 1 } },
    });
    await expect(renew).resolves.toEqual({
      module: 'console/renew',
      rid: renewFrame?.rid,
      request_status: 1,
      data: [lock()],
    });
    await expect(claim).resolves.toMatchObject({
      request_status: 0,
      error_code: 'locked',
      lock: { email: 'eve@kesher.example' },
    });
  });

  it('reads a refused text with the offending match', async () => {
    client.start();
    const socket = FakeSocket.latest();
    socket.serverOpen();
    const send = client.request('console/send', {
      member_id: 812,
      persona_id: 41,
      client_id: 'c-1',
      message_type: 'text',
      message_text: 'call 054-1234567',
    });
    socket.reply('console/send', {
      request_status: 0,
      error_code: 'contact_phone',
      data: { match: '054-1234567' },
    });
    await expect(send).resolves.toMatchObject({
      error_code: 'contact_phone',
      match: '054-1234567',
    });
  });

  it('turns a reply with malformed data into internal_error instead of passing it on', async () => {
    client.start();
    const socket = FakeSocket.latest();
    socket.serverOpen();
    const claim = client.request('console/claim', { member_id: 1, persona_id: 2 });
    socket.reply('console/claim', { request_status: 1, data: { member_id: 'x' } });
    await expect(claim).resolves.toMatchObject({ request_status: 0, error_code: 'internal_error' });
  });

  it('holds requests made before the socket opens and sends them on open', async () => {
    client.start();
    const me = client.request('console/me', {});
    const socket = FakeSocket.latest();
    expect(socket.sent).toEqual([]);
    socket.serverOpen();
    expect(socket.modules()).toEqual(['console/me']);
    socket.reply('console/me', {
      request_status: 1,
      data: {
        staff: { id: 3, email: 'ops@kesher.example', role: 'operator' },
        max_locks: 3,
        lease_seconds: 90,
        locks: [],
      },
    });
    await expect(me).resolves.toMatchObject({ request_status: 1, data: { max_locks: 3 } });
  });

  it('fails requests in flight when the socket drops, then reconnects with backoff', async () => {
    const opened = vi.fn();
    client.onOpen(opened);
    client.start();
    const first = FakeSocket.latest();
    first.serverOpen();
    expect(opened).toHaveBeenCalledTimes(1);
    const claim = client.request('console/claim', { member_id: 812, persona_id: 41 });
    first.serverClose();
    await expect(claim).rejects.toEqual(new RealtimeError('socket_closed', 'console/claim'));
    expect(client.getSnapshot()).toMatchObject({ status: 'connecting', interrupted: true });

    vi.advanceTimersByTime(99);
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    const second = FakeSocket.latest();
    expect(second).not.toBe(first);
    // A restarting server refuses a few sockets: that is no sign-out yet.
    second.serverClose();
    vi.advanceTimersByTime(200);
    const third = FakeSocket.latest();
    third.serverOpen();
    expect(opened).toHaveBeenCalledTimes(2);
    expect(client.getSnapshot()).toMatchObject({
      status: 'open',
      interrupted: false,
      signedOut: false,
    });
  });

  it('times a request out when no reply comes', async () => {
    client.start();
    FakeSocket.latest().serverOpen();
    const queue = client.request('console/queue', {});
    vi.advanceTimersByTime(5000);
    await expect(queue).rejects.toEqual(new RealtimeError('timeout', 'console/queue'));
  });

  it('signs out when the first socket is refused (a 401 upgrade)', () => {
    client.start();
    FakeSocket.latest().serverClose(1006);
    expect(client.getSnapshot()).toMatchObject({ status: 'closed', signedOut: true });
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it(`signs out after ${MAX_FAILED_OPENS} refused sockets in a row once it had worked`, () => {
    client.start();
    FakeSocket.latest().serverOpen();
    FakeSocket.latest().serverClose();
    for (let i = 0; i < MAX_FAILED_OPENS; i += 1) {
      expect(client.getSnapshot().signedOut).toBe(false);
      vi.advanceTimersByTime(1000);
      FakeSocket.latest().serverClose(1006);
    }
    expect(client.getSnapshot()).toMatchObject({ status: 'closed', signedOut: true });
  });

  it('signs out when the server ends the session (4001) and can start again after a login', () => {
    client.start();
    FakeSocket.latest().serverOpen();
    FakeSocket.latest().serverClose(SESSION_ENDED_CLOSE);
    expect(client.getSnapshot().signedOut).toBe(true);
    client.start();
    expect(client.getSnapshot().signedOut).toBe(false);
    FakeSocket.latest().serverOpen();
    expect(client.getSnapshot().status).toBe('open');
  });

  it('delivers typed events to their subscribers and drops malformed ones', () => {
    const upserts = vi.fn();
    const messages = vi.fn();
    const typing = vi.fn();
    client.on('console/queue/upsert', upserts);
    client.on('console/message', messages);
    client.on('console/typing', typing);
    client.start();
    const socket = FakeSocket.latest();
    socket.serverOpen();
    socket.serverSend({ module: 'console/queue/upsert', data: queueItem() });
    socket.serverSend({ module: 'console/queue/upsert', data: { member_id: 1 } });
    socket.serverSend({
      module: 'console/message',
      data: { member_id: 812, persona_id: 41, message: consoleMessage() },
    });
    socket.serverSend({ module: 'console/typing', data: { member_id: 812, persona_id: 41 } });
    expect(upserts).toHaveBeenCalledTimes(1);
    expect(upserts).toHaveBeenCalledWith({ module: 'console/queue/upsert', data: queueItem() });
    expect(messages.mock.calls[0]?.[0].data.message.id).toBe(981);
    expect(typing).toHaveBeenCalledWith({
      module: 'console/typing',
      data: { member_id: 812, persona_id: 41 },
    });
  });

  it('gives the socket up when the browser goes offline and reconnects when it is back', () => {
    const net = fakeNetwork();
    FakeSocket.instances = [];
    const offlineClient = new ConsoleClient({
      url: () => 'ws://test/console/ws',
      createSocket: (url) => new FakeSocket(url),
      network: net.network,
    });
    offlineClient.start();
    FakeSocket.latest().serverOpen();
    net.set(false);
    expect(offlineClient.getSnapshot()).toMatchObject({ online: false, interrupted: true });
    expect(FakeSocket.instances).toHaveLength(1);
    net.set(true);
    expect(FakeSocket.instances).toHaveLength(2);
    FakeSocket.latest().serverOpen();
    expect(offlineClient.getSnapshot()).toMatchObject({ status: 'open', signedOut: false });
    offlineClient.stop();
  });
});
