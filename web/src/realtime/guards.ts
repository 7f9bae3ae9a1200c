// The small type guards every parser of untrusted frames is built from (realtime/parse.ts for the
// members' socket, console/parse.ts for the staff console's).
export type Guard<T> = (value: unknown) => value is T;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
export const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
export const isString = (v: unknown): v is string => typeof v === 'string';
export const isBit = (v: unknown): v is 0 | 1 => v === 0 || v === 1;
export const isNullableString = (v: unknown): v is string | null => v === null || isString(v);
export const isNullableNumber = (v: unknown): v is number | null => v === null || isNumber(v);
export const isNullable =
  <T>(guard: Guard<T>): Guard<T | null> =>
  (v: unknown): v is T | null =>
    v === null || guard(v);
export const arrayOf =
  <T>(guard: Guard<T>): Guard<T[]> =>
  (v: unknown): v is T[] =>
    Array.isArray(v) && v.every(guard);
export const optional =
  <T>(guard: Guard<T>): Guard<T | undefined> =>
  (v: unknown): v is T | undefined =>
    v === undefined || guard(v);
