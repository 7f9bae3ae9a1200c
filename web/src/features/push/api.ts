// The push feature's calls (/work/notes/contract.md, docs/protocol.md): the server's VAPID key,
// storing this device's subscription (spec §7 POST /api/send-push) and forgetting it. Each
// resolves to a plain outcome; none throws.
import { isRecord } from '../../realtime/parse';

export type CallOutcome<T> =
  | { kind: 'ok'; value: T }
  | { kind: 'refused'; code: string; status: number }
  | { kind: 'network' };

async function call<T>(
  path: string,
  read: (body: unknown) => T | null,
  body?: unknown,
): Promise<CallOutcome<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: body === undefined ? 'GET' : 'POST',
      credentials: 'same-origin',
      headers:
        body === undefined
          ? { Accept: 'application/json' }
          : { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    return { kind: 'network' };
  }
  let parsed: unknown = undefined;
  try {
    parsed = await response.json();
  } catch {
    // An empty or non-JSON body: refused below as an internal error.
  }
  if (!response.ok) {
    const code =
      isRecord(parsed) && typeof parsed.error_code === 'string'
        ? parsed.error_code
        : 'internal_error';
    return { kind: 'refused', code, status: response.status };
  }
  const value = read(parsed);
  return value === null
    ? { kind: 'refused', code: 'internal_error', status: response.status }
    : { kind: 'ok', value };
}

/** The server's VAPID public key (base64url), for pushManager.subscribe. */
export function getPushKey(): Promise<CallOutcome<string>> {
  return call('/api/push/key', (body) =>
    isRecord(body) && typeof body.public_key === 'string' && body.public_key !== ''
      ? body.public_key
      : null,
  );
}

export interface SendPushResult {
  subscribed: boolean;
  /** The 200 credits were granted by this call (once per account); the socket also says so. */
  claimed: boolean;
}

/** Spec §7: stores this device's subscription for the member's session. The server ignores
 *  title and message and sends only its own confirmation, in the member's language. */
export function sendPush(
  title: string,
  message: string,
  subscriber: PushSubscriptionJSON,
): Promise<CallOutcome<SendPushResult>> {
  return call(
    '/api/send-push',
    (body) => {
      const data = isRecord(body) && isRecord(body.data) ? body.data : null;
      if (!data) return null;
      const reward = isRecord(data.reward) ? data.reward : {};
      return { subscribed: data.subscribed === true, claimed: reward.claimed === true };
    },
    { title, message, subscriber },
  );
}

export function unsubscribePush(endpoint: string): Promise<CallOutcome<{ removed: boolean }>> {
  return call(
    '/api/push/unsubscribe',
    (body) =>
      isRecord(body) && isRecord(body.data) ? { removed: body.data.removed === true } : null,
    { endpoint },
  );
}
