import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../app/store';
import { setTestLanguage } from '../auth/testUtils';
import { showNotice } from '../people/overlays';
import { usePremiumModal } from '../premium/store';
import { BannerHost } from './BannerHost';
import { showBanner, useNotifyStore, type BannerInput } from './banner';

beforeAll(async () => {
  await setTestLanguage('en');
});

beforeEach(() => {
  vi.useFakeTimers();
  useNotifyStore.setState({ banner: null, chatPartnerId: null, muted: false });
  useAppStore.setState({ creditsModalOpen: false });
  usePremiumModal.setState({ subscriptionsOpen: false });
});

afterEach(() => {
  vi.useRealTimers();
});

function renderBanner(input: BannerInput) {
  render(<BannerHost />);
  act(() => showBanner(input));
  return screen.getByTestId('people-notice');
}

const gone = () => expect(screen.queryByTestId('people-notice')).toBeNull();

function drag(el: HTMLElement, to: number) {
  fireEvent.pointerDown(el, { pointerId: 1, clientY: 100, button: 0, pointerType: 'touch' });
  fireEvent.pointerMove(el, { pointerId: 1, clientY: 100 + to / 2, pointerType: 'touch' });
  fireEvent.pointerMove(el, { pointerId: 1, clientY: 100 + to, pointerType: 'touch' });
  fireEvent.pointerUp(el, { pointerId: 1, clientY: 100 + to, pointerType: 'touch' });
}

describe('BannerHost', () => {
  it('shows the message at the top in a live region and closes after 3000 ms', () => {
    const banner = renderBanner({ type: 'info', message: 'Hello there' });
    expect(banner).toHaveTextContent('Hello there');
    const region = screen.getByTestId('banner-region');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toContainElement(banner);
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByTestId('people-notice')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    gone();
  });

  it('puts a title (the sender) on its own line above the message (the preview)', () => {
    const banner = renderBanner({ type: 'message', title: 'נועה', message: 'Hi, how are you?' });
    expect(screen.getByTestId('banner-title')).toHaveTextContent('נועה');
    expect(screen.getByTestId('banner-message')).toHaveTextContent('Hi, how are you?');
    expect(banner).toHaveTextContent('נועהHi, how are you?');
  });

  it('honours a shorter duration (free credits: 1200 ms)', () => {
    renderBanner({ type: 'credits', message: '+200', durationMs: 1200 });
    act(() => vi.advanceTimersByTime(1200));
    gone();
  });

  it('waits while hovered by a mouse', () => {
    const banner = renderBanner({ type: 'info', message: 'Hover me' });
    fireEvent.pointerEnter(banner, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByTestId('people-notice')).toBeInTheDocument();
    fireEvent.pointerLeave(banner, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(3000));
    gone();
  });

  it('runs the callback and closes on click', () => {
    const onClick = vi.fn();
    const banner = renderBanner({ type: 'message', message: 'You have a new message', onClick });
    fireEvent.click(banner);
    expect(onClick).toHaveBeenCalledTimes(1);
    gone();
  });

  it('offers the callback as a button for keyboard users', () => {
    const onClick = vi.fn();
    renderBanner({ type: 'message', message: 'Open chat', onClick });
    fireEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    gone();
  });

  it('closes with the close button without running the callback', () => {
    const onClick = vi.fn();
    renderBanner({ type: 'message', message: 'Hi', onClick });
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(onClick).not.toHaveBeenCalled();
    gone();
  });

  it('is dismissed by a swipe up of more than 50 px, without a click', () => {
    const onClick = vi.fn();
    const banner = renderBanner({ type: 'message', message: 'Swipe me', onClick });
    drag(banner, -60);
    gone();
    expect(onClick).not.toHaveBeenCalled();
  });

  it('snaps back after a short swipe, and the click that ends a drag is not a tap', () => {
    const onClick = vi.fn();
    const banner = renderBanner({ type: 'message', message: 'Stay', onClick });
    drag(banner, -40);
    fireEvent.click(banner);
    expect(onClick).not.toHaveBeenCalled();
    expect(screen.getByTestId('people-notice')).toBe(banner);
    expect(banner.style.translate).toBe('');
    drag(banner, 90);
    expect(screen.getByTestId('people-notice')).toBeInTheDocument();
    // Still closes on its own afterwards.
    act(() => vi.advanceTimersByTime(3000));
    gone();
  });

  it('shows a coin for credits, coins and wheel credits', () => {
    render(<BannerHost />);
    for (const type of ['credits', 'coins', 'wheel_credits'] as const) {
      act(() => showBanner({ type, message: type }));
      const banner = screen.getByTestId('people-notice');
      expect(banner.querySelector('.coin-icon')).not.toBeNull();
      expect(banner).toHaveAttribute('data-banner-type', type);
    }
  });

  it('shows the free-spin icon, a red cancel and a green check', () => {
    render(<BannerHost />);
    act(() => showBanner({ type: 'freespin', message: 'Free spin' }));
    expect(screen.getByTestId('people-notice').querySelector('.freespin-icon')).not.toBeNull();
    act(() => showBanner({ type: 'error', message: 'Oops' }));
    expect(
      screen.getByTestId('people-notice').querySelector('.banner__badge--error'),
    ).not.toBeNull();
    act(() => showBanner({ type: 'success', message: 'Done' }));
    expect(
      screen.getByTestId('people-notice').querySelector('.banner__badge--success'),
    ).not.toBeNull();
  });

  it("shows the sender's photo, or the no-user image without one", () => {
    render(<BannerHost />);
    act(() => showBanner({ type: 'message', message: 'Hi', photo: '/media/noa.jpg' }));
    expect(screen.getByTestId('people-notice').querySelector('img')).toHaveAttribute(
      'src',
      '/media/noa.jpg',
    );
    act(() => showBanner({ type: 'message', message: 'Hi', photo: null }));
    const banner = screen.getByTestId('people-notice');
    expect(banner.querySelector('img')).toBeNull();
    expect(banner.querySelector('.avatar svg')).not.toBeNull();
  });

  it('draws showNotice as a banner of its tone', () => {
    render(<BannerHost />);
    act(() => showNotice('User blocked', 'success'));
    const banner = screen.getByTestId('people-notice');
    expect(banner).toHaveTextContent('User blocked');
    expect(banner).toHaveAttribute('data-banner-type', 'success');
  });

  it('shows nothing for a suppressed banner while a chat is open', () => {
    render(<BannerHost />);
    act(() => useNotifyStore.getState().setChatPartnerId(5));
    act(() => showBanner({ type: 'message', message: 'Hi' }));
    gone();
  });
});
