import { act, render, screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../../app/store';
import { TEST_USER } from '../../realtime/testing';
import { setTestLanguage } from '../auth/testUtils';
import { CreditsModal } from './CreditsModal';

beforeAll(async () => {
  await setTestLanguage('en');
});

beforeEach(() => {
  useAppStore.setState({
    user: { ...TEST_USER, credits: 30 },
    language: 'en',
    creditsModalOpen: false,
    creditsNeed: null,
  });
});

describe('CreditsModal', () => {
  it('opened to look: the balance, no reason', () => {
    render(<CreditsModal />);
    act(() => useAppStore.getState().setCreditsModalOpen(true));
    expect(screen.getByRole('dialog', { name: 'Credits' })).toBeInTheDocument();
    expect(screen.queryByTestId('credits-need')).toBeNull();
  });

  it('opened by a refused text: says why, with the price, and that the text is kept', () => {
    render(<CreditsModal />);
    act(() =>
      useAppStore.getState().setCreditsModalOpen(true, { kind: 'text', price: 50, required: 50 }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Not enough credits' });
    expect(dialog).toHaveTextContent('A message costs 50 credits.');
    expect(dialog).toHaveTextContent("Your message wasn't sent. It's waiting for you in the chat.");
  });

  it('a gift says its own price; below the minimum it says the minimum', () => {
    render(<CreditsModal />);
    act(() =>
      useAppStore.getState().setCreditsModalOpen(true, { kind: 'gift', price: 120, required: 120 }),
    );
    expect(screen.getByTestId('credits-need')).toHaveTextContent('This gift costs 120 credits.');
    act(() =>
      useAppStore.getState().setCreditsModalOpen(true, { kind: 'gift', price: 20, required: 50 }),
    );
    expect(screen.getByTestId('credits-need')).toHaveTextContent(
      'Sending needs a balance of at least 50 credits.',
    );
    // Closing forgets the reason: opened again from the balance, it is the plain window.
    act(() => useAppStore.getState().setCreditsModalOpen(false));
    act(() => useAppStore.getState().setCreditsModalOpen(true));
    expect(screen.getByRole('dialog', { name: 'Credits' })).toBeInTheDocument();
  });
});
