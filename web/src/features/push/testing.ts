// A fake push device for the tests: permission, a pushManager that records its calls, and the
// subscription it hands out. Only tests import this file.
import { vi } from 'vitest';
import type { PushDevice } from './subscribe';

export const KEY =
  'BPcMbnWQL5GOYX_bW1DH8k2fS4cS0vQ8k5eYJ5k0uyQx9bS4Xh9wX0dYqv6b0a8pXnqH9kqgJk3rYyq2yE8kG0c';

export function fakeSubscription(endpoint = 'https://push.example/sub/1') {
  return {
    endpoint,
    options: { applicationServerKey: null as ArrayBuffer | null, userVisibleOnly: true },
    toJSON: () => ({ endpoint, keys: { p256dh: 'p', auth: 'a' } }),
    unsubscribe: vi.fn(async () => true),
  };
}

export function fakeDevice(
  options: {
    permission?: NotificationPermission;
    answer?: NotificationPermission;
    existing?: ReturnType<typeof fakeSubscription> | null;
    supported?: boolean;
    /** false: no service worker is registered (a development build). */
    registered?: boolean;
  } = {},
) {
  let permission = options.permission ?? 'default';
  let current = options.existing ?? null;
  const created = fakeSubscription();
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async () => {
      current = created;
      return created;
    }),
  };
  const device: PushDevice = {
    supported: options.supported ?? true,
    permission: () => permission,
    requestPermission: vi.fn(async () => {
      permission = options.answer ?? 'granted';
      return permission;
    }),
    registration: async () => ({ pushManager }) as unknown as ServiceWorkerRegistration,
    existingRegistration: async () =>
      options.registered === false
        ? null
        : ({ pushManager } as unknown as ServiceWorkerRegistration),
  };
  return { device, pushManager, created };
}
