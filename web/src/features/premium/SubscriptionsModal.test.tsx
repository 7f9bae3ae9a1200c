import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../app/store';
import type { PremiumPackage } from '../../realtime/protocol';
import { TEST_USER } from '../../realtime/testing';
import { setTestLanguage } from '../auth/testUtils';
import { PaymentModalHost } from '../money/PaymentModal';
import { useMoneyStore } from '../money/store';
import { answer, resetRealtime, sent } from '../people/testing';
import { usePremiumModal } from './store';
import { SubscriptionsModalHost } from './SubscriptionsModal';

vi.mock('../../realtime', () => import('../people/testing'));

const PACKAGES: PremiumPackage[] = [
  { id: 3, months: 6, total: 179.4, price: 29.9, saves: 57, recommended: 0 },
  { id: 1, months: 1, total: 69, price: 69, saves: 0, recommended: 0 },
  { id: 2, months: 3, total: 147, price: 49, saves: 29, recommended: 1 },
];

beforeAll(async () => {
  await setTestLanguage('en');
});

beforeEach(() => {
  resetRealtime();
  useAppStore.setState({ language: 'en', configs: { premium: PACKAGES }, user: TEST_USER });
  usePremiumModal.setState({ subscriptionsOpen: false });
  useMoneyStore.setState({ payment: null });
});

function open() {
  render(
    <>
      <SubscriptionsModalHost />
      <PaymentModalHost />
    </>,
  );
  act(() => usePremiumModal.getState().openSubscriptions());
}

describe('SubscriptionsModal', () => {
  it('stays closed until opened', () => {
    render(<SubscriptionsModalHost />);
    expect(screen.queryByTestId('subscriptions-modal')).toBeNull();
  });

  it('lists the packages shortest first with the recommended one preselected', () => {
    open();
    const modal = screen.getByTestId('subscriptions-modal');
    expect(within(modal).getByText('Unlimited likes')).toBeInTheDocument();
    expect(within(modal).getByText('Unblurred photos of fans and visitors')).toBeInTheDocument();
    const packages = screen.getAllByTestId('subscriptions-package');
    expect(packages.map((p) => p.getAttribute('data-package-id'))).toEqual(['1', '2', '3']);
    expect(packages[1]).toHaveAttribute('aria-checked', 'true');
    expect(packages[0]).toHaveAttribute('aria-checked', 'false');
    expect(within(packages[1] as HTMLElement).getByText('3 months')).toBeInTheDocument();
    expect(within(packages[1] as HTMLElement).getByText('$49 / month')).toBeInTheDocument();
    expect(within(packages[1] as HTMLElement).getByText('$147 in total')).toBeInTheDocument();
    expect(within(packages[1] as HTMLElement).getByText('Save 29%')).toBeInTheDocument();
    expect(within(packages[0] as HTMLElement).getByText('1 month')).toBeInTheDocument();
    expect(within(packages[0] as HTMLElement).queryByText(/Save/)).toBeNull();
    expect(within(packages[2] as HTMLElement).getByText('$29.90 / month')).toBeInTheDocument();
    expect(screen.getByTestId('subscriptions-buy')).toBeEnabled();
  });

  it('keeps Buy disabled until a package is chosen, says nothing renews, then opens the checkout', async () => {
    answer('payment/initiate', () => ({
      module: 'payment/initiate',
      request_status: 1,
      data: {
        order_id: 'o_7',
        redirect_url: '/payments/sandbox/checkout/o_7',
        amount: 179.4,
        currency: 'USD',
      },
    }));
    useAppStore.setState({
      configs: { premium: PACKAGES.map((p) => ({ ...p, recommended: 0 as const })) },
    });
    const user = userEvent.setup();
    open();
    const buy = screen.getByTestId('subscriptions-buy');
    expect(buy).toBeDisabled();
    await user.click(screen.getAllByTestId('subscriptions-package')[2] as HTMLElement);
    expect(screen.getAllByTestId('subscriptions-package')[2]).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(buy).toBeEnabled();
    expect(buy).toHaveTextContent('Pay $179.40');
    expect(screen.getByTestId('subscriptions-no-renew')).toHaveTextContent(
      'It does not renew automatically; to extend, buy again.',
    );
    await user.click(buy);
    expect(sent('payment/initiate')).toEqual([
      { provider: 'sandbox', package_id: 3, type: 'premium' },
    ]);
    const payment = await screen.findByTestId('payment-modal');
    expect(payment).toHaveTextContent('Kesher Premium, 6 months');
    expect(usePremiumModal.getState().subscriptionsOpen).toBe(true);
  });

  it('shows when premium ends for a premium member', () => {
    useAppStore.setState({
      user: { ...TEST_USER, premium: 1, premium_until: Date.UTC(2027, 2, 12, 12) / 1000 },
    });
    open();
    expect(screen.getByTestId('subscriptions-until')).toHaveTextContent(
      'Premium until March 12, 2027',
    );
  });

  it('formats prices in shekels for Hebrew and closes with Escape', async () => {
    await setTestLanguage('he');
    useAppStore.setState({ language: 'he' });
    const user = userEvent.setup();
    open();
    expect(screen.getAllByTestId('subscriptions-package')[1]).toHaveTextContent('₪');
    await user.keyboard('{Escape}');
    expect(usePremiumModal.getState().subscriptionsOpen).toBe(false);
    expect(screen.queryByTestId('subscriptions-modal')).toBeNull();
    await setTestLanguage('en');
  });
});
