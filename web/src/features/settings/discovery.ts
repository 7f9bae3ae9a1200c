// The discovery preferences as the settings form edits them, and the user/update calls a save
// needs. Pure, so the diffing is tested without a socket.
import { RADIUS_MAX } from '../../app/constants';
import type {
  LanguageCode,
  PlaceSuggestion,
  RequestOf,
  SearchGender,
  User,
} from '../../realtime/protocol';
import { formatAgeRange, normalizeRadius, parseAgeRange } from '../auth/validation';
import type { AgeRange } from '../auth/validation';

export interface Discovery {
  sGender: SearchGender;
  ageRange: AgeRange;
  radius: number;
  /** null while the user is typing a new place and has not picked one yet. */
  place: PlaceSuggestion | null;
}

export type UserUpdate = RequestOf<'user/update'>;

// Used when a record has no usable radius yet; the middle of the slider, not the extreme.
const DEFAULT_RADIUS = Math.round(RADIUS_MAX / 2);

export function discoveryFromUser(user: User): Discovery {
  const description = [user.city, user.country].filter((part) => part && part.trim()).join(', ');
  return {
    sGender: user.s_gender === 1 ? 1 : 2,
    ageRange: parseAgeRange(user.s_age),
    radius: normalizeRadius(user.s_radius) ?? DEFAULT_RADIUS,
    place: user.place_id ? { place_id: user.place_id, description } : null,
  };
}

/**
 * One user/update per changed key, in a fixed order. The radius key keeps the protocol's
 * spelling (s_radious). A cleared place sends nothing: the form refuses to save it.
 */
export function discoveryChanges(
  before: Discovery,
  after: Discovery,
  language: LanguageCode,
): UserUpdate[] {
  const updates: UserUpdate[] = [];
  if (after.sGender !== before.sGender) updates.push({ key: 's_gender', value: after.sGender });
  if (after.ageRange.min !== before.ageRange.min || after.ageRange.max !== before.ageRange.max) {
    updates.push({ key: 's_age', value: formatAgeRange(after.ageRange) });
  }
  if (after.radius !== before.radius) updates.push({ key: 's_radious', value: after.radius });
  if (after.place && after.place.place_id !== before.place?.place_id) {
    updates.push({ key: 'place_id', value: after.place.place_id, lang: language });
  }
  return updates;
}

/** True when the form differs from what was saved, including a place that was cleared. */
export function isDirty(before: Discovery, after: Discovery, language: LanguageCode): boolean {
  return (
    discoveryChanges(before, after, language).length > 0 ||
    (before.place !== null && after.place === null)
  );
}
