import { render, screen } from '@testing-library/react';
import { useAppStore } from '../../app/store';
import { setTestLanguage } from '../auth/testUtils';
import en from '../../i18n/common/en.json';
import { FreeCreditsModal } from './FreeCreditsModal';

beforeAll(async () => {
  await setTestLanguage('en');
});

afterEach(() => {
  useAppStore.setState({ freeCreditsClaimed: null, freeCreditsReason: 'signup' });
});

describe('FreeCreditsModal', () => {
  it('welcomes a new member', () => {
    useAppStore.getState().setFreeCreditsClaimed(200);
    render(<FreeCreditsModal />);
    expect(screen.getByRole('dialog', { name: en.freeCredits.title })).toHaveTextContent(
      en.freeCredits.body,
    );
  });

  it('thanks a member who turned notifications on', () => {
    useAppStore.getState().setFreeCreditsClaimed(200, 'push');
    render(<FreeCreditsModal />);
    const dialog = screen.getByRole('dialog', { name: en.freeCredits.push.title });
    expect(dialog).toHaveTextContent(en.freeCredits.push.eyebrow);
    expect(dialog).toHaveTextContent(en.freeCredits.push.body);
    expect(dialog).toHaveTextContent('200');
  });
});
