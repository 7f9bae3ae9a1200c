// The empty deck's one-tap way out: widen the search by one step, the distance first, then the
// age range, and say exactly what the step does.
import { RADIUS_MAX, SEARCH_AGE_MAX, SEARCH_AGE_MIN } from '../../app/constants';
import type { RequestOf, User } from '../../realtime/protocol';
import type { AgeRange } from '../auth/validation';
import { formatAgeRange } from '../auth/validation';
import { discoveryFromUser } from '../settings/discovery';

/** Distances the button steps through; the last one is the slider's maximum. */
export const RADIUS_STEPS: readonly number[] = [10, 25, 50, RADIUS_MAX];
/** Years added on each side of the age range once the distance is at its maximum. */
export const AGE_STEP = 5;

export type Widening =
  | { kind: 'radius'; radius: number; update: RequestOf<'user/update'> }
  | { kind: 'age'; range: AgeRange; update: RequestOf<'user/update'> };

/** The next step for this user's search, or null when distance and ages are already widest. */
export function nextWidening(user: User): Widening | null {
  const { radius, ageRange } = discoveryFromUser(user);
  const nextRadius = RADIUS_STEPS.find((step) => step > radius);
  if (nextRadius !== undefined) {
    return { kind: 'radius', radius: nextRadius, update: { key: 's_radious', value: nextRadius } };
  }
  const range = {
    min: Math.max(SEARCH_AGE_MIN, ageRange.min - AGE_STEP),
    max: Math.min(SEARCH_AGE_MAX, ageRange.max + AGE_STEP),
  };
  if (range.min === ageRange.min && range.max === ageRange.max) return null;
  return { kind: 'age', range, update: { key: 's_age', value: formatAgeRange(range) } };
}
