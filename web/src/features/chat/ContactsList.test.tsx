import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../app/store';
import { TEST_USER } from '../../realtime/testing';
import { setTestLanguage } from '../auth/testUtils';
import { TabBar } from '../shell/TabBar';
import { renderRoutes } from '../people/testing';
import { ChatHosts, ChatRuntime } from './ChatRuntime';
import ContactsPage from './ContactsPage';
import type { ChatService } from './service';
import {
  answer,
  emit,
  emitSession,
  makeContact,
  makeMessage,
  ME,
  renderChat,
  sent,
  stubMatchMedia,
} from './testing';
import { newChatTest } from './testReset';

vi.mock('../../realtime', () => import('./testing'));
vi.mock('../notify/banner', (original) => import('./testing').then((m) => m.mockBanner(original)));
vi.mock('../notify/sounds', (original) => import('./testing').then((m) => m.mockSounds(original)));

const NOW = 1_800_000_000;

let chat: ChatService;

function setWide(wide: boolean) {
  stubMatchMedia((query) => wide && query.includes('min-width'));
}

function showContacts(contacts: ReturnType<typeof makeContact>[]) {
  chat.store.getState().applyPage('contacts', 0, contacts, true);
}

beforeAll(async () => {
  await setTestLanguage('en');
});

beforeEach(() => {
  chat = newChatTest();
  setWide(false);
  vi.spyOn(Date, 'now').mockReturnValue(NOW * 1000);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('contacts list', () => {
  it('shows skeletons while loading', () => {
    chat.store.getState().patchList('contacts', { state: 'loading' });
    renderChat(chat, <ContactsPage />);
    expect(screen.getByTestId('contacts-loading')).toHaveAttribute('aria-busy', 'true');
  });

  it('shows a placeholder with a way to /explore when there is no chat to show', async () => {
    // A contact without a last message (or a name) is no row.
    showContacts([makeContact(1, { last_m: '' }), makeContact(2, { name: '' })]);
    const user = userEvent.setup();
    const { router } = renderChat(chat, <ContactsPage />);
    const empty = screen.getByTestId('contacts-empty');
    expect(empty).toHaveTextContent('No conversations yet');
    expect(screen.queryAllByTestId('contact-row')).toHaveLength(0);
    await user.click(within(empty).getByRole('link', { name: 'Find someone' }));
    expect(router.state.location.pathname).toBe('/explore');
  });

  it('draws each row: photo, online dot, VIP, name, preview, relative time, unread', () => {
    showContacts([
      makeContact(41, {
        name: 'Noa',
        status: 1,
        vip: 1,
        unread: 3,
        last_m: 'Are you free on Friday evening? I found a place',
        time: NOW - 2 * 3600,
      }),
      makeContact(42, { name: 'Dan', last_type: 'gift', s_id: ME, last_m: '/gifts/rose.svg' }),
      makeContact(43, { name: 'Tal', last_type: 'image', s_id: 43, last_m: '/media/x.jpg' }),
    ]);
    renderChat(chat, <ContactsPage />);
    const rows = screen.getAllByTestId('contact-row');
    expect(rows.map((row) => row.getAttribute('data-contact-id'))).toEqual(['41', '42', '43']);
    const [noa, dan, tal] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(noa).getByRole('img', { name: 'Profile photo of Noa' })).toBeInTheDocument();
    expect(within(noa).getByRole('img', { name: 'Online' })).toBeInTheDocument();
    expect(within(noa).getByTestId('contact-vip')).toHaveTextContent('VIP');
    // Narrow: cut to 20 characters past 25.
    expect(within(noa).getByTestId('contact-preview')).toHaveTextContent(/^Are you free on Frid…$/);
    expect(within(noa).getByText('2 hours ago')).toBeInTheDocument();
    expect(within(noa).getByTestId('contact-unread')).toHaveTextContent('3');
    expect(within(noa).getByTestId('contact-unread')).toHaveAccessibleName('3 unread');
    expect(within(noa).getByRole('link', { name: 'Chat with Noa' })).toHaveAttribute(
      'href',
      '/chat/41',
    );
    expect(within(dan).getByTestId('contact-preview')).toHaveTextContent('You sent a gift');
    expect(within(dan).queryByTestId('contact-vip')).toBeNull();
    expect(within(dan).queryByTestId('contact-unread')).toBeNull();
    expect(within(dan).queryByRole('img', { name: 'Online' })).toBeNull();
    expect(within(tal).getByTestId('contact-preview')).toHaveTextContent('You received an image');
  });

  it('cuts previews to 30 past 40 characters on wide screens', () => {
    setWide(true);
    showContacts([makeContact(41, { last_m: 'Are you free on Friday evening? I found a place' })]);
    renderChat(chat, <ContactsPage />);
    expect(screen.getByTestId('contact-preview')).toHaveTextContent(
      /^Are you free on Friday evening…$/,
    );
  });

  it('opens a chat from its row', async () => {
    showContacts([makeContact(41, { name: 'Noa' })]);
    const user = userEvent.setup();
    const { router } = renderChat(chat, <ContactsPage />);
    await user.click(screen.getByRole('link', { name: 'Chat with Noa' }));
    expect(router.state.location.pathname).toBe('/chat/41');
  });
});

describe('the chat runtime', () => {
  /** The contacts page with the chat running beside it, as under ChatRuntime. */
  function Shell() {
    return (
      <>
        <ContactsPage />
        <TabBar />
        <ChatHosts />
      </>
    );
  }

  it('loads contacts and the unread total on authentication; events keep them current', async () => {
    answer('user/contacts', () => ({
      module: 'user/contacts',
      request_status: 1,
      data: [makeContact(40, { name: 'Maya' }), makeContact(41, { name: 'Noa' })],
    }));
    answer('user/contacts/unread', () => ({
      module: 'user/contacts/unread',
      request_status: 1,
      data: [{ total: 4 }],
    }));
    renderChat(chat, <Shell />);
    await waitFor(() => expect(screen.getAllByTestId('contact-row')).toHaveLength(2));
    expect(sent('user/contacts')[0]).toEqual({ currentLength: 0, recordsToTake: 10, archived: 0 });
    expect(await screen.findByLabelText('4 unread')).toHaveTextContent('4');

    act(() =>
      emit({ module: 'new_message', request_details: makeMessage(500, { message: 'Yo' }) }),
    );
    const rows = screen.getAllByTestId('contact-row');
    expect(rows[0]).toHaveAttribute('data-contact-id', '41');
    expect(within(rows[0] as HTMLElement).getByTestId('contact-preview')).toHaveTextContent('Yo');
    expect(screen.getByLabelText('5 unread')).toBeInTheDocument();

    // The reply to this tab's own message/read request is no receipt.
    act(() =>
      emit({
        module: 'message/read',
        rid: '7',
        request_status: 1,
        request_details: { read: 1, total_unread: 0 },
      }),
    );
    expect(screen.getByLabelText('5 unread')).toBeInTheDocument();

    act(() =>
      emit({
        module: 'message/read',
        request_details: {
          reader_id: ME,
          partner_id: 41,
          up_to_id: 500,
          unread: 0,
          total_unread: 1,
        },
      }),
    );
    expect(screen.getByLabelText('1 unread')).toBeInTheDocument();

    act(() => emit({ module: 'onlines', type: 'online', user_id: 40 }));
    const maya = screen.getAllByTestId('contact-row')[1] as HTMLElement;
    expect(within(maya).getByRole('img', { name: 'Online' })).toBeInTheDocument();

    act(() => emit({ module: 'credits', data: { credits: 150 } }));
    expect(useAppStore.getState().user?.credits).toBe(150);
  });

  it('refreshes contacts and the total after a reconnect', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderChat(chat, <Shell />);
    await waitFor(() => expect(sent('user/contacts').length).toBeGreaterThan(0));
    // (StrictMode mounts twice.)
    const contacts = sent('user/contacts').length;
    const unread = sent('user/contacts/unread').length;
    act(() => emitSession({ type: 'authenticated', user: { ...TEST_USER, id: ME } }));
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(sent('user/contacts')).toHaveLength(contacts + 1);
    expect(sent('user/contacts/unread')).toHaveLength(unread + 1);
    vi.useRealTimers();
  });

  it('holds one chat per signed-in member: the next member never sees the last one’s chats', async () => {
    answer('user/contacts', () => ({
      module: 'user/contacts',
      request_status: 1,
      data: useAppStore.getState().user?.id === ME ? [makeContact(41, { name: 'Noa' })] : [],
    }));
    renderRoutes(
      [{ element: <ChatRuntime />, children: [{ path: '/contacts', element: <ContactsPage /> }] }],
      '/contacts',
    );
    expect(await screen.findByRole('link', { name: 'Chat with Noa' })).toBeInTheDocument();
    // Another account in this tab (validated after a reconnect), with no sign-out in between.
    act(() => useAppStore.getState().setUser({ ...TEST_USER, id: 77 }));
    expect(screen.queryByRole('link', { name: 'Chat with Noa' })).toBeNull();
    await screen.findByTestId('contacts-empty');
    expect(sent('user/contacts').length).toBeGreaterThanOrEqual(2);
  });

  it('lists the archived chats and brings one back', async () => {
    answer('user/contacts', (p) => ({
      module: 'user/contacts',
      request_status: 1,
      data: p.archived === 1 ? [makeContact(44, { name: 'Lior', archived: 1 })] : [],
    }));
    answer('conversation/unarchive', () => ({
      module: 'conversation/unarchive',
      request_status: 1,
    }));
    const user = userEvent.setup();
    renderChat(chat, <Shell />);
    await screen.findByTestId('contacts-empty');
    await user.click(screen.getByTestId('contacts-archived'));
    const archives = await screen.findByTestId('archives');
    expect(archives).toHaveAttribute('role', 'dialog');
    const row = await within(archives).findByTestId('contact-row');
    expect(row).toHaveTextContent('Lior');
    await user.click(
      within(archives).getByRole('button', { name: 'Move the chat with Lior back to your chats' }),
    );
    expect(sent('conversation/unarchive')).toEqual([{ user_id: 44 }]);
    await waitFor(() => expect(within(archives).queryByTestId('contact-row')).toBeNull());
    expect(within(archives).getByTestId('archives-empty')).toHaveTextContent('No archived chats');
  });
});
