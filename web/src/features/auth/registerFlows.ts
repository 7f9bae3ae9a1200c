// The onboarding's configurations (spec §2 "Onboarding"): one step engine (RegisterFlow.tsx) runs
// each of them. A configuration is a list of step ids: the core steps every flow has, and the
// profile-extras steps a landing variant adds before the account step. docs/architecture.md
// ("Onboarding flows") lists them with their step counts.
import type { ExtraFieldId, LanguageCode } from '../../realtime/protocol';

/** The steps every flow has, in order; the account is created on 'account', photos come after. */
export const CORE_STEP_IDS = [
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
export type CoreStepId = (typeof CORE_STEP_IDS)[number];

/** Each extras step and the extras it asks; all are optional (skippable). */
export const EXTRAS_STEPS = {
  'relationship-goal': ['relationship_goal'],
  'dating-experience': ['dating_experience'],
  distance: ['distance'],
  communication: ['communication'],
  ethnicity: ['ethnicity'],
  'relationship-status': ['relationship_status'],
  height: ['height'],
  industry: ['industry'],
  interests: ['interests'],
  drink: ['drink'],
  smoke: ['smoke'],
  workout: ['workout'],
  pets: ['pets'],
  children: ['children'],
  'family-plans': ['family_plans'],
  personality: ['personality'],
  // Two related questions on one step, for the shorter flows.
  habits: ['smoke', 'drink'],
  family: ['children', 'family_plans'],
} as const satisfies Record<string, readonly ExtraFieldId[]>;
export type ExtrasStepId = keyof typeof EXTRAS_STEPS;

export type StepId = CoreStepId | ExtrasStepId;

export function isExtrasStep(id: StepId): id is ExtrasStepId {
  return id in EXTRAS_STEPS;
}

export function extrasOfStep(id: StepId): readonly ExtraFieldId[] {
  return isExtrasStep(id) ? EXTRAS_STEPS[id] : [];
}

export type FlowId = 'register' | 'landing' | 'landing-de' | 'landing-blue';

export interface FlowConfig {
  id: FlowId;
  steps: readonly StepId[];
  /** 'blue': the blue landing's colours. */
  theme: 'default' | 'blue';
}

const BEFORE_ACCOUNT = CORE_STEP_IDS.slice(0, 7);

/** The core steps with `extras` between the main reason and the account. */
function withExtras(extras: readonly ExtrasStepId[]): readonly StepId[] {
  return [...BEFORE_ACCOUNT, ...extras, 'account', 'photo'];
}

export const FLOWS: Record<FlowId, FlowConfig> = {
  // /register: the nine steps.
  register: { id: 'register', steps: withExtras([]), theme: 'default' },
  // /landing: fifteen steps, the nine and six about the member.
  landing: {
    id: 'landing',
    steps: withExtras([
      'relationship-goal',
      'height',
      'family',
      'habits',
      'interests',
      'personality',
    ]),
    theme: 'default',
  },
  // /landing in German: ten steps, the nine and what the member is looking for.
  'landing-de': { id: 'landing-de', steps: withExtras(['relationship-goal']), theme: 'default' },
  // /landing-blue: the nine and one step per extra (twenty-five), in blue.
  'landing-blue': {
    id: 'landing-blue',
    steps: withExtras([
      'relationship-goal',
      'dating-experience',
      'distance',
      'communication',
      'relationship-status',
      'children',
      'family-plans',
      'height',
      'ethnicity',
      'industry',
      'interests',
      'drink',
      'smoke',
      'workout',
      'pets',
      'personality',
    ]),
    theme: 'blue',
  },
};

/** The flow a landing path runs: German visitors of /landing get the ten-step version. */
export function landingFlow(path: string, language: LanguageCode): FlowConfig {
  if (path === '/landing-blue') return FLOWS['landing-blue'];
  return language === 'de' ? FLOWS['landing-de'] : FLOWS.landing;
}

/** 1-based positions of the account and photo steps in a flow. */
export function accountStepOf(flow: FlowConfig): number {
  return flow.steps.indexOf('account') + 1;
}
export function photoStepOf(flow: FlowConfig): number {
  return flow.steps.indexOf('photo') + 1;
}

/** The step id at a 1-based position (the first step for anything out of range). */
export function stepIdAt(flow: FlowConfig, step: number): StepId {
  return flow.steps[step - 1] ?? flow.steps[0] ?? 'gender';
}
