// The console's HTTP calls (docs/protocol.md, "The staff console"): sign-in and sign-out, and the
// picture upload for a persona. Each resolves to a plain outcome; none throws.
import { ApiError } from '../app/apiError';
import { isRecord } from '../realtime/parse';
import { uploadPicture, type UploadedPicture } from '../features/media/upload';
import { isConsoleErrorCode, isStaff } from './parse';
import type { ConsoleErrorCode, ConsoleLoginRequest, Staff } from './protocol';

export const LOGIN_URL = '/console/api/login';
export const LOGOUT_URL = '/console/api/logout';
export const CONSOLE_UPLOAD_URL = '/console/api/upload';

export type HttpOutcome<T> =
  | { ok: true; value: T }
  | { ok: false; code: ConsoleErrorCode; seconds?: number; network?: boolean };

function retryAfter(response: Response, body: unknown): number | undefined {
  const header = Number(response.headers.get('Retry-After') ?? NaN);
  const fromBody = isRecord(body) ? Number(body.retry_after ?? NaN) : NaN;
  const seconds = Number.isFinite(fromBody) ? fromBody : header;
  return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds) : undefined;
}

async function postJson(url: string, body: object): Promise<HttpOutcome<unknown>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, code: 'internal_error', network: true };
  }
  let parsed: unknown = undefined;
  try {
    parsed = await response.json();
  } catch {
    // An empty body (logout) or a proxy's page: judged by the status alone.
  }
  if (response.ok) return { ok: true, value: parsed };
  const code =
    isRecord(parsed) && isConsoleErrorCode(parsed.error_code)
      ? parsed.error_code
      : 'internal_error';
  const seconds = retryAfter(response, parsed);
  return seconds === undefined ? { ok: false, code } : { ok: false, code, seconds };
}

export async function login(request: ConsoleLoginRequest): Promise<HttpOutcome<Staff>> {
  const outcome = await postJson(LOGIN_URL, request);
  if (!outcome.ok) return outcome;
  const staff = isRecord(outcome.value) ? outcome.value.staff : undefined;
  return isStaff(staff) ? { ok: true, value: staff } : { ok: false, code: 'internal_error' };
}

export async function logout(): Promise<HttpOutcome<null>> {
  const outcome = await postJson(LOGOUT_URL, {});
  return outcome.ok ? { ok: true, value: null } : outcome;
}

const isConsoleMediaLink = (link: string) => /^\/(console\/)?media\//.test(link);

/** Uploads a picture as the persona's, to send with console/send (`image`). */
export function uploadForPersona(
  personaId: number,
  file: File,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<HttpOutcome<UploadedPicture>> {
  return uploadPicture(file, onProgress, signal, {
    url: `${CONSOLE_UPLOAD_URL}?persona_id=${personaId}`,
    isMediaLink: isConsoleMediaLink,
  }).then(
    (value): HttpOutcome<UploadedPicture> => ({ ok: true, value }),
    (error: unknown): HttpOutcome<UploadedPicture> =>
      error instanceof ApiError
        ? { ok: false, code: error.code, network: error.network }
        : { ok: false, code: 'internal_error' },
  );
}
