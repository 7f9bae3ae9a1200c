import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../app/store';
import type { CreditPackage } from '../../realtime/protocol';
import { TEST_USER } from '../../realtime/testing';
import { setTestLanguage } from '../auth/testUtils';
import { answer, resetRealtime, sent } from '../people/testing';
import { CreditsModal } from './CreditsModal';
import { PaymentModalHost } from './PaymentModal';
import { useMoneyStore } from './store';

vi.mock('../../realtime', () => import('../people/testing'));

const NOW = 1_800_000_000;
const PACKAGES: CreditPackage[] = [
  {
    id: 3,
    credits: 5000,
    price: 149,
    currency: 'USD',
    discount: 20,
    bonus: 1000,
    free_spins: 1,
    promo_active: 1,
    promo_ends: NOW + 3725,
  },
  {
    id: 1,
    credits: 500,
    price: 29,
    currency: 'USD',
    discount: 0,
    promo_active: 0,
    promo_ends: null,
  },
  {
    id: 4,
    credits: 7000,
    price: 1199,
    currency: 'USD',
    discount: 0,
    free_spins: 1,
    promo_active: 0,
    promo_ends: null,
  },
];

beforeAll(async () => {
  await setTestLanguage('en');
});

beforeEach(() => {
  resetRealtime();
  answer('credits_promo', () => ({
    module: 'credits_promo',
    request_status: 1,
    data: { active: 0 },
  }));
  useAppStore.setState({
    user: { ...TEST_USER, credits: 30 },
    language: 'en',
    configs: { credits: PACKAGES },
    creditsModalOpen: false,
    creditsNeed: null,
  });
  useMoneyStore.setState({ payment: null, promo: null });
});

afterEach(() => {
  vi.useRealTimers();
});

function open(
  need: Parameters<ReturnType<typeof useAppStore.getState>['setCreditsModalOpen']>[1] = null,
) {
  render(
    <>
      <CreditsModal />
      <PaymentModalHost />
    </>,
  );
  act(() => useAppStore.getState().setCreditsModalOpen(true, need));
}

describe('CreditsModal', () => {
  it('opened to look: the balance, the packages with bonus, free spin and price', () => {
    open();
    expect(screen.getByRole('dialog', { name: 'Get credits' })).toBeInTheDocument();
    expect(screen.queryByTestId('credits-need')).toBeNull();
    expect(screen.getByTestId('credits-modal-balance')).toHaveTextContent(
      'Your balance: 30 credits',
    );
    const rows = screen.getAllByTestId('credits-package');
    expect(rows.map((r) => r.getAttribute('data-package-id'))).toEqual(['1', '3', '4']);
    const five = rows[1] as HTMLElement;
    expect(within(five).getByText('5,000')).toBeInTheDocument();
    expect(within(five).getByTestId('credits-bonus')).toHaveTextContent('+1,000 bonus');
    expect(within(five).getByTestId('credits-free-spin')).toHaveTextContent('Free spin');
    expect(within(five).getByTestId('credits-price')).toHaveTextContent('$149');
    expect(within(rows[2] as HTMLElement).getByTestId('credits-price')).toHaveTextContent('$1,199');
    expect(within(rows[2] as HTMLElement).getByTestId('credits-free-spin')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).queryByTestId('credits-free-spin')).toBeNull();
    expect(within(rows[0] as HTMLElement).queryByTestId('credits-bonus')).toBeNull();
    expect(screen.getByText(/One-time payment/)).toBeInTheDocument();
  });

  it('keeps Pay disabled until a package is chosen, then opens the checkout', async () => {
    answer('payment/initiate', () => ({
      module: 'payment/initiate',
      request_status: 1,
      data: {
        order_id: 'o_9',
        redirect_url: '/payments/sandbox/checkout/o_9',
        amount: 149,
        currency: 'USD',
      },
    }));
    const user = userEvent.setup();
    open();
    const buy = screen.getByTestId('credits-buy');
    expect(buy).toBeDisabled();
    expect(buy).toHaveTextContent('Choose a package');
    await user.click(screen.getAllByTestId('credits-package')[1] as HTMLElement);
    expect(buy).toBeEnabled();
    expect(buy).toHaveTextContent('Pay $149');
    await user.click(buy);
    expect(sent('payment/initiate')).toEqual([
      { provider: 'sandbox', package_id: 3, type: 'buy-credits' },
    ]);
    const payment = await screen.findByTestId('payment-modal');
    expect(within(payment).getByTestId('payment-iframe')).toHaveAttribute(
      'src',
      '/payments/sandbox/checkout/o_9',
    );
    expect(within(payment).getByTestId('payment-amount')).toHaveTextContent('$149');
    expect(within(payment).getByTestId('payment-summary')).toHaveTextContent('6,000 credits');
  });

  it('says so when the checkout cannot be opened', async () => {
    answer('payment/initiate', () => ({
      module: 'payment/initiate',
      request_status: 0,
      error_code: 'invalid_value',
    }));
    const user = userEvent.setup();
    open();
    await user.click(screen.getAllByTestId('credits-package')[0] as HTMLElement);
    await user.click(screen.getByTestId('credits-buy'));
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't open the checkout");
    expect(useMoneyStore.getState().payment).toBeNull();
  });

  it('counts the promotion down, says EXPIRED when it ends, then hides it', async () => {
    answer('credits_promo', () => ({
      module: 'credits_promo',
      request_status: 1,
      data: { active: 1, ends: NOW + 3725, discount: 20 },
    }));
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime((NOW + 3725 - 3) * 1000);
    open();
    await act(async () => {
      await Promise.resolve();
    });
    expect(useMoneyStore.getState().promo).toEqual({ active: 1, ends: NOW + 3725, discount: 20 });
    expect(screen.getByTestId('credits-promo')).toHaveTextContent('+20%');
    expect(screen.getByTestId('credits-promo-countdown')).toHaveTextContent('00:00:03');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByTestId('credits-promo-countdown')).toHaveTextContent('00:00:02');
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByTestId('credits-promo-expired')).toHaveTextContent('EXPIRED');
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.queryByTestId('credits-promo')).toBeNull();
  });

  it('trusts credits_promo: no banner when no promotion runs', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime((NOW + 100) * 1000);
    open();
    expect(screen.getByTestId('credits-promo')).toBeInTheDocument();
    await act(async () => {
      await Promise.resolve();
    });
    expect(screen.queryByTestId('credits-promo')).toBeNull();
  });

  it('prices in shekels for Hebrew', async () => {
    await setTestLanguage('he');
    useAppStore.setState({
      language: 'he',
      configs: { credits: PACKAGES.map((p) => ({ ...p, currency: 'ILS' as const })) },
    });
    open();
    const price = within(screen.getAllByTestId('credits-package')[2] as HTMLElement).getByTestId(
      'credits-price',
    );
    expect(price.textContent).toContain('₪');
    expect(price.textContent).toContain('1,199');
    await setTestLanguage('en');
  });

  it('opened by a refused text: says why, with the price, and that the text is kept', () => {
    open({ kind: 'text', price: 50, required: 50 });
    const dialog = screen.getByRole('dialog', { name: 'Not enough credits' });
    expect(dialog).toHaveTextContent('A message costs 50 credits.');
    expect(dialog).toHaveTextContent("Your message wasn't sent. It's waiting for you in the chat.");
  });

  it('a gift says its own price; below the minimum it says the minimum', () => {
    open({ kind: 'gift', price: 120, required: 120 });
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
    expect(screen.getByRole('dialog', { name: 'Get credits' })).toBeInTheDocument();
  });
});
