// Business constants of spec §9, in one place.
export const BREAKPOINT_WIDE = 865;
export const BREAKPOINT_LIKES = 1200;
export const PING_INTERVAL_MS = 10_000;
export const VALIDATE_RETRY_DELAYS_MS = [500, 1000] as const;
export const VALIDATE_MAX_ATTEMPTS = 3;
export const RECONNECT_REFRESH_DELAY_MS = 1000;
export const HIDDEN_TAB_LOADER_DELAY_MS = 3000;
export const BANNER_DURATION_MS = 3000;
export const FREE_CREDITS_BANNER_MS = 1200;
export const BANNER_SWIPE_DISMISS_PX = 50;
export const REFRESH_DEBOUNCE_MS = 300;
export const CHUNK_RELOAD_GUARD_MS = 60_000;
export const SIGNUP_CREDITS = 200;
export const MIN_CREDITS_TO_SEND = 50;
export const NAME_MAX = 20;
export const NAME_INPUT_MAXLENGTH = 24;
/** docs/protocol.md user/update: a bio is at most 500 characters. */
export const BIO_MAX = 500;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const MIN_AGE = 18;
export const MAX_AGE = 99;
export const SEARCH_AGE_MIN = 18;
export const SEARCH_AGE_MAX = 100;
export const RADIUS_MIN = 1;
export const RADIUS_MAX = 100;
export const LANGUAGE_COOKIE = 'language';
export const LANGUAGE_COOKIE_DAYS = 365;
export const SOUND_COOKIE = 'ch_notif';
export const SOUND_COOKIE_DAYS = 365;
// Realtime client timings.
export const REQUEST_TIMEOUT_MS = 10_000;
export const RECONNECT_DELAYS_MS = [500, 1000, 2000, 4000, 8000] as const;
export const CONTACTS_REDIRECT_MIN_WIDTH = BREAKPOINT_WIDE; // /contacts redirects when wider than this
export const SESSION_HINT_KEY = 'kesher.signed-in';
export const CHUNK_RELOAD_KEY = 'kesher.chunk-reload-at';
/** Spec §9: the push opt-in reward, and the push-skip cookie that "later" sets for a day. */
export const PUSH_CREDITS = 200;
export const PUSH_SKIP_COOKIE = 'push_skip';
export const PUSH_SKIP_COOKIE_DAYS = 1;
