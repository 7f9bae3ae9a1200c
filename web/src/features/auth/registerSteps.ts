// The onboarding's steps and their checks, kept apart from the components so they can be tested
// without rendering.
import type { ErrorCode, LanguageCode, RegisterRequest } from '../../realtime/protocol';
import type { MessageKey } from './errors';
import type { RegisterDraft } from './registerStore';
import {
  formatAgeRange,
  normalizeName,
  validateAgeRange,
  validateBirthDate,
  validateEmail,
  validateName,
  validatePassword,
} from './validation';

export const STEP_IDS = [
  'gender',
  'looking-for',
  'age-range',
  'name',
  'birth-date',
  'location',
  'reason',
  'account',
  'photo',
] as const;

export type FieldName =
  | 'gender'
  | 's_gender'
  | 's_age'
  | 'name'
  | 'birth_date'
  | 'place_id'
  | 'answer'
  | 'email'
  | 'password'
  | 'form';

/** A message to show under a field. */
export type FieldError = MessageKey;
export type StepErrors = Partial<Record<FieldName, FieldError>>;

const err = (key: string, params?: Record<string, string | number>): FieldError =>
  params ? { key, params } : { key };

export function validateStep(
  step: number,
  draft: RegisterDraft,
  language: LanguageCode,
  today: Date = new Date(),
): StepErrors {
  switch (step) {
    case 1:
      return draft.gender === null ? { gender: err('auth.register.required.gender') } : {};
    case 2:
      return draft.sGender === null ? { s_gender: err('auth.register.required.lookingFor') } : {};
    case 3: {
      const code = validateAgeRange(draft.ageRange);
      return code ? { s_age: err(`errors.${code}`) } : {};
    }
    case 4: {
      const code = validateName(draft.name, language);
      return code ? { name: err(`errors.${code}`) } : {};
    }
    case 5: {
      const { birthDay, birthMonth, birthYear } = draft;
      if (birthDay === null || birthMonth === null || birthYear === null) {
        return { birth_date: err('auth.register.required.birthDate') };
      }
      const result = validateBirthDate(
        { day: birthDay, month: birthMonth, year: birthYear },
        today,
      );
      return result.ok ? {} : { birth_date: err(`errors.${result.error}`) };
    }
    case 6:
      return draft.place === null ? { place_id: err('errors.invalid_place') } : {};
    case 7:
      return draft.answer === null ? { answer: err('auth.register.required.answer') } : {};
    case 8: {
      const errors: StepErrors = {};
      const email = validateEmail(draft.email);
      if (email) errors.email = err(`errors.${email}`);
      const password = validatePassword(draft.password);
      if (password) errors.password = err(`errors.${password}`);
      return errors;
    }
    default:
      return {};
  }
}

/** The first step, 1 to 8, whose answers are missing or wrong; null when all are fine. */
export function firstInvalidStep(
  draft: RegisterDraft,
  language: LanguageCode,
  today: Date = new Date(),
): { step: number; errors: StepErrors } | null {
  for (let step = 1; step <= 8; step += 1) {
    const errors = validateStep(step, draft, language, today);
    if (Object.keys(errors).length > 0) return { step, errors };
  }
  return null;
}

/** Call only after firstInvalidStep returned null. */
export function buildRegisterRequest(draft: RegisterDraft, language: LanguageCode) {
  const { gender, sGender, birthDay, birthMonth, birthYear, place, answer } = draft;
  if (
    gender === null ||
    sGender === null ||
    birthDay === null ||
    birthMonth === null ||
    birthYear === null ||
    place === null ||
    answer === null
  ) {
    throw new Error('register draft is incomplete');
  }
  const request: RegisterRequest = {
    email: draft.email.trim(),
    password: draft.password,
    name: normalizeName(draft.name, language),
    gender,
    s_gender: sGender,
    s_age: formatAgeRange(draft.ageRange),
    birth_year: birthYear,
    birth_month: birthMonth,
    birth_day: birthDay,
    place_id: place.place_id,
    answer,
    language,
  };
  return request;
}

const FIELD_STEP: Record<Exclude<FieldName, 'form'>, number> = {
  gender: 1,
  s_gender: 2,
  s_age: 3,
  name: 4,
  birth_date: 5,
  place_id: 6,
  answer: 7,
  email: 8,
  password: 8,
};

const CODE_FIELD: Partial<Record<ErrorCode, Exclude<FieldName, 'form'>>> = {
  invalid_gender: 'gender',
  invalid_looking_for: 's_gender',
  invalid_age_range: 's_age',
  invalid_name: 'name',
  invalid_month: 'birth_date',
  invalid_day: 'birth_date',
  invalid_birth_date: 'birth_date',
  underage: 'birth_date',
  invalid_place: 'place_id',
  invalid_answer: 'answer',
  invalid_email: 'email',
  email_taken: 'email',
  password_too_short: 'password',
  password_too_long: 'password',
};

// missing_field names the request's field, which is not always the form's.
const REQUEST_FIELD: Record<string, Exclude<FieldName, 'form'>> = {
  gender: 'gender',
  s_gender: 's_gender',
  s_age: 's_age',
  name: 'name',
  birth_year: 'birth_date',
  birth_month: 'birth_date',
  birth_day: 'birth_date',
  place_id: 'place_id',
  answer: 'answer',
  email: 'email',
  password: 'password',
};

/**
 * Where a server error belongs: the step and field that own it, so the user lands where they can
 * fix it. Errors no step owns stay on the current step as a form error.
 */
export function locateServerError(
  code: ErrorCode,
  field: string | undefined,
  currentStep: number,
): { step: number; field: FieldName } {
  const owner =
    CODE_FIELD[code] ?? (code === 'missing_field' && field ? REQUEST_FIELD[field] : undefined);
  return owner ? { step: FIELD_STEP[owner], field: owner } : { step: currentStep, field: 'form' };
}
