// The HTTP half of auth (brief §3): the session cookie is HttpOnly, so only these endpoints can
// set or clear it. Everything else travels over the socket.
import type {
  AuthUserResponse,
  ErrorCode,
  HttpErrorBody,
  LoginRequest,
  OkResponse,
  RecoverRequest,
  RegisterRequest,
  ResetCheckRequest,
  ResetCheckResponse,
  ResetRequest,
  User,
} from '../../realtime/protocol';
import { ERROR_CODES } from '../../realtime/protocol';

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly field?: string;
  readonly seconds?: number;
  /** True when the server was never reached; the UI shows errors.network instead of the code. */
  readonly network: boolean;

  constructor(
    code: ErrorCode,
    options: { field?: string; seconds?: number; network?: boolean; message?: string } = {},
  ) {
    super(options.message ?? code);
    this.name = 'ApiError';
    this.code = code;
    this.field = options.field;
    this.seconds = options.seconds;
    this.network = options.network ?? false;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

function asSeconds(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0
    ? Math.ceil(value)
    : undefined;
}

/** Turns an error body into an ApiError; a body we cannot read becomes internal_error. */
export function errorFromBody(body: unknown): ApiError {
  if (!isRecord(body) || !isErrorCode(body.error_code)) return new ApiError('internal_error');
  const known = body as Partial<HttpErrorBody>;
  return new ApiError(body.error_code, {
    field: typeof known.field === 'string' ? known.field : undefined,
    seconds: asSeconds(known.retry_after) ?? asSeconds(known.seconds),
    message: typeof known.message === 'string' ? known.message : undefined,
  });
}

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
