import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { Gender, PlaceSuggestion, ProfileExtras, SearchGender } from '../../realtime/protocol';
import type { FlowId } from './registerFlows';
import { DEFAULT_AGE_RANGE } from './validation';
import type { AgeRange } from './validation';

/** /register's steps (registerFlows.ts): 9, the account created on the 8th, photos on the 9th.
 *  The landing variants have their own counts (accountStepOf, photoStepOf). */
export const REGISTER_STEP_COUNT = 9;
/** Sending this step creates the account. */
export const ACCOUNT_STEP = 8;
/** Shown once the account exists: the photos need its session. */
export const PHOTO_STEP = 9;

export interface RegisterDraft {
  /** The flow `step` counts in; another flow opened in the tab starts at its first step. */
  flow: FlowId;
  step: number;
  gender: Gender | null;
  sGender: SearchGender | null;
  /** What the age-range step shows, and exactly what registration saves. */
  ageRange: AgeRange;
  name: string;
  birthDay: number | null;
  birthMonth: number | null;
  birthYear: number | null;
  place: PlaceSuggestion | null;
  answer: number | null;
  email: string;
  password: string;
  /** The profile extras answered so far (landing variants). */
  extras: ProfileExtras;
}

interface RegisterStore extends RegisterDraft {
  update: (patch: Partial<RegisterDraft>) => void;
  goTo: (step: number) => void;
  reset: () => void;
}

export const EMPTY_DRAFT: RegisterDraft = {
  flow: 'register',
  step: 1,
  gender: null,
  sGender: null,
  ageRange: DEFAULT_AGE_RANGE,
  name: '',
  birthDay: null,
  birthMonth: null,
  birthYear: null,
  place: null,
  answer: null,
  email: '',
  password: '',
  extras: {},
};

export const REGISTER_STORAGE_KEY = 'kesher.register';

/**
 * The onboarding draft. It lives in sessionStorage so a reload keeps the answers, and dies with
 * the tab. The password is never written there: storage is readable by any script on the page.
 */
export const useRegisterStore = create<RegisterStore>()(
  persist(
    (set) => ({
      ...EMPTY_DRAFT,
      update: (patch) => set(patch),
      // The page keeps the step within its flow's account step.
      goTo: (step) => set({ step: Math.max(1, Math.round(step)) }),
      reset: () => set({ ...EMPTY_DRAFT }),
    }),
    {
      name: REGISTER_STORAGE_KEY,
      version: 2,
      // A draft of the earlier version lacks the flow and the extras: the defaults fill them in.
      migrate: (persisted) => ({ ...EMPTY_DRAFT, ...(persisted as Partial<RegisterDraft>) }),
      storage: createJSONStorage(() => sessionStorage),
      partialize: (state): Omit<RegisterDraft, 'password'> => ({
        flow: state.flow,
        step: state.step,
        gender: state.gender,
        sGender: state.sGender,
        ageRange: state.ageRange,
        name: state.name,
        birthDay: state.birthDay,
        birthMonth: state.birthMonth,
        birthYear: state.birthYear,
        place: state.place,
        answer: state.answer,
        email: state.email,
        extras: state.extras,
      }),
    },
  ),
);
