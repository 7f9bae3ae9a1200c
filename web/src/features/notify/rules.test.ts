// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  bannerIcon,
  dragOffset,
  isSwipeDismiss,
  shouldPlaySound,
  shouldShowBanner,
  soundGain,
  type BannerType,
  type SoundName,
} from './rules';

const ALL_TYPES: BannerType[] = [
  'message',
  'credits',
  'coins',
  'wheel_credits',
  'freespin',
  'error',
  'success',
  'info',
];
const IDLE = { chatOpen: false, purchaseModalOpen: false };
const IN_CHAT = { chatOpen: true, purchaseModalOpen: false };
const BUYING = { chatOpen: false, purchaseModalOpen: true };

describe('shouldShowBanner', () => {
  it('shows every type when nothing holds the user', () => {
    for (const type of ALL_TYPES) expect(shouldShowBanner(type, IDLE)).toBe(true);
  });

  it('lets only credits, success and error through while a chat or a purchase is open', () => {
    for (const ctx of [IN_CHAT, BUYING, { chatOpen: true, purchaseModalOpen: true }]) {
      const shown = ALL_TYPES.filter((type) => shouldShowBanner(type, ctx));
      expect(shown).toEqual(['credits', 'error', 'success']);
    }
  });
});

describe('soundGain (ch_notif)', () => {
  it('is half volume only for the exact value "true"', () => {
    expect(soundGain('true')).toBe(0.5);
    expect(soundGain('false')).toBe(0);
    expect(soundGain('TRUE')).toBe(0);
    expect(soundGain('1')).toBe(0);
    expect(soundGain('')).toBe(0);
    expect(soundGain(null)).toBe(0);
  });
});

describe('shouldPlaySound', () => {
  const on = { ...IDLE, muted: false, gain: 0.5 };
  const names: SoundName[] = ['message', 'credit_spent', 'credits'];

  it('plays every sound when enabled and nothing holds the user', () => {
    for (const name of names) expect(shouldPlaySound(name, on)).toBe(true);
  });

  it('is silent at zero gain (no ch_notif) and while the platform is muted', () => {
    for (const name of names) {
      expect(shouldPlaySound(name, { ...on, gain: 0 })).toBe(false);
      expect(shouldPlaySound(name, { ...on, muted: true })).toBe(false);
    }
  });

  it('lets only the credits sounds through while a chat or a purchase is open', () => {
    for (const ctx of [IN_CHAT, BUYING]) {
      expect(names.filter((name) => shouldPlaySound(name, { ...on, ...ctx }))).toEqual([
        'credit_spent',
        'credits',
      ]);
    }
  });

  it('keeps even credits silent when muted', () => {
    expect(shouldPlaySound('credits', { ...on, ...IN_CHAT, muted: true })).toBe(false);
  });
});

describe('bannerIcon', () => {
  it('maps every type to its icon', () => {
    expect(Object.fromEntries(ALL_TYPES.map((type) => [type, bannerIcon(type)]))).toEqual({
      message: 'photo',
      credits: 'coin',
      coins: 'coin',
      wheel_credits: 'coin',
      freespin: 'freespin',
      error: 'error',
      success: 'success',
      info: 'photo',
    });
  });
});

describe('swipe', () => {
  it('dismisses only when dragged up by more than 50 px', () => {
    expect(isSwipeDismiss(-51)).toBe(true);
    expect(isSwipeDismiss(-200)).toBe(true);
    expect(isSwipeDismiss(-50)).toBe(false);
    expect(isSwipeDismiss(-10)).toBe(false);
    expect(isSwipeDismiss(80)).toBe(false);
  });

  it('follows upward drags freely and downward ones only a little', () => {
    expect(dragOffset(-70)).toBe(-70);
    expect(dragOffset(0)).toBe(0);
    expect(dragOffset(20)).toBe(5);
    expect(dragOffset(400)).toBe(12);
  });
});
