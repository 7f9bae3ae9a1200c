import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Reply } from '../../realtime/protocol';
import * as shell from '../auth/shellMock';
import { renderAt, setTestLanguage } from '../auth/testUtils';
import { realtime } from '../../realtime';
import { makePerson, reply } from '../lists/testing';
import { usePeopleStore } from '../people/store';
import SettingsPage from './SettingsPage';

vi.mock('../auth/shell', () => import('../auth/shellMock'));
// The invitation card asks the socket for its link; it has tests of its own (InviteFriends.test).
vi.mock('./InviteFriends', () => ({ InviteFriends: () => null }));
// The blocked-users list talks to the socket directly. Unless a test answers, its request stays
// pending, so that no late update lands outside act().
vi.mock('../../realtime', () => ({
  realtime: {
    request: vi.fn(() => new Promise(() => undefined)),
    on: vi.fn(() => () => undefined),
  },
}));

beforeAll(async () => {
  await setTestLanguage('en');
});

beforeEach(() => {
  shell.useAppStore.setState({ user: shell.makeUser(), authenticated: true, language: 'en' });
  shell.realtime.request.mockReset();
  shell.logOut.mockReset();
});

function acceptUpdates() {
  shell.realtime.request.mockImplementation(async (module, payload) => {
    const { key, value } = payload as { key: string; value: string | number };
    const current = shell.useAppStore.getState().user ?? shell.makeUser();
    const field = key === 's_radious' ? 's_radius' : key;
    return {
      module,
      request_status: 1,
      data: { user: { ...current, [field]: value } },
    } as Reply;
  });
}

describe('SettingsPage', () => {
  it('enables Save only after a change and sends each changed key', async () => {
    acceptUpdates();
    vi.mocked(realtime.request).mockResolvedValueOnce(reply('user/blocked', []) as never);
    const user = userEvent.setup();
    renderAt('/settings', '/settings', <SettingsPage />);
    const save = screen.getByTestId('settings-save');
    expect(save).toBeDisabled();
    expect(screen.getByTestId('settings-place-input')).toHaveValue('Tel Aviv, Israel');
    expect(await screen.findByTestId('settings-blocked-empty')).toHaveTextContent(
      'No blocked users',
    );

    await user.click(screen.getByTestId('settings-gender-women'));
    expect(save).toBeEnabled();
    await user.click(screen.getByTestId('settings-gender-men'));
    expect(save).toBeDisabled();

    await user.click(screen.getByTestId('settings-gender-women'));
    fireEvent.change(screen.getByTestId('settings-radius'), { target: { value: '80' } });
    fireEvent.change(screen.getByTestId('settings-age-max'), { target: { value: '45' } });
    expect(screen.getByTestId('settings-radius-value')).toHaveTextContent('80 km');
    await user.click(save);

    expect(await screen.findByTestId('settings-saved')).toHaveTextContent('saved');
    expect(shell.realtime.request.mock.calls).toEqual([
      ['user/update', { key: 's_gender', value: 2 }],
      ['user/update', { key: 's_age', value: '25,45' }],
      ['user/update', { key: 's_radious', value: 80 }],
    ]);
    const stored = shell.useAppStore.getState().user;
    expect(stored).toMatchObject({ s_gender: 2, s_age: '25,45', s_radius: 80 });
    expect(save).toBeDisabled();
  });

  it('clears the discovery lists after saving a search preference (spec §4)', async () => {
    acceptUpdates();
    usePeopleStore.setState({
      cards: [makePerson(1)],
      meet: [makePerson(2)],
      popular: [makePerson(3)],
    });
    const user = userEvent.setup();
    renderAt('/settings', '/settings', <SettingsPage />);
    fireEvent.change(screen.getByTestId('settings-radius'), { target: { value: '30' } });
    expect(usePeopleStore.getState().meet).toHaveLength(1);
    await user.click(screen.getByTestId('settings-save'));
    await screen.findByTestId('settings-saved');
    expect(usePeopleStore.getState()).toMatchObject({ cards: [], meet: [], popular: [] });
  });

  it('leaves the discovery lists alone when the save fails', async () => {
    shell.realtime.request.mockResolvedValueOnce({
      module: 'user/update',
      request_status: 0,
      error_code: 'invalid_value',
    } as Reply);
    usePeopleStore.setState({ meet: [makePerson(2)] });
    const user = userEvent.setup();
    renderAt('/settings', '/settings', <SettingsPage />);
    await user.click(screen.getByTestId('settings-gender-women'));
    await user.click(screen.getByTestId('settings-save'));
    await screen.findByTestId('settings-error');
    expect(usePeopleStore.getState().meet).toHaveLength(1);
  });

  it('keeps the radius slider within 1–100', () => {
    // Values below 1 are dropped by normalizeRadius (validation.test.ts); the native slider
    // already clamps to its min and max.
    renderAt('/settings', '/settings', <SettingsPage />);
    const radius = screen.getByTestId('settings-radius');
    expect(radius).toHaveAttribute('min', '1');
    expect(radius).toHaveAttribute('max', '100');
    fireEvent.change(radius, { target: { value: '1' } });
    expect(screen.getByTestId('settings-radius-value')).toHaveTextContent('1 km');
    fireEvent.change(radius, { target: { value: '100' } });
    expect(screen.getByTestId('settings-radius-value')).toHaveTextContent('100 km');
  });

  it('keeps the min thumb from passing the max', () => {
    renderAt('/settings', '/settings', <SettingsPage />);
    fireEvent.change(screen.getByTestId('settings-age-min'), { target: { value: '60' } });
    expect(screen.getByTestId('settings-age-value')).toHaveTextContent('40 – 40');
  });

  it('changes the place through the search', async () => {
    acceptUpdates();
    const user = userEvent.setup();
    renderAt('/settings', '/settings', <SettingsPage />);
    shell.realtime.request.mockImplementationOnce(
      async (module) =>
        ({
          module,
          request_status: 1,
          data: [{ place_id: 294801, description: 'Haifa, Israel' }],
        }) as Reply,
    );
    const input = screen.getByTestId('settings-place-input');
    await user.clear(input);
    expect(screen.getByTestId('settings-save')).toBeEnabled();
    await user.type(input, 'Hai');
    await user.click(await screen.findByTestId('settings-place-option'));
    await user.click(screen.getByTestId('settings-save'));
    await screen.findByTestId('settings-saved');
    expect(shell.realtime.request).toHaveBeenLastCalledWith('user/update', {
      key: 'place_id',
      value: 294801,
      lang: 'en',
    });
  });

  it('refuses to save a cleared place', async () => {
    const user = userEvent.setup();
    renderAt('/settings', '/settings', <SettingsPage />);
    await user.clear(screen.getByTestId('settings-place-input'));
    await user.click(screen.getByTestId('settings-save'));
    expect(screen.getByTestId('settings-error')).toHaveTextContent(
      'Please choose your city from the list',
    );
    expect(shell.realtime.request).not.toHaveBeenCalled();
  });

  it('shows the server error and keeps the change unsaved', async () => {
    shell.realtime.request.mockResolvedValueOnce({
      module: 'user/update',
      request_status: 0,
      error_code: 'invalid_value',
    } as Reply);
    const user = userEvent.setup();
    renderAt('/settings', '/settings', <SettingsPage />);
    await user.click(screen.getByTestId('settings-gender-women'));
    await user.click(screen.getByTestId('settings-save'));
    expect(await screen.findByTestId('settings-error')).toHaveTextContent(
      'Oops! Something went wrong. Please try again.',
    );
    expect(shell.useAppStore.getState().user?.s_gender).toBe(1);
    expect(screen.getByTestId('settings-save')).toBeEnabled();
  });

  it('shows the network text when the socket fails', async () => {
    shell.realtime.request.mockRejectedValueOnce(new Error('socket_closed'));
    const user = userEvent.setup();
    renderAt('/settings', '/settings', <SettingsPage />);
    await user.click(screen.getByTestId('settings-gender-women'));
    await user.click(screen.getByTestId('settings-save'));
    await waitFor(() =>
      expect(screen.getByTestId('settings-error')).toHaveTextContent("We couldn't reach Kesher"),
    );
  });

  it('logs out through the shell', async () => {
    const user = userEvent.setup();
    renderAt('/settings', '/settings', <SettingsPage />);
    await user.click(screen.getByTestId('settings-logout'));
    expect(shell.logOut).toHaveBeenCalledTimes(1);
    expect(document.body.textContent).not.toContain('⟦');
  });
});
