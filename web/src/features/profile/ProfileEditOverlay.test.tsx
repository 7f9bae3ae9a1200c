import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../app/store';
import { realtime } from '../../realtime';
import type { Reply, User } from '../../realtime/protocol';
import { TEST_USER } from '../../realtime/testing';
import { setTestLanguage } from '../auth/testUtils';
import { renderRoute } from '../lists/testing';
import ProfilePage from './ProfilePage';

vi.mock('../../realtime', () => ({
  realtime: { request: vi.fn(), on: vi.fn(() => () => undefined) },
}));

const request = vi.mocked(realtime.request);

const DANA: User = {
  ...TEST_USER,
  name: 'Dana',
  age: 31,
  bio: 'Sea and coffee',
  gender: 2,
  answer: 3,
  language: 'en',
  photos: [{ id: 1, photo: '/media/u/p1.jpg', thumb: '/media/u/p1-t.jpg' }],
  photo: '/media/u/p1.jpg',
};

/** Answers user/update with the user as the server would store it; totals with nothing. */
function serveUpdates(refuse?: { key: string; code: Reply['error_code'] }) {
  request.mockImplementation(async (module, payload) => {
    if (module !== 'user/update') return { module, request_status: 1 } as Reply;
    const { key, value } = payload as { key: string; value: string | number };
    if (refuse?.key === key) {
      return { module, request_status: 0, error_code: refuse.code, field: 'value' } as Reply;
    }
    const user = useAppStore.getState().user as User;
    // The server strips HTML from a bio.
    const stored = key === 'bio' ? String(value).replace(/<[^>]*>/g, '') : value;
    return { module, request_status: 1, data: { user: { ...user, [key]: stored } } } as Reply;
  });
}

const updates = () =>
  request.mock.calls.filter(([module]) => module === 'user/update').map(([, payload]) => payload);

async function openOverlay() {
  const user = userEvent.setup();
  renderRoute('/profile', '/profile', <ProfilePage />);
  await user.click(screen.getByTestId('profile-edit-open'));
  const dialog = screen.getByRole('dialog', { name: 'Edit profile' });
  return { user, dialog };
}

beforeAll(async () => {
  await setTestLanguage('en');
});

beforeEach(() => {
  request.mockReset();
  serveUpdates();
  useAppStore.setState({ language: 'en', user: { ...DANA }, totals: null, configs: {} });
});

describe('Profile edit overlay', () => {
  it('opens from /profile with the six photo slots, the fields, and age locked', async () => {
    const { dialog } = await openOverlay();
    const slots = within(dialog).getAllByTestId('photo-slot');
    expect(slots.map((slot) => slot.getAttribute('data-state'))).toEqual([
      'photo',
      'open',
      'locked',
      'locked',
      'locked',
      'locked',
    ]);
    expect(within(dialog).getByTestId('profile-edit-name')).toHaveValue('Dana');
    expect(within(dialog).getByTestId('profile-edit-bio')).toHaveValue('Sea and coffee');
    expect(within(dialog).getByTestId('profile-edit-gender-woman')).toBeChecked();
    expect(within(dialog).getByTestId('profile-edit-answer')).toHaveValue('3');
    // Age is shown, not editable.
    expect(within(dialog).getByTestId('profile-edit-age')).toHaveTextContent('31');
    expect(within(dialog).queryByRole('spinbutton')).toBeNull();
    expect(dialog).toHaveTextContent("can't be changed");
    expect(document.body.textContent).not.toContain('⟦');
  });

  it('also opens from the avatar, and closes', async () => {
    const user = userEvent.setup();
    renderRoute('/profile', '/profile', <ProfilePage />);
    await user.click(screen.getByTestId('profile-avatar'));
    expect(screen.getByRole('dialog', { name: 'Edit profile' })).toBeInTheDocument();
    await user.click(screen.getByTestId('profile-edit-close'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers Save only after a change, and not once the change is undone', async () => {
    const { user, dialog } = await openOverlay();
    const save = within(dialog).getByTestId('profile-edit-save');
    expect(save).toBeDisabled();

    const bio = within(dialog).getByTestId('profile-edit-bio');
    await user.type(bio, '!');
    expect(save).toBeEnabled();
    await user.type(bio, '{Backspace}');
    expect(save).toBeDisabled();

    await user.click(within(dialog).getByTestId('profile-edit-gender-other'));
    expect(save).toBeEnabled();
    await user.click(within(dialog).getByTestId('profile-edit-gender-woman'));
    expect(save).toBeDisabled();

    await user.selectOptions(within(dialog).getByTestId('profile-edit-answer'), '5');
    expect(save).toBeEnabled();
  });

  it('saves each changed field with user/update and shows the server’s version', async () => {
    const { user, dialog } = await openOverlay();
    const name = within(dialog).getByTestId('profile-edit-name');
    await user.clear(name);
    await user.type(name, 'Dana Levi');
    const bio = within(dialog).getByTestId('profile-edit-bio');
    await user.clear(bio);
    await user.type(bio, 'I <b>love</b> the sea');
    await user.selectOptions(within(dialog).getByTestId('profile-edit-answer'), '1');
    await user.click(within(dialog).getByTestId('profile-edit-save'));

    expect(await within(dialog).findByTestId('profile-edit-saved')).toHaveTextContent(
      'Your changes are saved',
    );
    expect(updates()).toEqual([
      { key: 'name', value: 'Dana Levi' },
      { key: 'bio', value: 'I <b>love</b> the sea' },
      { key: 'answer', value: 1 },
    ]);
    expect(useAppStore.getState().user).toMatchObject({
      name: 'Dana Levi',
      bio: 'I love the sea',
      answer: 1,
    });
    expect(bio).toHaveValue('I love the sea');
    expect(within(dialog).getByTestId('profile-edit-save')).toBeDisabled();
    // The page behind follows the saved name.
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Dana Levi, 31');
  });

  it('keeps an empty name from being sent, and shows a refused name under the field', async () => {
    const { user, dialog } = await openOverlay();
    const name = within(dialog).getByTestId('profile-edit-name');
    await user.clear(name);
    await user.click(within(dialog).getByTestId('profile-edit-save'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Please enter your real name, using letters only',
    );
    expect(updates()).toEqual([]);

    serveUpdates({ key: 'name', code: 'invalid_name' });
    await user.type(name, 'Dana');
    await user.type(name, 'x');
    await user.click(within(dialog).getByTestId('profile-edit-save'));
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Please enter your real name, using letters only',
    );
    expect(within(dialog).getByTestId('profile-edit-save')).toBeEnabled();
  });

  it('says so when the connection is lost while saving', async () => {
    const { user, dialog } = await openOverlay();
    request.mockRejectedValue(new Error('socket lost'));
    await user.click(within(dialog).getByTestId('profile-edit-gender-man'));
    await user.click(within(dialog).getByTestId('profile-edit-save'));
    expect(await within(dialog).findByTestId('profile-edit-error')).toHaveTextContent(
      "We couldn't reach Kesher",
    );
  });

  it('deletes a photo through the confirmation', async () => {
    request.mockImplementation(async (module) =>
      module === 'user/photos/delete'
        ? ({ module, request_status: 1, request_details: { photos: [] } } as Reply)
        : ({ module, request_status: 1 } as Reply),
    );
    const { user, dialog } = await openOverlay();
    await user.click(within(dialog).getByTestId('photo-slot-delete'));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete this photo?' });
    await user.click(within(confirm).getByTestId('confirm-accept'));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(request).toHaveBeenCalledWith('user/photos/delete', { id: 1 });
    expect(useAppStore.getState().user).toMatchObject({ photos: [], photo: null });
    expect(within(dialog).getAllByTestId('photo-slot')[0]).toHaveAttribute('data-state', 'open');
    // The overlay stays open under the closed confirmation.
    expect(screen.getByRole('dialog', { name: 'Edit profile' })).toBeInTheDocument();
  });

  it('suggests photos on the page while there are fewer than three, without statistics', () => {
    renderRoute('/profile', '/profile', <ProfilePage />);
    expect(screen.getByTestId('profile-photo-tip')).not.toHaveTextContent('%');
    act(() =>
      useAppStore.setState({
        user: {
          ...DANA,
          photos: [1, 2, 3].map((id) => ({ id, photo: `/p${id}.jpg`, thumb: `/t${id}.jpg` })),
        },
      }),
    );
    expect(screen.queryByTestId('profile-photo-tip')).toBeNull();
  });
});
