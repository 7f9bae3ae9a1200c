// The profile fields as the edit overlay edits them, and the user/update calls a save needs.
// Pure, so the rules are tested without a socket. Photos are not here: each one is saved as soon
// as it is uploaded (features/media).
import { BIO_MAX } from '../../app/constants';
import type { Gender, LanguageCode, RequestOf, User } from '../../realtime/protocol';
import type { MessageKey } from '../auth/errors';
import { normalizeName, validateName } from '../auth/validation';

export interface ProfileFields {
  name: string;
  bio: string;
  gender: Gender;
  /** What the member is looking for: one of configs.answers (1 to 6). */
  answer: number;
}

export type UserUpdate = RequestOf<'user/update'>;

export function fieldsFromUser(user: User): ProfileFields {
  return { name: user.name, bio: user.bio, gender: user.gender, answer: user.answer };
}

/** The bio as it is sent: the server strips HTML and invisible characters; the ends go here. */
function cleanBio(bio: string): string {
  return bio.trim();
}

/**
 * One user/update per changed field, in the form's order. `language` is the member's: a Hebrew
 * speaker's name is written in Hebrew letters (docs/protocol.md user/update).
 */
export function profileChanges(
  before: ProfileFields,
  after: ProfileFields,
  language: LanguageCode,
): UserUpdate[] {
  const updates: UserUpdate[] = [];
  if (after.name !== before.name) {
    updates.push({ key: 'name', value: normalizeName(after.name, language) });
  }
  if (cleanBio(after.bio) !== cleanBio(before.bio)) {
    updates.push({ key: 'bio', value: cleanBio(after.bio) });
  }
  if (after.gender !== before.gender) updates.push({ key: 'gender', value: after.gender });
  if (after.answer !== before.answer) updates.push({ key: 'answer', value: after.answer });
  return updates;
}

/** Save is offered as soon as anything differs from what was saved. */
export function isProfileDirty(
  before: ProfileFields,
  after: ProfileFields,
  language: LanguageCode,
): boolean {
  return profileChanges(before, after, language).length > 0;
}

/** What keeps the form from being saved, field by field. */
export function validateProfile(
  fields: ProfileFields,
  language: LanguageCode,
): Partial<Record<'name' | 'bio', MessageKey>> {
  const errors: Partial<Record<'name' | 'bio', MessageKey>> = {};
  const name = validateName(fields.name, language);
  if (name) errors.name = { key: `errors.${name}` };
  if (Array.from(cleanBio(fields.bio)).length > BIO_MAX) {
    errors.bio = { key: 'profile.edit.bioTooLong', params: { max: BIO_MAX } };
  }
  return errors;
}

/** The fields an update refused with a field error belongs to; others show under the form. */
export function fieldOfUpdate(key: UserUpdate['key']): 'name' | 'bio' | null {
  return key === 'name' || key === 'bio' ? key : null;
}
