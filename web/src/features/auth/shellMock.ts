// Test double for ./shell, used as vi.mock('./shell', () => import('./shellMock')). Only tests
// import this file.
import { vi } from 'vitest';
import { create } from 'zustand';
import type { LanguageCode, ModuleName, Reply, User } from '../../realtime/protocol';
import { TEST_USER } from '../../realtime/testing';

type Handler = (module: ModuleName, payload: unknown) => Promise<Reply>;

/** Records every request; tests decide the answer with realtime.request.mockImplementation. */
export const realtime = {
  request: vi.fn<Handler>(async (module) => ({ module, request_status: 1 })),
  reconnect: vi.fn<() => void>(),
  on: vi.fn<(module: string, handler: (message: never) => void) => () => void>(
    () => () => undefined,
  ),
};

interface TestAppState {
  user: User | null;
  authenticated: boolean;
  language: LanguageCode;
  finishingRegistration: boolean;
  setUser: (user: User | null) => void;
  setFinishingRegistration: (finishing: boolean) => void;
  clearSession: () => void;
}

export const useAppStore = create<TestAppState>()((set) => ({
  user: null,
  authenticated: false,
  language: 'en',
  finishingRegistration: false,
  setUser: (user) => set({ user, authenticated: user !== null }),
  setFinishingRegistration: (finishingRegistration) => set({ finishingRegistration }),
  clearSession: () => set({ user: null, authenticated: false, finishingRegistration: false }),
}));

export const logOut = vi.fn<() => void>();

export function useLogout() {
  return { logOut, pending: false };
}

export const leaveAfterErasure = vi.fn<() => void>();

export function useLeaveAfterErasure() {
  return leaveAfterErasure;
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
  return { ...TEST_USER, email: 'dana@example.com', language: 'en', ...patch };
}
