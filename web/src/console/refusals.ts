// What the operator reads when the console refuses something: each refusal code mapped to a
// console translation key (with its parameters), and a refused text split around the offending
// part so that the composer can highlight it.
import type { MessageKey } from '../features/auth/errors';
import { isRefusalCode } from './parse';
import {
  CONSOLE_ERROR_CODES,
  type ConsoleErrorCode,
  type ConsoleErrorDetails,
  type RefusalCode,
} from './protocol';

export type { MessageKey };

/** Codes with a text of their own under console.errors; every other code reads as
 *  console.errors.internal_error. */
const EXPLAINED: ReadonlySet<string> = new Set<string>([
  ...CONSOLE_ERROR_CODES,
  'invalid_credentials',
  'too_many_attempts',
  'forbidden',
  'not_found',
  'not_authenticated',
  'message_too_long',
  'empty_message',
  'server_busy',
  'rate_limited',
  'invalid_file_type',
  'invalid_image',
  'image_too_large',
  'missing_file',
  'payload_too_large',
  'upload_in_progress',
  'internal_error',
  'invalid_value',
  'invalid_email',
  'email_taken',
  'not_enough_credits',
]);

export interface RefusalContext {
  /** console/me's max_locks, for too_many_locks. */
  maxLocks?: number;
  /** Retry-After of a throttle, in seconds. */
  seconds?: number;
}

/** The message for a refusal (an HTTP error or a socket reply's error_code). */
export function errorMessage(
  code: ConsoleErrorCode,
  details: ConsoleErrorDetails = {},
  context: RefusalContext = {},
): MessageKey {
  switch (code) {
    case 'locked':
      return details.lock
        ? { key: 'console.errors.locked', params: { email: details.lock.email } }
        : { key: 'console.errors.lockedSomeone' };
    case 'too_many_locks':
      return context.maxLocks === undefined
        ? { key: 'console.errors.tooManyLocksSome' }
        : { key: 'console.errors.too_many_locks', params: { max: context.maxLocks } };
    case 'too_many_attempts':
      return context.seconds === undefined
        ? { key: 'console.errors.tooManyAttemptsSome' }
        : { key: 'console.errors.too_many_attempts', params: { seconds: context.seconds } };
    default:
      return { key: `console.errors.${EXPLAINED.has(code) ? code : 'internal_error'}` };
  }
}

export interface Refusal {
  code: RefusalCode;
  /** The offending part of the text, as the server found it. */
  match: string | null;
  /** The title and the explanation of the rule, in the operator's language. */
  title: MessageKey;
  explanation: MessageKey;
}

/** A console/send refusal of the text itself (contact details, a meeting), or null. */
export function refusalOf(code: ConsoleErrorCode, details: ConsoleErrorDetails): Refusal | null {
  if (!isRefusalCode(code)) return null;
  return {
    code,
    match: details.match ?? null,
    title: { key: `console.refusal.${code}.title` },
    explanation: { key: `console.refusal.${code}.body` },
  };
}

export interface TextSegment {
  text: string;
  highlighted: boolean;
}

/** Splits `text` around every occurrence of `match` (case-insensitively); without one the text
 *  stays whole. */
export function highlightSegments(text: string, match: string | null): TextSegment[] {
  const needle = match?.trim();
  if (!needle) return [{ text, highlighted: false }];
  const haystack = text.toLocaleLowerCase();
  const lowered = needle.toLocaleLowerCase();
  const segments: TextSegment[] = [];
  let from = 0;
  for (;;) {
    const at = haystack.indexOf(lowered, from);
    // toLocaleLowerCase can change lengths (rare letters); then the positions would drift.
    if (at === -1 || haystack.length !== text.length) break;
    if (at > from) segments.push({ text: text.slice(from, at), highlighted: false });
    segments.push({ text: text.slice(at, at + needle.length), highlighted: true });
    from = at + needle.length;
  }
  if (from < text.length) segments.push({ text: text.slice(from), highlighted: false });
  return segments.length > 0 ? segments : [{ text, highlighted: false }];
}
