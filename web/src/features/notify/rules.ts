// Pure rules of the in-app notification banner and the notification sounds (spec §2 "In-app
// notification banner", §3 "Cookies", §4 "Banners are suppressed…", §9). No React, no DOM, no
// store: banner.ts, sounds.ts and BannerHost.tsx apply them.
import { BANNER_SWIPE_DISMISS_PX } from '../../app/constants';

export type BannerType =
  'message' | 'credits' | 'coins' | 'wheel_credits' | 'freespin' | 'error' | 'success' | 'info';

export type SoundName = 'message' | 'credit_spent' | 'credits';

/** What the screen is doing right now, as far as the suppression rules care. */
export interface AttentionContext {
  /** A chat with someone is open. */
  chatOpen: boolean;
  /** The credits or the subscriptions (premium) modal is open. */
  purchaseModalOpen: boolean;
}

/** Banner types that still show while the user is busy in a chat or a purchase. */
const BANNERS_THAT_INTERRUPT: ReadonlySet<BannerType> = new Set(['credits', 'success', 'error']);

/** The user is in the middle of something a banner or a sound should not interrupt. */
export function isBusy(ctx: AttentionContext): boolean {
  return ctx.chatOpen || ctx.purchaseModalOpen;
}

/** Spec §4: banners are suppressed while a chat or a purchase modal is open, except the types
 *  credits, success and error. */
export function shouldShowBanner(type: BannerType, ctx: AttentionContext): boolean {
  return !isBusy(ctx) || BANNERS_THAT_INTERRUPT.has(type);
}

export interface SoundContext extends AttentionContext {
  /** The platform is muted (spec §3 "platform info … muted"). */
  muted: boolean;
  /** The volume the ch_notif cookie asks for (soundGain). */
  gain: number;
}

/** Spec §4: sounds are suppressed like banners except the credits sounds, and muted with the
 *  platform. The credit-spent sound belongs to credits: it answers a send made in the open chat. */
export function shouldPlaySound(name: SoundName, ctx: SoundContext): boolean {
  if (ctx.muted || ctx.gain <= 0) return false;
  return !isBusy(ctx) || name === 'credits' || name === 'credit_spent';
}

/** The value of the ch_notif cookie that turns the sounds on. */
export const SOUND_COOKIE_ON = 'true';
/** Spec §9: the notification sound gain when ch_notif is "true". */
export const SOUND_GAIN_ON = 0.5;

/** Spec §3: ch_notif "true" plays notification sounds at half volume; anything else (also no
 *  cookie at all) at zero. */
export function soundGain(cookie: string | null): number {
  return cookie === SOUND_COOKIE_ON ? SOUND_GAIN_ON : 0;
}

/** What stands at the start of a banner. */
export type BannerIcon = 'coin' | 'freespin' | 'error' | 'success' | 'photo';

/** Spec §2: credits, coins and wheel_credits show a coin; freespin a free-spin icon; error a red
 *  cancel; success a green check; anything else the sender's photo (or the no-user image). */
export function bannerIcon(type: BannerType): BannerIcon {
  switch (type) {
    case 'credits':
    case 'coins':
    case 'wheel_credits':
      return 'coin';
    case 'freespin':
      return 'freespin';
    case 'error':
      return 'error';
    case 'success':
      return 'success';
    default:
      return 'photo';
  }
}

/** Spec §9: a banner dragged up by more than 50 px is dismissed. `dy` is the pointer's vertical
 *  travel since it went down (negative = up). */
export function isSwipeDismiss(dy: number, threshold: number = BANNER_SWIPE_DISMISS_PX): boolean {
  return -dy > threshold;
}

/** How far the banner follows the pointer: freely upwards, and only a little downwards (rubber
 *  band), so it is clear that only an upward swipe dismisses. */
export function dragOffset(dy: number): number {
  return dy <= 0 ? dy : Math.min(12, dy / 4);
}

/** Pointer travel under this many pixels is still a tap, not a drag. */
export const TAP_SLOP_PX = 8;
