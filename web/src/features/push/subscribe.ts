// Turning this device's notifications on and off: the browser's permission, the push
// subscription with the server's key, and the server's record of it (./api). The browser pieces
// come in as `PushDevice` so tests give a fake pushManager.
import { getPushKey, sendPush, unsubscribePush, type CallOutcome } from './api';

export type PushError = 'denied' | 'unsupported' | 'network' | 'rate_limited' | 'failed';
export type SubscribeOutcome =
  { kind: 'subscribed'; claimed: boolean } | { kind: 'error'; error: PushError };

export interface PushDevice {
  supported: boolean;
  permission(): NotificationPermission;
  requestPermission(): Promise<NotificationPermission>;
  /** The service worker's registration, once it is active (null if it never becomes so). */
  registration(): Promise<Pick<ServiceWorkerRegistration, 'pushManager'> | null>;
  /** The registration if there is one now, without waiting for a worker to become active. */
  existingRegistration(): Promise<Pick<ServiceWorkerRegistration, 'pushManager'> | null>;
}

const READY_TIMEOUT_MS = 10_000;

export const browserDevice: PushDevice = {
  get supported() {
    return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  },
  permission: () => Notification.permission,
  requestPermission: () => Notification.requestPermission(),
  registration: () =>
    Promise.race([
      navigator.serviceWorker.ready,
      new Promise<null>((resolve) => setTimeout(() => resolve(null), READY_TIMEOUT_MS)),
    ]),
  existingRegistration: () =>
    navigator.serviceWorker.getRegistration().then(
      (registration) => registration ?? null,
      () => null,
    ),
};

/** base64url (the key's encoding) to bytes. */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const current = subscription.options.applicationServerKey;
  if (!current) return true;
  const bytes = new Uint8Array(current);
  return bytes.length === key.length && bytes.every((byte, i) => byte === key[i]);
}

function failure(outcome: Exclude<CallOutcome<unknown>, { kind: 'ok' }>): SubscribeOutcome {
  if (outcome.kind === 'network') return { kind: 'error', error: 'network' };
  return { kind: 'error', error: outcome.code === 'rate_limited' ? 'rate_limited' : 'failed' };
}

/** Asks for permission, subscribes with the server's key and hands the subscription to the
 *  server, which grants the reward once per account (claim_free_credits on the socket). */
export async function subscribeDevice(
  device: PushDevice,
  texts: { title: string; message: string },
): Promise<SubscribeOutcome> {
  if (!device.supported) return { kind: 'error', error: 'unsupported' };
  const permission = await device.requestPermission().catch(() => 'denied' as const);
  if (permission !== 'granted') return { kind: 'error', error: 'denied' };
  const registration = await device.registration();
  if (!registration) return { kind: 'error', error: 'unsupported' };
  const key = await getPushKey();
  if (key.kind !== 'ok') return failure(key);
  const applicationServerKey = base64UrlToBytes(key.value);
  let subscription: PushSubscription | null;
  try {
    subscription = await registration.pushManager.getSubscription();
    // A subscription made with an older key cannot be reused (the server's key changed).
    if (subscription && !sameKey(subscription, applicationServerKey)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey,
    });
  } catch (error) {
    const denied = error instanceof DOMException && error.name === 'NotAllowedError';
    return { kind: 'error', error: denied ? 'denied' : 'failed' };
  }
  const stored = await sendPush(texts.title, texts.message, subscription.toJSON());
  if (stored.kind !== 'ok') return failure(stored);
  return { kind: 'subscribed', claimed: stored.value.claimed };
}

/** Forgets this device: the server's row first (it needs the endpoint), then the browser's. */
export async function unsubscribeDevice(device: PushDevice): Promise<{ ok: boolean }> {
  const registration = device.supported ? await device.registration() : null;
  const subscription = await registration?.pushManager.getSubscription().catch(() => null);
  if (!subscription) return { ok: true };
  const removed = await unsubscribePush(subscription.endpoint);
  if (removed.kind === 'network') return { ok: false };
  await subscription.unsubscribe().catch(() => false);
  return { ok: true };
}

/** At logout. The server deletes the subscriptions of the sign-in that ends, so the browser's
 *  goes too: otherwise the next sign-in on this device would look subscribed (no prompt, the
 *  switch on) while the server holds nothing for it. */
export async function forgetDevice(device: PushDevice): Promise<void> {
  if (!device.supported) return;
  const registration = await device.existingRegistration();
  const subscription = await registration?.pushManager.getSubscription().catch(() => null);
  await subscription?.unsubscribe().catch(() => false);
}

/** Whether this device holds a subscription the browser may show (permission granted). */
export async function isSubscribed(device: PushDevice): Promise<boolean> {
  if (!device.supported || device.permission() !== 'granted') return false;
  const registration = await device.registration();
  const subscription = await registration?.pushManager.getSubscription().catch(() => null);
  return subscription != null;
}
