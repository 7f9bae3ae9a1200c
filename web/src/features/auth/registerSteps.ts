// The onboarding's steps and their checks, kept apart from the components so they can be tested
// without rendering.
import type {
  ErrorCode,
  ExtraFieldId,
  LanguageCode,
  RegisterRequest,
} from '../../realtime/protocol';
import { checkExtra, extrasForRequest, isAnswered } from '../profile/extras/catalog';
import type { ExtraProblem } from '../profile/extras/catalog';
import type { MessageKey } from './errors';
import { accountStepOf, extrasOfStep, FLOWS } from './registerFlows';
import type { FlowConfig, StepId } from './registerFlows';
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

/** The steps of /register (registerFlows.ts has every flow). */
export const STEP_IDS = FLOWS.register.steps;

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
  | 'extras'
  | 'form';

/** A message to show under a field. */
export type FieldError = MessageKey;
export type StepErrors = Partial<Record<FieldName, FieldError>>;

const err = (key: string, params?: Record<string, string | number>): FieldError =>
  params ? { key, params } : { key };

/** The problems of a step's extras that are answered; unanswered ones are fine (skippable). */
export function extrasProblems(
  fields: readonly ExtraFieldId[],
  draft: RegisterDraft,
): Partial<Record<ExtraFieldId, ExtraProblem>> {
  const problems: Partial<Record<ExtraFieldId, ExtraProblem>> = {};
  for (const id of fields) {
    const value = draft.extras[id];
    if (!isAnswered(value)) continue;
    const problem = checkExtra(id, value);
    if (problem) problems[id] = problem;
  }
  return problems;
}

export function validateStep(
  step: StepId,
  draft: RegisterDraft,
  language: LanguageCode,
  today: Date = new Date(),
): StepErrors {
  switch (step) {
    case 'gender':
      return draft.gender === null ? { gender: err('auth.register.required.gender') } : {};
    case 'looking-for':
      return draft.sGender === null ? { s_gender: err('auth.register.required.lookingFor') } : {};
    case 'age-range': {
      const code = validateAgeRange(draft.ageRange);
      return code ? { s_age: err(`errors.${code}`) } : {};
    }
    case 'name': {
      const code = validateName(draft.name, language);
      return code ? { name: err(`errors.${code}`) } : {};
    }
    case 'birth-date': {
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
    case 'location':
      return draft.place === null ? { place_id: err('errors.invalid_place') } : {};
    case 'reason':
      return draft.answer === null ? { answer: err('auth.register.required.answer') } : {};
    case 'account': {
      const errors: StepErrors = {};
      const email = validateEmail(draft.email);
      if (email) errors.email = err(`errors.${email}`);
      const password = validatePassword(draft.password);
      if (password) errors.password = err(`errors.${password}`);
      return errors;
    }
    case 'photo':
      return {};
    default: {
      // An extras step: nothing is required, but an answer must be one the server takes.
      const problems = extrasProblems(extrasOfStep(step), draft);
      return Object.keys(problems).length > 0 ? { extras: err('errors.invalid_extra') } : {};
    }
  }
}

/** The first step up to the account step (1-based) whose answers are missing or wrong; null when
 *  all are fine. */
export function firstInvalidStep(
  draft: RegisterDraft,
  language: LanguageCode,
  today: Date = new Date(),
  flow: FlowConfig = FLOWS.register,
): { step: number; errors: StepErrors } | null {
  for (let step = 1; step <= accountStepOf(flow); step += 1) {
    const id = flow.steps[step - 1];
    if (!id) break;
    const errors = validateStep(id, draft, language, today);
    if (Object.keys(errors).length > 0) return { step, errors };
  }
  return null;
}

/** Call only after firstInvalidStep returned null. The flow's extras go with it, when answered. */
export function buildRegisterRequest(
  draft: RegisterDraft,
  language: LanguageCode,
  flow: FlowConfig = FLOWS.register,
) {
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
  const asked = new Set(flow.steps.flatMap((id) => extrasOfStep(id)));
  const extras = extrasForRequest(
    Object.fromEntries(
      Object.entries(draft.extras).filter(([id]) => asked.has(id as ExtraFieldId)),
    ),
  );
  if (extras) request.extras = extras;
  return request;
}

const FIELD_STEP: Record<Exclude<FieldName, 'form' | 'extras'>, StepId> = {
  gender: 'gender',
  s_gender: 'looking-for',
  s_age: 'age-range',
  name: 'name',
  birth_date: 'birth-date',
  place_id: 'location',
  answer: 'reason',
  email: 'account',
  password: 'account',
};

const CODE_FIELD: Partial<Record<ErrorCode, Exclude<FieldName, 'form' | 'extras'>>> = {
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
const REQUEST_FIELD: Record<string, Exclude<FieldName, 'form' | 'extras'>> = {
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
  flow: FlowConfig = FLOWS.register,
): { step: number; field: FieldName } {
  if (code === 'invalid_extra' && field?.startsWith('extras.')) {
    // "extras.<field>": the step that asks it.
    const extra = field.slice('extras.'.length);
    const at = flow.steps.findIndex((id) =>
      (extrasOfStep(id) as readonly string[]).includes(extra),
    );
    if (at >= 0) return { step: at + 1, field: 'extras' };
  }
  const owner =
    CODE_FIELD[code] ?? (code === 'missing_field' && field ? REQUEST_FIELD[field] : undefined);
  const at = owner ? flow.steps.indexOf(FIELD_STEP[owner]) : -1;
  return owner && at >= 0 ? { step: at + 1, field: owner } : { step: currentStep, field: 'form' };
}
