// App-wide state (spec §3 "Global state"). Feature areas keep their own slices; this holds what
// the shell and every area share: who is signed in, configuration, language and counters.
import { create } from 'zustand';
import { DEFAULT_LANGUAGE } from '../i18n/languages';
import type { Configs, LanguageCode, Totals, User } from '../realtime/protocol';
import { writeSessionHint } from './sessionHint';

export interface TermsPlugin {
  version: string;
  url: string;
}

export interface AppState {
  user: User | null;
  authenticated: boolean;
  /** The first session/validate has answered, so guards may decide. */
  authChecked: boolean;
  configs: Partial<Configs>;
  plugins: { terms?: TermsPlugin };
  country: string | null;
  language: LanguageCode;
  totals: Totals | null;
  unreadTotal: number;
  /** Credits of a free-credits claim waiting to be shown in the reward modal. */
  freeCreditsClaimed: number | null;
  creditsModalOpen: boolean;

  setUser(user: User | null): void;
  setLanguage(code: LanguageCode): void;
  setAuthChecked(checked: boolean): void;
  setConfigs(configs: Partial<Configs>): void;
  setPlugins(plugins: { terms?: TermsPlugin }): void;
  setCountry(country: string): void;
  setTotals(totals: Totals | null): void;
  setUnreadTotal(count: number): void;
  setFreeCreditsClaimed(credits: number | null): void;
  setCreditsModalOpen(open: boolean): void;
  /** Forgets everything tied to the signed-in user (logout, lost session). */
  clearSession(): void;
}

export const useAppStore = create<AppState>()((set) => ({
  user: null,
  authenticated: false,
  authChecked: false,
  configs: {},
  plugins: {},
  country: null,
  language: DEFAULT_LANGUAGE,
  totals: null,
  unreadTotal: 0,
  freeCreditsClaimed: null,
  creditsModalOpen: false,

  setUser: (user) => {
    writeSessionHint(user !== null);
    set(
      user
        ? { user, authenticated: true, authChecked: true }
        : { user: null, authenticated: false },
    );
  },
  setLanguage: (language) => set({ language }),
  setAuthChecked: (authChecked) => set({ authChecked }),
  setConfigs: (configs) => set((s) => ({ configs: { ...s.configs, ...configs } })),
  setPlugins: (plugins) => set({ plugins }),
  setCountry: (country) => set({ country }),
  setTotals: (totals) => set({ totals }),
  setUnreadTotal: (unreadTotal) => set({ unreadTotal }),
  setFreeCreditsClaimed: (freeCreditsClaimed) => set({ freeCreditsClaimed }),
  setCreditsModalOpen: (creditsModalOpen) => set({ creditsModalOpen }),
  clearSession: () => {
    writeSessionHint(false);
    set({
      user: null,
      authenticated: false,
      totals: null,
      unreadTotal: 0,
      freeCreditsClaimed: null,
      creditsModalOpen: false,
    });
  },
}));
