// Auth's calls. The HTTP half (brief §3): the session cookie is HttpOnly, so only these endpoints
// can set or clear it. Everything else travels over the socket, reached through ./shell (which
// the auth tests replace): the place search, and reopening the socket once the cookie changed.
import type {
  AuthUserResponse,
  LanguageCode,
  LoginRequest,
  OkResponse,
  PlaceSuggestion,
  RecoverRequest,
  RegisterRequest,
  ResetCheckRequest,
  ResetCheckResponse,
  ResetRequest,
  User,
} from '../../realtime/protocol';
import { ApiError, asSeconds, errorFromBody } from '../../app/apiError';
import { isRecord } from '../../realtime/parse';
import { realtime } from './shell';

async function post<T>(path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body ?? {}),
    });
  } catch {
    throw new ApiError('internal_error', { network: true });
  }
  let parsed: unknown = undefined;
  try {
    parsed = await response.json();
  } catch {
    // A proxy error page or an empty body: handled below like any unreadable reply.
  }
  if (!response.ok) throw errorFromBody(parsed);
  return parsed as T;
}

function userFrom(reply: unknown): User {
  if (!isRecord(reply) || !isRecord(reply.user)) throw new ApiError('internal_error');
  return reply.user as unknown as User;
}

export async function register(req: RegisterRequest): Promise<User> {
  return userFrom(await post<AuthUserResponse>('/api/auth/register', req));
}

export async function login(req: LoginRequest): Promise<User> {
  return userFrom(await post<AuthUserResponse>('/api/auth/login', req));
}

export async function logout(): Promise<void> {
  await post<OkResponse>('/api/auth/logout');
}

/** The answer is the same for known and unknown emails, by design (brief §6). */
export async function recover(req: RecoverRequest): Promise<{ wait_seconds: number }> {
  const reply = await post<OkResponse>('/api/auth/recover', req);
  // docs/protocol.md names 60 s as the per-email limit; used if a server leaves the field out.
  return { wait_seconds: asSeconds(reply?.wait_seconds) ?? 60 };
}

export async function reset(req: ResetRequest): Promise<void> {
  await post<OkResponse>('/api/auth/reset', req);
}

/** Whether a recover link still works; the token is not spent by asking. */
export async function checkResetToken(req: ResetCheckRequest): Promise<boolean> {
  const reply = await post<ResetCheckResponse>('/api/auth/reset/check', req);
  return isRecord(reply) && reply.valid === true;
}

/** `search_location` {search, lang}: places matching `text`, or null when the search failed. */
export async function searchPlaces(
  text: string,
  language: LanguageCode,
): Promise<PlaceSuggestion[] | null> {
  try {
    const reply = await realtime.request('search_location', { search: text, lang: language });
    return reply.request_status === 1 && Array.isArray(reply.data) ? reply.data : null;
  } catch {
    return null;
  }
}

/** Reopens the socket, so that a session cookie set or cleared since then applies (brief §3). */
export function reconnectSocket(): void {
  realtime.reconnect();
}
