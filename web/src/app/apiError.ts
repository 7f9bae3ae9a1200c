// The error of a failed HTTP call (/api/auth/*, /upload): the server's error code, or the fact
// that the server was never reached. Screens translate it with `errors.<code>` or `errors.network`.
import type { ErrorCode, HttpErrorBody } from '../realtime/protocol';
import { isErrorCode, isRecord } from '../realtime/parse';

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

/** A non-negative number of seconds, rounded up; anything else is undefined. */
export function asSeconds(value: unknown): number | undefined {
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
