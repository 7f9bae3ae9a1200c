import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { Gender, PlaceSuggestion, SearchGender } from '../../realtime/protocol';
import { DEFAULT_AGE_RANGE } from './validation';
import type { AgeRange } from './validation';

export const REGISTER_STEP_COUNT = 9;
/** Sending this step creates the account. */
export const ACCOUNT_STEP = 8;
/** Shown once the account exists: the photos need its session. */
export const PHOTO_STEP = 9;

export interface RegisterDraft {
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
}

interface RegisterStore extends RegisterDraft {
  update: (patch: Partial<RegisterDraft>) => void;
  goTo: (step: number) => void;
  reset: () => void;
}

export const EMPTY_DRAFT: RegisterDraft = {
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
      goTo: (step) => set({ step: Math.min(ACCOUNT_STEP, Math.max(1, Math.round(step))) }),
      reset: () => set({ ...EMPTY_DRAFT }),
    }),
    {
      name: REGISTER_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => sessionStorage),
      partialize: (state): Omit<RegisterDraft, 'password'> => ({
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
      }),
    },
  ),
);
