// The persona editor's rules without React (docs/protocol.md "Admin: personas"): a form's values
// from a persona or for a new one, the request they make, the list's filter, and which form
// field a server refusal points at. The server decides; these only keep the form honest.
import type { LanguageCode } from '../realtime/protocol';
import type { AdminPersona, PersonaDraft } from './protocol';

export const PERSONA_BIO_MAX = 500;
export const PERSONA_NAME_MAX = 20;
export const MAX_LIKE_BACK_DELAY_S = 24 * 3600;
export const PERSONA_PHOTO_SLOTS = 6;

/** The form as typed: numbers stay text until saved, so a half-typed value is not lost. */
export interface PersonaForm {
  id?: number;
  name: string;
  language: LanguageCode;
  birthDate: string;
  gender: 1 | 2 | 3;
  lookingFor: 1 | 2;
  ageMin: string;
  ageMax: string;
  answer: number;
  bio: string;
  place: { id: number; name: string } | null;
  likesBackPercent: string;
  likeBackDelay: string;
}

/** The form fields a server refusal's `field` names. */
export type PersonaField =
  | 'name'
  | 'language'
  | 'birth_date'
  | 'gender'
  | 's_gender'
  | 's_age'
  | 'answer'
  | 'bio'
  | 'place_id'
  | 'likes_back_percent'
  | 'like_back_delay_s';

/** Every field a refusal can name; each has a message under admin.personas.fieldErrors. */
export const PERSONA_FIELDS: readonly PersonaField[] = [
  'name',
  'language',
  'birth_date',
  'gender',
  's_gender',
  's_age',
  'answer',
  'bio',
  'place_id',
  'likes_back_percent',
  'like_back_delay_s',
];

export function isPersonaField(field: string | undefined): field is PersonaField {
  return field !== undefined && (PERSONA_FIELDS as readonly string[]).includes(field);
}

/** A new persona's starting values: a woman in her late twenties looking for men, in the
 *  editor's language, who likes back half the time after a minute. */
export function newPersonaForm(language: LanguageCode, today: Date): PersonaForm {
  const year = today.getUTCFullYear() - 28;
  return {
    name: '',
    language,
    birthDate: `${year}-06-15`,
    gender: 2,
    lookingFor: 1,
    ageMin: '25',
    ageMax: '45',
    answer: 1,
    bio: '',
    place: null,
    likesBackPercent: '50',
    likeBackDelay: '60',
  };
}

export function personaForm(persona: AdminPersona, placeLanguage: LanguageCode): PersonaForm {
  const placeName =
    placeLanguage === 'he' && persona.place.name_he ? persona.place.name_he : persona.place.name;
  return {
    id: persona.id,
    name: persona.name,
    language: persona.language,
    birthDate: persona.birth_date,
    gender: persona.gender,
    lookingFor: persona.s_gender,
    ageMin: String(persona.s_age_min),
    ageMax: String(persona.s_age_max),
    answer: persona.answer,
    bio: persona.bio,
    place: { id: persona.place.id, name: placeName },
    likesBackPercent: String(persona.likes_back_percent),
    likeBackDelay: String(persona.like_back_delay_s),
  };
}

const wholeNumber = (text: string): number | null =>
  /^\s*\d{1,6}\s*$/.test(text) ? Number(text) : null;

/** The request, or the first field the form cannot send as it is. */
export function personaDraft(
  form: PersonaForm,
): { ok: true; draft: PersonaDraft } | { ok: false; field: PersonaField } {
  const name = form.name.trim();
  if (!name || [...name].length > PERSONA_NAME_MAX) return { ok: false, field: 'name' };
  if (!/^\d{4}-\d{2}-\d{2}$/.test(form.birthDate)) return { ok: false, field: 'birth_date' };
  const ageMin = wholeNumber(form.ageMin);
  const ageMax = wholeNumber(form.ageMax);
  if (ageMin === null || ageMax === null || ageMin < 18 || ageMax > 100 || ageMin > ageMax) {
    return { ok: false, field: 's_age' };
  }
  if ([...form.bio].length > PERSONA_BIO_MAX) return { ok: false, field: 'bio' };
  if (!form.place) return { ok: false, field: 'place_id' };
  const percent = wholeNumber(form.likesBackPercent);
  if (percent === null || percent > 100) return { ok: false, field: 'likes_back_percent' };
  const delay = wholeNumber(form.likeBackDelay);
  if (delay === null || delay > MAX_LIKE_BACK_DELAY_S) {
    return { ok: false, field: 'like_back_delay_s' };
  }
  const draft: PersonaDraft = {
    name,
    language: form.language,
    birth_date: form.birthDate,
    gender: form.gender,
    s_gender: form.lookingFor,
    s_age_min: ageMin,
    s_age_max: ageMax,
    answer: form.answer,
    bio: form.bio.trim(),
    place_id: form.place.id,
    likes_back_percent: percent,
    like_back_delay_s: delay,
  };
  if (form.id !== undefined) draft.id = form.id;
  return { ok: true, draft };
}

/** Personas whose name or city contains the filter, ignoring case; active ones first, then by
 *  name, as the server lists them. */
export function filterPersonas(personas: AdminPersona[], filter: string): AdminPersona[] {
  const needle = filter.trim().toLocaleLowerCase();
  const matching = needle
    ? personas.filter((p) =>
        [p.name, p.place.name, p.place.name_he ?? ''].some((text) =>
          text.toLocaleLowerCase().includes(needle),
        ),
      )
    : personas;
  return [...matching].sort((a, b) => a.disabled - b.disabled);
}

/** The list after one persona changed (saved, disabled, enabled): replaced, or added. */
export function withPersona(personas: AdminPersona[], persona: AdminPersona): AdminPersona[] {
  const found = personas.some((p) => p.id === persona.id);
  return found
    ? personas.map((p) => (p.id === persona.id ? persona : p))
    : [...personas, persona].sort((a, b) => a.name.localeCompare(b.name));
}
