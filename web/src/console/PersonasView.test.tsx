import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleClient } from './client';
import { ConsoleApp } from './ConsoleApp';
import { applyConsoleLanguage, initConsoleI18n } from './i18n';
import type { AdminPersona } from './protocol';
import { adminPersona, FakeSocket, testClient } from './testing';

beforeAll(() => {
  initConsoleI18n('en');
});

let client: ConsoleClient | null = null;
afterEach(() => {
  client?.stop();
  client = null;
  applyConsoleLanguage('en', false);
});

const maya = adminPersona({
  photos: [{ id: 7, photo: '/media/u/a.jpg', thumb: '/media/u/a-t.jpg' }],
});

async function openPersonas(personas: AdminPersona[]) {
  client = testClient();
  client.start();
  render(<ConsoleApp client={client} />);
  const socket = FakeSocket.latest();
  act(() => socket.serverOpen());
  act(() => {
    socket.reply('console/me', {
      request_status: 1,
      data: {
        staff: { id: 1, email: 'boss@kesher.example', role: 'admin' },
        max_locks: 3,
        lease_seconds: 90,
        locks: [],
      },
    });
    socket.reply('console/queue', { request_status: 1, data: [] });
  });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Admin' }));
  await user.click(await screen.findByTestId('admin-section-personas'));
  await waitFor(() => expect(socket.modules()).toContain('console/admin/personas'));
  act(() => socket.reply('console/admin/personas', { request_status: 1, data: { personas } }));
  return { socket, user };
}

describe('the personas screen', () => {
  it('lists personas with their status and filters them', async () => {
    const { user } = await openPersonas([
      maya,
      { ...maya, id: 42, name: 'Noa', disabled: 1, key: 'p001', photos: [] },
    ]);
    const cards = await screen.findAllByTestId('persona-card');
    expect(cards.map((c) => c.getAttribute('data-persona-id'))).toEqual(['41', '42']);
    expect(cards[0]).toHaveTextContent('Maya, 31');
    expect(cards[0]).toHaveTextContent('Active');
    expect(cards[1]).toHaveTextContent('Disabled');
    expect(cards[1]).toHaveTextContent('Demo catalogue');
    expect(cards[1]).toHaveTextContent('No photo');
    await user.type(screen.getByTestId('personas-filter'), 'noa');
    expect(screen.getAllByTestId('persona-card')).toHaveLength(1);
    expect(screen.getByText('1 of 2 personas')).toBeInTheDocument();
  });

  it('creates a persona with a city from the suggestions, and shows a refusal at its field', async () => {
    const { socket, user } = await openPersonas([]);
    expect(await screen.findByText('No personas yet. Create the first one.')).toBeInTheDocument();
    await user.click(screen.getByTestId('persona-new'));
    await user.type(screen.getByTestId('persona-name'), 'Lena');
    await user.selectOptions(screen.getByTestId('persona-language'), 'de');
    // Without a city the form does not go out.
    await user.click(screen.getByTestId('persona-save'));
    expect(socket.modules()).not.toContain('console/admin/personas/save');
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a city from the suggestions.');

    await user.type(screen.getByTestId('persona-city'), 'Berl');
    await waitFor(() => expect(socket.modules()).toContain('console/admin/places'), {
      timeout: 2000,
    });
    expect(socket.lastFrame('console/admin/places')).toMatchObject({ search: 'Berl', lang: 'en' });
    act(() =>
      socket.reply('console/admin/places', {
        request_status: 1,
        data: [{ place_id: 2950159, description: 'Berlin, Germany' }],
      }),
    );
    await user.click(await screen.findByTestId('persona-city-suggestion'));
    expect(screen.getByTestId('persona-city-chosen')).toHaveTextContent('Lives in Berlin, Germany');
    await user.clear(screen.getByTestId('persona-likes-back'));
    await user.type(screen.getByTestId('persona-likes-back'), '70');
    await user.click(screen.getByTestId('persona-save'));
    const sent = socket.lastFrame('console/admin/personas/save') as Record<string, unknown>;
    expect(sent).toMatchObject({
      name: 'Lena',
      language: 'de',
      place_id: 2950159,
      likes_back_percent: 70,
      s_gender: 1,
    });
    expect(sent).not.toHaveProperty('id');

    // The server refuses the name (a rule the form does not know): the message sits at the field.
    act(() =>
      socket.reply('console/admin/personas/save', {
        request_status: 0,
        error_code: 'invalid_name',
        field: 'name',
      }),
    );
    const nameError = await screen.findByText(/Check the name/);
    expect(screen.getByTestId('persona-name')).toHaveAttribute('aria-invalid', 'true');
    expect(nameError.id).toBe(screen.getByTestId('persona-name').getAttribute('aria-describedby'));

    await user.click(screen.getByTestId('persona-save'));
    act(() =>
      socket.reply('console/admin/personas/save', {
        request_status: 1,
        data: { persona: { ...maya, id: 77, name: 'Lena', photos: [] } },
      }),
    );
    expect(await screen.findByTestId('persona-notice')).toHaveTextContent('Lena is live.');
    // Saved: the editor now offers photos and the visibility switch.
    expect(screen.getByTestId('persona-photos')).toBeInTheDocument();
    expect(screen.getByTestId('persona-disable')).toBeInTheDocument();
  });

  it('disables a persona only after confirming, and enables it again', async () => {
    const { socket, user } = await openPersonas([maya]);
    await user.click(await screen.findByTestId('persona-card'));
    await user.click(screen.getByTestId('persona-disable'));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Disable Maya?');
    expect(socket.modules()).not.toContain('console/admin/personas/disable');
    await user.click(within(dialog).getByTestId('admin-confirm'));
    expect(socket.lastFrame('console/admin/personas/disable')).toMatchObject({ id: 41 });
    act(() =>
      socket.reply('console/admin/personas/disable', {
        request_status: 1,
        data: { persona: { ...maya, disabled: 1 } },
      }),
    );
    expect(await screen.findByTestId('persona-notice')).toHaveTextContent('Maya is disabled.');
    await user.click(screen.getByTestId('persona-enable'));
    expect(socket.lastFrame('console/admin/personas/enable')).toMatchObject({ id: 41 });
  });

  it('deletes a photo after confirming', async () => {
    const { socket, user } = await openPersonas([maya]);
    await user.click(await screen.findByTestId('persona-card'));
    expect(screen.getByAltText('Photo 1 of Maya')).toHaveAttribute('src', '/media/u/a-t.jpg');
    await user.click(screen.getByTestId('persona-photo-delete'));
    await user.click(within(screen.getByRole('alertdialog')).getByTestId('admin-confirm'));
    expect(socket.lastFrame('console/admin/personas/photos/delete')).toMatchObject({
      persona_id: 41,
      id: 7,
    });
    act(() =>
      socket.reply('console/admin/personas/photos/delete', {
        request_status: 1,
        data: { photos: [] },
      }),
    );
    await waitFor(() => expect(screen.queryByAltText('Photo 1 of Maya')).toBeNull());
  });
});
