import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../app/store';
import { realtime } from '../../realtime';
import type { Totals } from '../../realtime/protocol';
import { TEST_USER } from '../../realtime/testing';
import { setTestLanguage } from '../auth/testUtils';
import { renderRoute, reply } from '../lists/testing';
import ProfilePage from './ProfilePage';

vi.mock('../../realtime', () => ({
  realtime: { request: vi.fn(), on: vi.fn() },
}));

const request = vi.mocked(realtime.request);
const on = vi.mocked(realtime.on);

const TOTALS: Totals = {
  visitors: { total: 4 },
  mylikes: { total: 12 },
  fans: { total: 7 },
  matches: { total: 2 },
  fans_new: 3,
  visits_new: 0,
};

let totalsHandler: ((message: { data?: Totals }) => void) | null = null;

beforeAll(async () => {
  await setTestLanguage('en');
});

beforeEach(() => {
  request.mockReset();
  on.mockReset();
  totalsHandler = null;
  on.mockImplementation(((module: string, handler: (message: { data?: Totals }) => void) => {
    if (module === 'totals') totalsHandler = handler;
    return () => undefined;
  }) as never);
  request.mockResolvedValue(reply('totals', TOTALS) as never);
  useAppStore.setState({ language: 'en', user: { ...TEST_USER }, totals: null });
});

describe('ProfilePage activity', () => {
  it('asks for totals and links each counter to its list', async () => {
    const user = userEvent.setup();
    const { router } = renderRoute('/profile', '/profile', <ProfilePage />);
    expect(request).toHaveBeenCalledWith('totals', {});
    await waitFor(() =>
      expect(screen.getByTestId('profile-activity-likesme')).toHaveTextContent('7'),
    );
    expect(screen.getByTestId('profile-activity-likesme-new')).toHaveTextContent('3');
    expect(screen.queryByTestId('profile-activity-visitors-new')).toBeNull();
    expect(screen.getByTestId('profile-activity-mylikes')).toHaveAttribute('href', '/mylikes');
    expect(screen.getByTestId('profile-activity-visitors')).toHaveAttribute('href', '/visitors');
    expect(screen.getByTestId('profile-activity-matches')).toHaveAttribute('href', '/match');
    expect(screen.getByTestId('profile-activity-matches')).toHaveTextContent('2');

    act(() => totalsHandler?.({ data: { ...TOTALS, visits_new: 5, visitors: { total: 9 } } }));
    expect(screen.getByTestId('profile-activity-visitors-new')).toHaveTextContent('5');
    expect(screen.getByTestId('profile-activity-visitors')).toHaveTextContent('9');

    await user.click(screen.getByTestId('profile-activity-likesme'));
    expect(router.state.location.pathname).toBe('/likesme');
  });
});
