// @vitest-environment node
import { jsonResponse } from '../auth/testUtils';
import {
  base64UrlToBytes,
  forgetDevice,
  isSubscribed,
  subscribeDevice,
  unsubscribeDevice,
} from './subscribe';
import { fakeDevice, fakeSubscription, KEY } from './testing';

const TEXTS = { title: 'Kesher', message: 'Notifications are on' };
let fetchMock: ReturnType<typeof vi.fn>;

function serve(routes: Record<string, Response | (() => Response) | Error>) {
  fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const answer = routes[String(input)];
    if (answer instanceof Error) throw answer;
    if (!answer) return jsonResponse(404, { error_code: 'not_found' });
    return typeof answer === 'function' ? answer() : answer.clone();
  });
  vi.stubGlobal('fetch', fetchMock);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('base64UrlToBytes', () => {
  it('decodes the unpadded base64url of a P-256 point', () => {
    const bytes = base64UrlToBytes(KEY);
    expect(bytes.length).toBe(65);
    expect(bytes[0]).toBe(0x04);
    expect(Array.from(base64UrlToBytes('-_8'))).toEqual([0xfb, 0xff]);
  });
});

describe('subscribeDevice', () => {
  it('asks permission, subscribes with the key and posts the subscription (spec §7)', async () => {
    serve({
      '/api/push/key': jsonResponse(200, { public_key: KEY }),
      '/api/send-push': jsonResponse(200, {
        data: { subscribed: true, reward: { claimed: true, credits: 200 } },
      }),
    });
    const { device, pushManager } = fakeDevice();
    await expect(subscribeDevice(device, TEXTS)).resolves.toEqual({
      kind: 'subscribed',
      claimed: true,
    });
    expect(device.requestPermission).toHaveBeenCalledOnce();
    expect(pushManager.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: base64UrlToBytes(KEY),
    });
    const [url, init] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(url).toBe('/api/send-push');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
    expect(JSON.parse(String(init.body))).toEqual({
      title: 'Kesher',
      message: 'Notifications are on',
      subscriber: { endpoint: 'https://push.example/sub/1', keys: { p256dh: 'p', auth: 'a' } },
    });
  });

  it('reports a reward already taken as subscribed without a claim', async () => {
    serve({
      '/api/push/key': jsonResponse(200, { public_key: KEY }),
      '/api/send-push': jsonResponse(200, {
        data: { subscribed: true, reward: { claimed: false } },
      }),
    });
    const { device } = fakeDevice({ permission: 'granted' });
    await expect(subscribeDevice(device, TEXTS)).resolves.toEqual({
      kind: 'subscribed',
      claimed: false,
    });
  });

  it('reuses a subscription the device already has', async () => {
    serve({
      '/api/push/key': jsonResponse(200, { public_key: KEY }),
      '/api/send-push': jsonResponse(200, {
        data: { subscribed: true, reward: { claimed: false } },
      }),
    });
    const existing = fakeSubscription('https://push.example/old');
    const { device, pushManager } = fakeDevice({ permission: 'granted', existing });
    await subscribeDevice(device, TEXTS);
    expect(pushManager.subscribe).not.toHaveBeenCalled();
    const body = JSON.parse(String((fetchMock.mock.calls[1] as [string, RequestInit])[1].body));
    expect(body.subscriber.endpoint).toBe('https://push.example/old');
  });

  it('stops at a refused permission without calling the server', async () => {
    serve({});
    const { device, pushManager } = fakeDevice({ answer: 'denied' });
    await expect(subscribeDevice(device, TEXTS)).resolves.toEqual({
      kind: 'error',
      error: 'denied',
    });
    expect(pushManager.subscribe).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('maps the server errors and the network to their texts', async () => {
    const { device } = fakeDevice({ permission: 'granted' });
    serve({
      '/api/push/key': jsonResponse(200, { public_key: KEY }),
      '/api/send-push': jsonResponse(429, { error_code: 'rate_limited', message: 'slow down' }),
    });
    await expect(subscribeDevice(device, TEXTS)).resolves.toEqual({
      kind: 'error',
      error: 'rate_limited',
    });
    serve({
      '/api/push/key': jsonResponse(200, { public_key: KEY }),
      '/api/send-push': jsonResponse(400, { error_code: 'invalid_field', field: 'subscriber' }),
    });
    await expect(subscribeDevice(device, TEXTS)).resolves.toEqual({
      kind: 'error',
      error: 'failed',
    });
    serve({ '/api/push/key': new TypeError('Failed to fetch') });
    await expect(subscribeDevice(device, TEXTS)).resolves.toEqual({
      kind: 'error',
      error: 'network',
    });
    serve({ '/api/push/key': jsonResponse(200, { nothing: true }) });
    await expect(subscribeDevice(device, TEXTS)).resolves.toEqual({
      kind: 'error',
      error: 'failed',
    });
  });

  it('says unsupported where the browser has no push, and when no worker is ready', async () => {
    serve({});
    const { device } = fakeDevice({ supported: false });
    await expect(subscribeDevice(device, TEXTS)).resolves.toEqual({
      kind: 'error',
      error: 'unsupported',
    });
    const noWorker = fakeDevice().device;
    noWorker.registration = async () => null;
    await expect(subscribeDevice(noWorker, TEXTS)).resolves.toEqual({
      kind: 'error',
      error: 'unsupported',
    });
  });
});

describe('unsubscribeDevice and isSubscribed', () => {
  it("tells the server the endpoint, then drops the browser's subscription", async () => {
    serve({ '/api/push/unsubscribe': jsonResponse(200, { data: { removed: true } }) });
    const existing = fakeSubscription('https://push.example/mine');
    const { device } = fakeDevice({ permission: 'granted', existing });
    expect(await isSubscribed(device)).toBe(true);
    await expect(unsubscribeDevice(device)).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/push/unsubscribe');
    expect(JSON.parse(String(init.body))).toEqual({ endpoint: 'https://push.example/mine' });
    expect(existing.unsubscribe).toHaveBeenCalledOnce();
  });

  it('keeps the subscription when the server cannot be reached', async () => {
    serve({ '/api/push/unsubscribe': new TypeError('offline') });
    const existing = fakeSubscription();
    const { device } = fakeDevice({ permission: 'granted', existing });
    await expect(unsubscribeDevice(device)).resolves.toEqual({ ok: false });
    expect(existing.unsubscribe).not.toHaveBeenCalled();
  });

  it('is not subscribed without permission, or without a subscription', async () => {
    expect(await isSubscribed(fakeDevice({ permission: 'granted' }).device)).toBe(false);
    expect(
      await isSubscribed(
        fakeDevice({ permission: 'default', existing: fakeSubscription() }).device,
      ),
    ).toBe(false);
  });
});

describe('forgetDevice', () => {
  it("drops the browser's subscription at logout without calling the server", async () => {
    serve({});
    const existing = fakeSubscription('https://push.example/mine');
    const { device } = fakeDevice({ permission: 'granted', existing });
    await forgetDevice(device);
    expect(existing.unsubscribe).toHaveBeenCalledOnce();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('does nothing where no worker is registered or push is unsupported', async () => {
    const existing = fakeSubscription();
    await forgetDevice(fakeDevice({ existing, registered: false }).device);
    await forgetDevice(fakeDevice({ existing, supported: false }).device);
    expect(existing.unsubscribe).not.toHaveBeenCalled();
  });
});
