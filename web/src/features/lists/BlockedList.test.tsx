import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { realtime } from '../../realtime';
import { setTestLanguage } from '../auth/testUtils';
import { usePeopleStore } from '../people/store';
import { BlockedList } from './BlockedList';
import { reply } from './testing';

vi.mock('../../realtime', () => ({
  realtime: { request: vi.fn(), on: vi.fn(() => () => undefined) },
}));

const request = vi.mocked(realtime.request);

beforeAll(async () => {
  await setTestLanguage('en');
});

beforeEach(() => {
  request.mockReset();
  usePeopleStore.setState({ ...usePeopleStore.getInitialState(), hiddenIds: [41, 7] });
});

describe('BlockedList', () => {
  it('unblocks a person: removed from the list and no longer hidden', async () => {
    request.mockImplementation(async (module) => {
      if (module === 'user/blocked') {
        return reply(module, [
          { id: 41, name: 'Noa', photo: null },
          { id: 7, name: 'Tamar', photo: '/media/7.jpg' },
        ]) as never;
      }
      return reply(module) as never;
    });
    const user = userEvent.setup();
    render(<BlockedList />);
    expect(await screen.findAllByTestId('blocked-row')).toHaveLength(2);
    expect(request).toHaveBeenCalledWith('user/blocked', {});

    await user.click(screen.getAllByTestId('blocked-unblock')[0] as HTMLElement);
    expect(request).toHaveBeenCalledWith('user/unblock', { user_id: 41 });
    await waitFor(() => expect(screen.getAllByTestId('blocked-row')).toHaveLength(1));
    expect(screen.queryByText('Noa')).toBeNull();
    expect(usePeopleStore.getState().hiddenIds).toEqual([7]);

    await user.click(screen.getByTestId('blocked-unblock'));
    expect(await screen.findByTestId('settings-blocked-empty')).toHaveTextContent(
      'No blocked users',
    );
  });

  it('keeps the row when the server refuses', async () => {
    request.mockImplementation(async (module) => {
      if (module === 'user/blocked') {
        return reply(module, [{ id: 41, name: 'Noa', photo: null }]) as never;
      }
      return reply(module, undefined, 0) as never;
    });
    const user = userEvent.setup();
    render(<BlockedList />);
    await user.click(await screen.findByTestId('blocked-unblock'));
    expect(await screen.findByRole('alert')).toHaveTextContent("Couldn't unblock");
    expect(screen.getAllByTestId('blocked-row')).toHaveLength(1);
    expect(usePeopleStore.getState().hiddenIds).toContain(41);
  });
});
