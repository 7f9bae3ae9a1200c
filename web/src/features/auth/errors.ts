import { ApiError } from '../../app/apiError';

/** An i18n key with its parameters, so a message can be stored now and translated on render. */
export interface MessageKey {
  key: string;
  params?: Record<string, string | number>;
}

const THROTTLE_CODES = new Set(['too_many_attempts', 'recovery_throttled']);

/**
 * The message for a failed call. Throttle texts need {{seconds}}; without it they would read
 * "wait  seconds", so the generic text is used instead.
 */
export function errorKey(error: unknown, seconds?: number): MessageKey {
  if (!(error instanceof ApiError)) return { key: 'errors.internal_error' };
  if (error.network) return { key: 'errors.network' };
  if (THROTTLE_CODES.has(error.code)) {
    const wait = seconds ?? error.seconds;
    return wait === undefined
      ? { key: 'errors.internal_error' }
      : { key: `errors.${error.code}`, params: { seconds: wait } };
  }
  return { key: `errors.${error.code}` };
}
