// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { EXTRA_FIELDS } from '../profile/extras/catalog';
import {
  accountStepOf,
  CORE_STEP_IDS,
  extrasOfStep,
  FLOWS,
  isExtrasStep,
  landingFlow,
  photoStepOf,
} from './registerFlows';
import { EMPTY_DRAFT } from './registerStore';
import type { RegisterDraft } from './registerStore';
import {
  buildRegisterRequest,
  firstInvalidStep,
  locateServerError,
  validateStep,
} from './registerSteps';

const today = new Date(2026, 2, 10, 12);

const complete: RegisterDraft = {
  ...EMPTY_DRAFT,
  gender: 1,
  sGender: 2,
  ageRange: { min: 25, max: 40 },
  name: 'Avi',
  birthDay: 3,
  birthMonth: 7,
  birthYear: 1990,
  place: { place_id: 293397, description: 'Tel Aviv-Yafo, Israel' },
  answer: 1,
  email: 'avi@example.com',
  password: 'correct horse',
};

describe('the flows', () => {
  it('have the step counts of spec §2', () => {
    expect(FLOWS.register.steps).toHaveLength(9);
    expect(FLOWS.landing.steps).toHaveLength(15);
    expect(FLOWS['landing-de'].steps).toHaveLength(10);
    // "about 26": the nine and one step for each of the sixteen extras.
    expect(FLOWS['landing-blue'].steps).toHaveLength(25);
  });

  it('are each the core steps in order, extras before the account, the photo last', () => {
    for (const flow of Object.values(FLOWS)) {
      expect(new Set(flow.steps).size, flow.id).toBe(flow.steps.length);
      expect(
        flow.steps.filter((id) => !isExtrasStep(id)),
        flow.id,
      ).toEqual([...CORE_STEP_IDS]);
      expect(photoStepOf(flow), flow.id).toBe(flow.steps.length);
      expect(accountStepOf(flow), flow.id).toBe(flow.steps.length - 1);
      expect(flow.steps.indexOf('reason'), flow.id).toBe(6);
    }
  });

  it('asks every extra once on the blue landing', () => {
    const asked = FLOWS['landing-blue'].steps.flatMap((id) => extrasOfStep(id));
    expect([...asked].sort()).toEqual(EXTRA_FIELDS.map((f) => f.id).sort());
    expect(FLOWS['landing-blue'].theme).toBe('blue');
  });

  it('gives German visitors of /landing the ten steps', () => {
    expect(landingFlow('/landing', 'de').id).toBe('landing-de');
    expect(landingFlow('/landing', 'he').id).toBe('landing');
    expect(landingFlow('/landing', 'en').id).toBe('landing');
    expect(landingFlow('/landing-blue', 'de').id).toBe('landing-blue');
  });
});

describe('extras steps', () => {
  it('may be left unanswered', () => {
    expect(validateStep('height', EMPTY_DRAFT, 'en', today)).toEqual({});
    expect(validateStep('habits', EMPTY_DRAFT, 'en', today)).toEqual({});
  });

  it('refuse an answer the server would refuse', () => {
    const tall = { ...EMPTY_DRAFT, extras: { height: 260 } };
    expect(validateStep('height', tall, 'en', today)).toEqual({
      extras: { key: 'errors.invalid_extra' },
    });
    const odd = { ...EMPTY_DRAFT, extras: { smoke: 'cigars' } };
    expect(validateStep('habits', odd, 'en', today)).toHaveProperty('extras');
    expect(
      validateStep('height', { ...EMPTY_DRAFT, extras: { height: 172 } }, 'en', today),
    ).toEqual({});
  });

  it('stop the flow at the first bad answer before the account is created', () => {
    const draft = { ...complete, extras: { height: 90 } };
    expect(firstInvalidStep(draft, 'en', today, FLOWS.landing)?.step).toBe(
      FLOWS.landing.steps.indexOf('height') + 1,
    );
    // /register never asks height, so the same draft is fine there.
    expect(firstInvalidStep(draft, 'en', today, FLOWS.register)).toBeNull();
  });
});

describe('the registration request of a flow', () => {
  const draft = {
    ...complete,
    extras: { height: 180, interests: ['wine', 'travel'], ethnicity: 'european' },
  };

  it('carries the answered extras the flow asks, interests in catalogue order', () => {
    expect(buildRegisterRequest(draft, 'en', FLOWS.landing).extras).toEqual({
      height: 180,
      interests: ['travel', 'wine'],
    });
    expect(buildRegisterRequest(draft, 'en', FLOWS['landing-blue']).extras).toEqual({
      ethnicity: 'european',
      height: 180,
      interests: ['travel', 'wine'],
    });
  });

  it('carries none on /register', () => {
    expect(buildRegisterRequest(draft, 'en')).not.toHaveProperty('extras');
  });
});

describe('server errors in a flow', () => {
  it('send invalid_extra to the step that asks the field', () => {
    expect(locateServerError('invalid_extra', 'extras.smoke', 14, FLOWS.landing)).toEqual({
      step: FLOWS.landing.steps.indexOf('habits') + 1,
      field: 'extras',
    });
    expect(locateServerError('invalid_extra', 'extras.smoke', 24, FLOWS['landing-blue'])).toEqual({
      step: FLOWS['landing-blue'].steps.indexOf('smoke') + 1,
      field: 'extras',
    });
  });

  it('send core errors to their step in a longer flow', () => {
    expect(locateServerError('email_taken', undefined, 24, FLOWS['landing-blue'])).toEqual({
      step: 24,
      field: 'email',
    });
    expect(locateServerError('underage', undefined, 14, FLOWS.landing)).toEqual({
      step: 5,
      field: 'birth_date',
    });
  });
});
