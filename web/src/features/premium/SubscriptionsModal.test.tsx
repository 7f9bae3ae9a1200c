import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../../app/store';
import type { PremiumPackage } from '../../realtime/protocol';
import { setTestLanguage } from '../auth/testUtils';
import { usePremiumModal } from './store';
import { SubscriptionsModalHost } from './SubscriptionsModal';

const PACKAGES: PremiumPackage[] = [
  { id: 3, months: 6, total: 179.4, price: 29.9, saves: 57, recommended: 0 },
  { id: 1, months: 1, total: 69, price: 69, saves: 0, recommended: 0 },
  { id: 2, months: 3, total: 147, price: 49, saves: 29, recommended: 1 },
];

beforeAll(async () => {
  await setTestLanguage('en');
});

beforeEach(() => {
  useAppStore.setState({ language: 'en', configs: { premium: PACKAGES } });
  usePremiumModal.setState({ subscriptionsOpen: false });
});

function open() {
  render(<SubscriptionsModalHost />);
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

  it('keeps Buy disabled until a package is chosen, and does not fake a purchase', async () => {
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
    await user.click(buy);
    expect(screen.getByTestId('subscriptions-notice')).toHaveTextContent(
      'Payments are coming soon',
    );
    expect(usePremiumModal.getState().subscriptionsOpen).toBe(true);
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
