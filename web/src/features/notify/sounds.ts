// Notification sounds (spec §3 "Cookies", §4, §9): short static files under public/sounds/,
// played at the volume the ch_notif cookie asks for (0.5 when "true", otherwise silent), held back
// while a chat or a purchase modal is open (except 'credits') and silent while the platform is
// muted. Browsers may refuse to play before the user has interacted; that is ignored.
import { readCookie, writeCookie } from '../../app/cookies';
import { SOUND_COOKIE, SOUND_COOKIE_DAYS } from '../../app/constants';
import { shouldPlaySound, SOUND_COOKIE_ON, soundGain, type SoundName } from './rules';
import { currentAttention, useNotifyStore } from './store';

export type { SoundName } from './rules';

/** The file of each sound, relative to the site root. */
export const SOUND_FILES: Readonly<Record<SoundName, string>> = {
  message: 'sounds/message.wav',
  credit_spent: 'sounds/credit-spent.wav',
  credits: 'sounds/credits.wav',
};

const players = new Map<SoundName, HTMLAudioElement>();

function player(name: SoundName): HTMLAudioElement | null {
  const existing = players.get(name);
  if (existing) return existing;
  if (typeof Audio === 'undefined') return null;
  const audio = new Audio(`${import.meta.env.BASE_URL}${SOUND_FILES[name]}`);
  audio.preload = 'auto';
  players.set(name, audio);
  return audio;
}

/** Plays a notification sound if the rules allow it; never throws. */
export function playSound(name: SoundName): void {
  const gain = soundGain(readCookie(SOUND_COOKIE));
  const ctx = { ...currentAttention(), muted: useNotifyStore.getState().muted, gain };
  if (!shouldPlaySound(name, ctx)) return;
  try {
    const audio = player(name);
    if (!audio) return;
    audio.volume = gain;
    audio.currentTime = 0;
    // Autoplay policies reject the promise until the user has interacted with the page.
    const playing = audio.play() as Promise<void> | undefined;
    playing?.catch(() => undefined);
  } catch {
    // No audio support (or a broken element): sounds are a nicety, never an error.
  }
}

/** Mutes or unmutes every notification sound (the platform's mute flag). */
export function setMuted(muted: boolean): void {
  useNotifyStore.getState().setMuted(muted);
}

/** Whether the user turned notification sounds on (the ch_notif cookie). */
export function soundsEnabled(): boolean {
  return readCookie(SOUND_COOKIE) === SOUND_COOKIE_ON;
}

/** Turns notification sounds on or off for 365 days (spec §9). */
export function setSoundsEnabled(on: boolean): void {
  writeCookie(SOUND_COOKIE, on ? SOUND_COOKIE_ON : 'false', SOUND_COOKIE_DAYS);
}

/** Forgets the cached audio elements (tests). */
export function resetSoundPlayers(): void {
  players.clear();
}
