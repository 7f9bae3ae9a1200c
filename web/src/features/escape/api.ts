// POST /api/auth/escape (docs/protocol.md "Escaping in-app browsers"): a one-time token for the
// signed-in member, which GET /check/{token} exchanges for a fresh session in the real browser.
import type { EscapeTokenResponse } from '../../realtime/protocol';
import { ApiError, errorFromBody } from '../../app/apiError';
import { isRecord } from '../../realtime/parse';

export async function requestEscapeToken(): Promise<string> {
  let response: Response;
  try {
    response = await fetch('/api/auth/escape', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: '{}',
    });
  } catch {
    throw new ApiError('internal_error', { network: true });
  }
  let parsed: unknown = undefined;
  try {
    parsed = await response.json();
  } catch {
    // handled below like any unreadable reply
  }
  if (!response.ok) throw errorFromBody(parsed);
  const reply = parsed as Partial<EscapeTokenResponse> | undefined;
  if (!isRecord(reply) || typeof reply.token !== 'string' || reply.token === '') {
    throw new ApiError('internal_error');
  }
  return reply.token;
}
