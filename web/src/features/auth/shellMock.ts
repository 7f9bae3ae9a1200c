// Test double for ./shell, used as vi.mock('./shell', () => import('./shellMock')). Only tests
// import this file.
import { vi } from 'vitest';
import { create } from 'zustand';
import type { LanguageCode, ModuleName, Reply, RequestOf, User } from '../../realtime/protocol';

type Handler = (module: ModuleName, payload: unknown) => Promise<Reply>;

/** Records every request; tests decide the answer with realtime.request.mockImplementation. */
export const realtime = {
  request: vi.fn<Handler>(async (module) => ({ module, request_status: 1 })),
  reconnect: vi.fn<() => void>(),
};

export type RequestCall<M extends ModuleName> = [M, RequestOf<M>];

interface TestAppState {
  user: User | null;
  authenticated: boolean;
  language: LanguageCode;
  setUser: (user: User | null) => void;
  clearSession: () => void;
}

export const useAppStore = create<TestAppState>()((set) => ({
  user: null,
  authenticated: false,
  language: 'en',
  setUser: (user) => set({ user, authenticated: user !== null }),
  clearSession: () => set({ user: null, authenticated: false }),
}));

export const logOut = vi.fn<() => void>();

export function useLogout() {
  return { logOut, pending: false };
}

export function LanguagePicker() {
  return null;
}

export function BrandMark() {
  return null;
}

export function Icon() {
  return null;
}

export function makeUser(patch: Partial<User> = {}): User {
  return {
    id: 12,
    name: 'Dana',
    age: 31,
    gender: 2,
    email: 'dana@example.com',
    photo: null,
    photos: [],
    avatar: null,
    bio: '',
    answer: 3,
    language: 'en',
    city: 'Tel Aviv',
    country: 'Israel',
    country_code: 'IL',
    place_id: 293397,
    s_gender: 1,
    s_age: '25,40',
    s_radius: 50,
    credits: 200,
    premium: 0,
    status: 1,
    has_story: 0,
    stories: [],
    sof_spin_available: 0,
    sof_can_spin: 1,
    claimed_free_account_credits: 1,
    email_verified: 0,
    ...patch,
  };
}
