// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { guardDecision } from './guardRules';
import { contactsRedirect, isActivePath, tabBarMode } from './navigation';

describe('tabBarMode', () => {
  it('hides the bar on the information pages', () => {
    for (const path of ['/support', '/privacy', '/terms-and-conditions', '/privacy/']) {
      expect(tabBarMode(path)).toBe('hidden');
    }
  });

  it('is dark on /stories and light elsewhere', () => {
    expect(tabBarMode('/stories')).toBe('dark');
    expect(tabBarMode('/stories/')).toBe('dark');
    expect(tabBarMode('/explore')).toBe('light');
    expect(tabBarMode('/storiesx')).toBe('light');
    expect(tabBarMode('/tos')).toBe('light');
  });
});

describe('isActivePath', () => {
  it('matches the path and its sub-paths only', () => {
    expect(isActivePath('/chat/dana', '/chat')).toBe(true);
    expect(isActivePath('/chat', '/chat')).toBe(true);
    expect(isActivePath('/chats', '/chat')).toBe(false);
  });
});

describe('contactsRedirect', () => {
  it('sends wide screens (above 865 px) to /profile', () => {
    expect(contactsRedirect(866)).toBe('/profile');
    expect(contactsRedirect(1440)).toBe('/profile');
    expect(contactsRedirect(865)).toBeNull();
    expect(contactsRedirect(390)).toBeNull();
  });
});

describe('guardDecision', () => {
  const state = (authenticated: boolean, authChecked: boolean) => ({ authenticated, authChecked });

  it('waits for the first validation before judging a protected page', () => {
    expect(guardDecision('authenticated', state(false, false))).toBe('wait');
    expect(guardDecision('authenticated', state(false, true))).toEqual({ redirect: '/' });
    expect(guardDecision('authenticated', state(true, true))).toBe('render');
    // Right after login the user is known before any socket validation.
    expect(guardDecision('authenticated', state(true, false))).toBe('render');
  });

  it('sends signed-in users away from guest pages', () => {
    expect(guardDecision('guest', state(true, true))).toEqual({ redirect: '/explore' });
    expect(guardDecision('guest', state(false, false))).toBe('render');
    expect(guardDecision('guest', state(false, true))).toBe('render');
  });

  it('keeps /register open to a member finishing its photo step', () => {
    const finishing = { ...state(true, true), finishingRegistration: true };
    expect(guardDecision('guest', finishing)).toBe('render');
    expect(guardDecision('authenticated', finishing)).toBe('render');
  });
});
