// @vitest-environment node
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BANNER_DURATION_MS, FREE_CREDITS_BANNER_MS } from '../../app/constants';
import { useAppStore } from '../../app/store';
import { showNotice } from '../people/overlays';
import { usePremiumModal } from '../premium/store';
import { dismissBanner, setChatOpen, showBanner, useNotifyStore } from './banner';

beforeEach(() => {
  useNotifyStore.setState({ banner: null, chatPartnerId: null, muted: false });
  useAppStore.setState({ creditsModalOpen: false });
  usePremiumModal.setState({ subscriptionsOpen: false });
});

const current = () => useNotifyStore.getState().banner;

describe('showBanner', () => {
  it('stores the banner with the default duration and no photo or callback', () => {
    showBanner({ type: 'message', message: 'You have a new message' });
    expect(current()).toMatchObject({
      type: 'message',
      message: 'You have a new message',
      photo: null,
      onClick: null,
      durationMs: BANNER_DURATION_MS,
    });
  });

  it('keeps a photo, a callback and a custom duration', () => {
    const onClick = vi.fn();
    showBanner({
      type: 'credits',
      message: '+200',
      photo: '/media/a.jpg',
      onClick,
      durationMs: FREE_CREDITS_BANNER_MS,
    });
    expect(current()).toMatchObject({ photo: '/media/a.jpg', onClick, durationMs: 1200 });
  });

  it('replaces the banner on screen with a newer one', () => {
    showBanner({ type: 'info', message: 'first' });
    const first = current()?.id ?? 0;
    showBanner({ type: 'info', message: 'second' });
    expect(current()?.message).toBe('second');
    expect(current()?.id).toBeGreaterThan(first);
    // A late dismissal of the first one leaves the second alone.
    dismissBanner(first);
    expect(current()?.message).toBe('second');
    dismissBanner();
    expect(current()).toBeNull();
  });

  it('holds back a message banner while a chat is open, but not an error', () => {
    setChatOpen(7);
    expect(useNotifyStore.getState().chatPartnerId).toBe(7);
    showBanner({ type: 'message', message: 'hi' });
    expect(current()).toBeNull();
    showBanner({ type: 'error', message: 'Not enough credits' });
    expect(current()?.type).toBe('error');
    setChatOpen(null);
    showBanner({ type: 'message', message: 'hi' });
    expect(current()?.type).toBe('message');
  });

  it('holds back coins and free spins while the credits or subscriptions modal is open', () => {
    useAppStore.setState({ creditsModalOpen: true });
    showBanner({ type: 'coins', message: '+50' });
    showBanner({ type: 'freespin', message: 'spin' });
    expect(current()).toBeNull();
    showBanner({ type: 'credits', message: '+200' });
    expect(current()?.type).toBe('credits');

    useAppStore.setState({ creditsModalOpen: false });
    usePremiumModal.setState({ subscriptionsOpen: true });
    showBanner({ type: 'wheel_credits', message: '+100' });
    expect(current()?.type).toBe('credits');
    showBanner({ type: 'success', message: 'Done' });
    expect(current()?.type).toBe('success');
  });
});

describe('showNotice', () => {
  it('is a banner of its tone', () => {
    showNotice('User blocked', 'success');
    expect(current()).toMatchObject({ type: 'success', message: 'User blocked' });
    showNotice('Oops', 'error');
    expect(current()).toMatchObject({ type: 'error', message: 'Oops' });
    showNotice('Hello');
    expect(current()).toMatchObject({ type: 'info', message: 'Hello' });
  });
});
