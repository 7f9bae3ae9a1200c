// App-wide state (spec §3 "Global state"). Feature areas keep their own slices; this holds what
// the shell and every area share: who is signed in, configuration, language and counters.
import { create } from 'zustand';
import { DEFAULT_LANGUAGE } from '../i18n/languages';
import type { Configs, LanguageCode, PhotoEntry, Totals, User } from '../realtime/protocol';
import { writeSessionHint } from './sessionHint';

export interface TermsPlugin {
  version: string;
  url: string;
}

/** Why the credits modal opened: a send the balance could not pay for. */
export interface CreditsNeed {
  /** `image` for a picture or a profile photo, `story` for a reply to a story. */
  kind: 'text' | 'gift' | 'image' | 'story';
  /** The price of what was being sent. */
  price: number;
  /** The least balance that may send it: max(min_credits_to_send, price). */
  required: number;
}

/** The live connection as the screens show it (app-wide banner, presence, the chat). */
export type ConnectionState = 'live' | 'reconnecting' | 'offline';

export type FreeCreditsReason = 'signup' | 'push';

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
  /** Why those credits came: signing up, or turning push notifications on. */
  freeCreditsReason: FreeCreditsReason;
  creditsModalOpen: boolean;
  /** Set when a send opened the credits modal; null when it was opened to look. */
  creditsNeed: CreditsNeed | null;
  connection: ConnectionState;
  /** A member who just created their account is adding photos on the registration's last step:
   *  /register stays open to them (guest-only otherwise), and the reward modal waits. */
  finishingRegistration: boolean;
  /** Grows when the member's data should be fetched again (after a payment, spec §4): lists
   *  that depend on credits or premium reload when it changes. */
  dataEpoch: number;
  /** The member just erased their account (settings, "Your data"): the landing page says
   *  goodbye until someone signs in. */
  accountErased: boolean;

  setUser(user: User | null): void;
  setAccountErased(erased: boolean): void;
  /** The member's photos changed (here or in another tab): the first one is their photo. */
  setPhotos(photos: PhotoEntry[]): void;
  setFinishingRegistration(finishing: boolean): void;
  setLanguage(code: LanguageCode): void;
  setAuthChecked(checked: boolean): void;
  setConfigs(configs: Partial<Configs>): void;
  setPlugins(plugins: { terms?: TermsPlugin }): void;
  setCountry(country: string): void;
  setTotals(totals: Totals | null): void;
  setUnreadTotal(count: number): void;
  setFreeCreditsClaimed(credits: number | null, reason?: FreeCreditsReason): void;
  setCreditsModalOpen(open: boolean, need?: CreditsNeed | null): void;
  setConnection(connection: ConnectionState): void;
  /** The balance changed (a payment, the wheel, a boost, another tab). */
  setCredits(credits: number): void;
  bumpDataEpoch(): void;
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
  freeCreditsReason: 'signup',
  creditsModalOpen: false,
  creditsNeed: null,
  connection: 'live',
  finishingRegistration: false,
  dataEpoch: 0,
  accountErased: false,

  setUser: (user) => {
    writeSessionHint(user !== null);
    set(
      user
        ? { user, authenticated: true, authChecked: true, accountErased: false }
        : { user: null, authenticated: false },
    );
  },
  setAccountErased: (accountErased) => set({ accountErased }),
  setPhotos: (photos) =>
    set((s) => (s.user ? { user: { ...s.user, photos, photo: photos[0]?.photo ?? null } } : s)),
  setFinishingRegistration: (finishingRegistration) => set({ finishingRegistration }),
  setLanguage: (language) => set({ language }),
  setAuthChecked: (authChecked) => set({ authChecked }),
  setConfigs: (configs) => set((s) => ({ configs: { ...s.configs, ...configs } })),
  setPlugins: (plugins) => set({ plugins }),
  setCountry: (country) => set({ country }),
  setTotals: (totals) => set({ totals }),
  setUnreadTotal: (unreadTotal) => set({ unreadTotal }),
  setFreeCreditsClaimed: (freeCreditsClaimed, reason) =>
    set((s) => ({
      freeCreditsClaimed,
      freeCreditsReason: reason ?? (freeCreditsClaimed === null ? s.freeCreditsReason : 'signup'),
    })),
  setCreditsModalOpen: (creditsModalOpen, need = null) =>
    set({ creditsModalOpen, creditsNeed: creditsModalOpen ? need : null }),
  setConnection: (connection) => set({ connection }),
  setCredits: (credits) =>
    set((s) => (s.user && s.user.credits !== credits ? { user: { ...s.user, credits } } : s)),
  bumpDataEpoch: () => set((s) => ({ dataEpoch: s.dataEpoch + 1 })),
  clearSession: () => {
    writeSessionHint(false);
    set({
      user: null,
      authenticated: false,
      totals: null,
      unreadTotal: 0,
      freeCreditsClaimed: null,
      creditsModalOpen: false,
      creditsNeed: null,
      finishingRegistration: false,
    });
  },
}));
