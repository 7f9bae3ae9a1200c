// The profile extras of spec §3: the one catalogue of fields and option ids on the client. It
// matches the server's (server/src/domain/profile_extras.cpp, docs/protocol.md "Profile extras")
// id for id; catalog.test.ts holds the two to docs/protocol.md. Texts are the `extras` translation
// part (src/i18n/extras), loaded with the screens that show extras.
import type {
  ExtraFieldId,
  ExtraValue,
  ProfileExtras,
  ProfileExtrasChange,
} from '../../../realtime/protocol';

export type ExtraKind = 'single' | 'multi' | 'number';

export interface ExtraField {
  id: ExtraFieldId;
  kind: ExtraKind;
  /** Option ids (single and multi). */
  options: readonly string[];
  /** number: the range; multi: the most choices. */
  min?: number;
  max?: number;
}

export const HEIGHT_MIN_CM = 120;
export const HEIGHT_MAX_CM = 230;
export const MAX_INTERESTS = 10;

const single = (id: ExtraFieldId, options: readonly string[]): ExtraField => ({
  id,
  kind: 'single',
  options,
});

/** Every field, in the order profiles show them. */
export const EXTRA_FIELDS: readonly ExtraField[] = [
  single('relationship_goal', [
    'long_term',
    'long_term_open',
    'short_term_open',
    'short_term',
    'friends',
    'not_sure',
  ]),
  single('dating_experience', ['first_time', 'a_little', 'experienced', 'veteran']),
  single('distance', ['nearby', 'km_25', 'km_50', 'km_100', 'anywhere']),
  single('communication', ['texting', 'phone', 'video', 'in_person']),
  single('ethnicity', [
    'middle_eastern',
    'north_african',
    'european',
    'east_african',
    'black',
    'east_asian',
    'south_asian',
    'latin',
    'mixed',
  ]),
  single('relationship_status', ['single', 'divorced', 'separated', 'widowed']),
  { id: 'height', kind: 'number', options: [], min: HEIGHT_MIN_CM, max: HEIGHT_MAX_CM },
  single('industry', [
    'administration',
    'agriculture',
    'arts',
    'construction',
    'education',
    'energy',
    'engineering',
    'finance',
    'government',
    'healthcare',
    'hospitality',
    'law',
    'logistics',
    'manufacturing',
    'marketing',
    'security',
    'nonprofit',
    'real_estate',
    'retail',
    'science',
    'technology',
    'student',
    'other',
  ]),
  {
    id: 'interests',
    kind: 'multi',
    options: [
      'travel',
      'music',
      'movies',
      'reading',
      'cooking',
      'sports',
      'fitness',
      'hiking',
      'dancing',
      'art',
      'photography',
      'gaming',
      'tech',
      'fashion',
      'yoga',
      'animals',
      'volunteering',
      'nature',
      'beach',
      'coffee',
      'wine',
      'theatre',
      'meditation',
      'festivals',
    ],
    max: MAX_INTERESTS,
  },
  single('drink', ['never', 'rarely', 'socially', 'often']),
  single('smoke', ['never', 'socially', 'regularly', 'quitting']),
  single('workout', ['never', 'sometimes', 'often', 'daily']),
  single('pets', ['dog', 'cat', 'other', 'none', 'allergic']),
  single('children', ['none', 'at_home', 'not_at_home']),
  single('family_plans', ['want', 'dont_want', 'open', 'not_sure']),
  single('personality', ['introvert', 'extrovert', 'in_between']),
];

const BY_ID = new Map(EXTRA_FIELDS.map((field) => [field.id, field]));

export function extraField(id: ExtraFieldId): ExtraField {
  const field = BY_ID.get(id);
  if (!field) throw new Error(`unknown extra ${id}`);
  return field;
}

/** Why an answer is refused: the server's `reason` of invalid_extra. */
export type ExtraProblem = 'unknown_option' | 'wrong_type' | 'out_of_range' | 'too_many';

/** Checks one answer as the server does; null when it is fine. */
export function checkExtra(id: ExtraFieldId, value: ExtraValue): ExtraProblem | null {
  const field = extraField(id);
  switch (field.kind) {
    case 'single':
      if (typeof value !== 'string') return 'wrong_type';
      return field.options.includes(value) ? null : 'unknown_option';
    case 'number':
      if (typeof value !== 'number' || !Number.isInteger(value)) return 'wrong_type';
      return value < (field.min ?? 0) || value > (field.max ?? 0) ? 'out_of_range' : null;
    case 'multi': {
      if (!Array.isArray(value)) return 'wrong_type';
      if (value.some((option) => !field.options.includes(option))) return 'unknown_option';
      return new Set(value).size > (field.max ?? 0) ? 'too_many' : null;
    }
  }
}

/** Whether a field has an answer (a multi field with nothing chosen has none). */
export function isAnswered(value: ExtraValue | null | undefined): value is ExtraValue {
  if (value === null || value === undefined) return false;
  return !Array.isArray(value) || value.length > 0;
}

/** The answered fields of `extras`, in catalogue order and with multi choices in catalogue order,
 *  each as the option ids it shows (a number as itself). Unknown values are left out. */
export function answeredExtras(
  extras: ProfileExtras | undefined,
): { field: ExtraField; value: ExtraValue }[] {
  if (!extras) return [];
  const out: { field: ExtraField; value: ExtraValue }[] = [];
  for (const field of EXTRA_FIELDS) {
    const value = extras[field.id];
    if (!isAnswered(value) || checkExtra(field.id, value) !== null) continue;
    out.push({
      field,
      value: Array.isArray(value)
        ? field.options.filter((option) => value.includes(option))
        : value,
    });
  }
  return out;
}

/** The answers of `extras` that are set and valid, as the registration request sends them. */
export function extrasForRequest(extras: ProfileExtras): ProfileExtras | undefined {
  const out: ProfileExtras = {};
  for (const { field, value } of answeredExtras(extras)) out[field.id] = value;
  return Object.keys(out).length > 0 ? out : undefined;
}

/** What profile edit sends to get from `before` to `after`: changed fields, null for cleared. */
export function extrasChange(before: ProfileExtras, after: ProfileExtras): ProfileExtrasChange {
  const change: ProfileExtrasChange = {};
  for (const field of EXTRA_FIELDS) {
    const was = before[field.id];
    const now = after[field.id];
    const same = JSON.stringify(was ?? null) === JSON.stringify(isAnswered(now) ? now : null);
    if (same) continue;
    change[field.id] = isAnswered(now) ? now : null;
  }
  return change;
}

/** Translation keys (src/i18n/extras): a field's label and an option's text. */
export const fieldLabelKey = (id: ExtraFieldId) => `extras.fields.${id}.label`;
export const optionKey = (id: ExtraFieldId, option: string) =>
  `extras.fields.${id}.options.${option}`;

/** `extras` with one answer set, or cleared when `value` is undefined. */
export function withExtra(
  extras: ProfileExtras,
  id: ExtraFieldId,
  value: ExtraValue | undefined,
): ProfileExtras {
  const rest = withoutExtras(extras, [id]);
  return value === undefined ? rest : { ...rest, [id]: value };
}

/** `extras` without the answers to `ids`. */
export function withoutExtras(extras: ProfileExtras, ids: readonly ExtraFieldId[]): ProfileExtras {
  return Object.fromEntries(
    Object.entries(extras).filter(([id]) => !ids.includes(id as ExtraFieldId)),
  ) as ProfileExtras;
}
