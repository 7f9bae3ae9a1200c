// @vitest-environment node
import { pushPrompt, type PromptFacts } from './promptRules';
import type { DeviceOs } from './platform';

const base: PromptFacts = {
  credits: 0,
  os: 'android',
  standalone: false,
  subscribed: false,
  skipped: false,
  permission: 'default',
  pushSupported: true,
};

describe('pushPrompt', () => {
  it('Android with no credits, not subscribed, not skipped: the subscribe variant', () => {
    expect(pushPrompt(base)).toBe('subscribe');
    expect(pushPrompt({ ...base, standalone: true })).toBe('subscribe');
    expect(pushPrompt({ ...base, permission: 'granted' })).toBe('subscribe');
  });

  it('iOS installed (standalone): the subscribe variant; iOS in Safari: add to home', () => {
    expect(pushPrompt({ ...base, os: 'ios', standalone: true })).toBe('subscribe');
    expect(pushPrompt({ ...base, os: 'ios', standalone: false })).toBe('add-to-home');
    // Safari outside the home screen app has no PushManager: still the add-to-home variant.
    expect(
      pushPrompt({
        ...base,
        os: 'ios',
        standalone: false,
        pushSupported: false,
        permission: 'unsupported',
      }),
    ).toBe('add-to-home');
  });

  it('never with credits above 0, or before the balance is known', () => {
    for (const credits of [1, 50, 200, null]) {
      for (const os of ['ios', 'android'] as DeviceOs[]) {
        expect(pushPrompt({ ...base, os, credits }), `${os} ${credits}`).toBeNull();
        expect(pushPrompt({ ...base, os, standalone: true, credits })).toBeNull();
      }
    }
  });

  it('never when subscribed, or before the subscription is known', () => {
    for (const subscribed of [true, null]) {
      expect(pushPrompt({ ...base, subscribed })).toBeNull();
      expect(pushPrompt({ ...base, os: 'ios', subscribed })).toBeNull();
      expect(pushPrompt({ ...base, os: 'ios', standalone: true, subscribed })).toBeNull();
    }
  });

  it('never when skipped (the push-skip cookie)', () => {
    expect(pushPrompt({ ...base, skipped: true })).toBeNull();
    expect(pushPrompt({ ...base, os: 'ios', skipped: true })).toBeNull();
    expect(pushPrompt({ ...base, os: 'ios', standalone: true, skipped: true })).toBeNull();
  });

  it('never on other systems (desktops)', () => {
    expect(pushPrompt({ ...base, os: 'other' })).toBeNull();
    expect(pushPrompt({ ...base, os: 'other', standalone: true })).toBeNull();
  });

  it('not the subscribe variant where it cannot work: no push support, or permission denied', () => {
    expect(pushPrompt({ ...base, pushSupported: false })).toBeNull();
    expect(pushPrompt({ ...base, permission: 'denied' })).toBeNull();
    expect(pushPrompt({ ...base, os: 'ios', standalone: true, permission: 'denied' })).toBeNull();
  });

  it('covers every combination exactly as the spec says', () => {
    const bools = [true, false];
    for (const credits of [0, 10, null])
      for (const os of ['ios', 'android', 'other'] as DeviceOs[])
        for (const standalone of bools)
          for (const subscribed of [true, false, null])
            for (const skipped of bools) {
              const facts = { ...base, credits, os, standalone, subscribed, skipped };
              const eligible = credits === 0 && subscribed === false && !skipped && os !== 'other';
              const expected = !eligible
                ? null
                : os === 'ios' && !standalone
                  ? 'add-to-home'
                  : 'subscribe';
              expect(pushPrompt(facts), JSON.stringify(facts)).toBe(expected);
            }
  });
});
