import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../app/store';
import { TEST_USER } from '../../realtime/testing';
import { setTestLanguage } from '../auth/testUtils';
import { setChatOpen, showBanner } from '../notify/banner';
import { usePeopleStore, useProfileModal } from '../people/store';
import ChatPage from './ChatPage';
import { useChatSync } from './ChatRuntime';
import { draftKey, draftOf, useDraftStore } from './drafts';
import { useChatStore } from './store';
import {
  answer,
  emit,
  emitSession,
  makeContact,
  makeGift,
  makeMessage,
  ME,
  mine,
  renderChat,
  sent,
} from './testing';
import { resetChatTest } from './testReset';

vi.mock('../../realtime', () => import('./testing'));
vi.mock('../notify/banner', (original) => import('./testing').then((m) => m.mockBanner(original)));
vi.mock('../notify/sounds', (original) => import('./testing').then((m) => m.mockSounds(original)));

type Reply = { module: string; request_status: 0 | 1; [key: string]: unknown };

function answerChat(messages = [makeMessage(1, { message: 'Hi there', seen: 1 })], contact = {}) {
  answer('user/contact/get_by_id', (p) => ({
    module: 'user/contact/get_by_id',
    request_status: 1,
    data: makeContact(Number(p.contact_id), { name: 'Noa', status: 1, ...contact }),
  }));
  answer('messages', () => ({ module: 'messages', request_status: 1, data: messages }));
}

/** Holds send_message replies until the test releases them. */
function holdSends() {
  const pending: ((reply: Reply) => void)[] = [];
  answer('send_message', () => new Promise<Reply>((resolve) => pending.push(resolve)));
  return (reply: Reply) => pending.shift()?.(reply);
}

/** Forgets the drafts held in memory, as a reload does; the tab's storage keeps them. */
function clearDraftMemory() {
  act(() => useDraftStore.getState().clear());
}

/** The chat page with the chat's event handling (ChatRuntime) running. */
function Screen() {
  useChatSync();
  return <ChatPage />;
}

function openChat(id = 41) {
  return renderChat(<Screen />, `/chat/${id}`, '/chat/:slug');
}

beforeAll(async () => {
  await setTestLanguage('en');
});

beforeEach(() => {
  resetChatTest();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the connection', () => {
  it('keeps an unsent draft per conversation across a reload, and a send clears it', async () => {
    answerChat([]);
    answer('send_message', (p) => ({
      module: 'send_message',
      request_status: 1,
      data: mine(900, 41, { client_id: String(p.client_id), message: String(p.message_text) }),
      request_details: { credits: 150, credits_spent: 50 },
    }));
    const user = userEvent.setup();
    const first = openChat();
    await screen.findByTestId('chat-empty');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Half a thought');
    first.unmount();
    // A reload: nothing of the page's state survives, only the tab's storage.
    clearDraftMemory();
    const second = openChat();
    await screen.findByTestId('chat-empty');
    const input = screen.getByRole('textbox', { name: 'Message' });
    expect(input).toHaveValue('Half a thought');
    second.unmount();
    openChat(42);
    expect(await screen.findByRole('textbox', { name: 'Message' })).toHaveValue('');
    cleanup();
    openChat();
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), '{Enter}');
    await screen.findByTestId('message');
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('');
    clearDraftMemory();
    expect(draftOf(draftKey(ME, 41))).toBe('');
  });

  it('offline: presence is unknown, the chat says so, and the paid-send notice sits above the composer', async () => {
    answerChat([]);
    openChat();
    expect(await screen.findByTestId('chat-status')).toHaveTextContent('Online');
    act(() => useAppStore.getState().setConnection('offline'));
    const status = screen.getByTestId('chat-status');
    expect(status).toHaveTextContent('Waiting for connection…');
    expect(status).toHaveAttribute('data-presence', 'unknown');
    await waitFor(() =>
      expect(screen.getByTestId('connection-status')).toHaveTextContent("You're offline"),
    );
    act(() => useAppStore.getState().setConnection('live'));
    expect(screen.getByTestId('chat-status')).toHaveTextContent('Online');
    await waitFor(() =>
      expect(screen.getByTestId('connection-status')).toHaveTextContent("You're back online"),
    );

    act(() => useChatStore.getState().showSpent(41, 50));
    expect(screen.getByTestId('chat-spent')).toHaveTextContent('50 credits spent');
    expect(screen.getByTestId('chat-spent')).toHaveTextContent('200 left');
  });

  it('after a reconnect a message left unsent goes again with its client_id and shows sent', async () => {
    answerChat([]);
    answer('send_message', () => Promise.reject(new Error('socket closed')));
    const user = userEvent.setup();
    openChat();
    await screen.findByTestId('chat-empty');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Are you there?{Enter}');
    const message = await screen.findByTestId('message');
    await waitFor(() =>
      expect(within(message).getByTestId('message-status')).toHaveAttribute('data-state', 'failed'),
    );
    const clientId = sent('send_message')[0]?.client_id;
    // The server had stored it: the replay is the first result, charged nothing.
    answer('send_message', (p) => ({
      module: 'send_message',
      request_status: 1,
      data: mine(900, 41, { client_id: String(p.client_id), message: 'Are you there?' }),
      request_details: { credits: 150, credits_spent: 0, replayed: 1 },
    }));
    act(() => emitSession({ type: 'authenticated', user: { ...TEST_USER, id: ME, credits: 150 } }));
    await waitFor(() =>
      expect(within(screen.getByTestId('message')).getByTestId('message-status')).toHaveAttribute(
        'data-state',
        'sent',
      ),
    );
    expect(sent('send_message').map((r) => r.client_id)).toEqual([clientId, clientId]);
    expect(useAppStore.getState().user?.credits).toBe(150);
    expect(screen.queryByTestId('chat-spent')).toBeNull();
  });
});

describe('chat pane', () => {
  it('shows the partner, their presence and the messages; reports the open chat', async () => {
    answerChat([
      makeMessage(1, { message: 'Hi there', seen: 1 }),
      mine(2, 41, { message: 'Hey!' }),
    ]);
    const { unmount } = openChat();
    expect(await screen.findByTestId('chat-partner-name')).toHaveTextContent('Noa');
    expect(screen.getByTestId('chat-status')).toHaveTextContent('Online');
    const messages = await screen.findAllByTestId('message');
    expect(messages.map((m) => m.textContent)).toEqual([
      expect.stringContaining('Hi there'),
      expect.stringContaining('Hey!'),
    ]);
    expect(messages[0]).toHaveAttribute('data-mine', 'false');
    expect(messages[1]).toHaveAttribute('data-mine', 'true');
    expect(within(messages[1] as HTMLElement).getByTestId('message-status')).toHaveAccessibleName(
      'Sent',
    );
    expect(screen.queryByTestId('chat-virtual-notice')).toBeNull();
    expect(setChatOpen).toHaveBeenLastCalledWith(41);
    unmount();
    expect(setChatOpen).toHaveBeenLastCalledWith(null);
  });

  it('discloses a virtual profile and opens the profile from the header', async () => {
    answerChat(undefined, { virtual: 1 });
    const user = userEvent.setup();
    openChat();
    expect(await screen.findByTestId('chat-virtual-notice')).toHaveTextContent(
      'A virtual profile, written and moderated by the Kesher team.',
    );
    expect(screen.getByTestId('chat-virtual-badge')).toHaveTextContent('Virtual profile');
    await user.click(screen.getByRole('button', { name: "Open Noa's profile" }));
    expect(useProfileModal.getState()).toMatchObject({ userId: 41, target: 'chat' });
  });

  it('shows the partner with first-time prompts in an empty chat', async () => {
    answerChat([]);
    openChat();
    const empty = await screen.findByTestId('chat-empty');
    expect(empty).toHaveTextContent('Say hi to Noa');
    expect(empty).toHaveTextContent('This is the beginning of your conversation.');
    expect(empty).toHaveTextContent('Be creative');
    expect(within(empty).getByRole('img', { name: 'Profile photo of Noa' })).toBeInTheDocument();
  });

  it('shows skeletons 20–60 % wide while the messages load', async () => {
    answerChat();
    answer('messages', () => new Promise(() => undefined));
    openChat();
    const skeleton = await screen.findByTestId('chat-skeleton');
    const widths = [...skeleton.querySelectorAll<HTMLElement>('.chat-skeleton')].map((el) =>
      parseFloat(el.style.inlineSize),
    );
    expect(widths.length).toBeGreaterThan(0);
    for (const width of widths) {
      expect(width).toBeGreaterThanOrEqual(20);
      expect(width).toBeLessThanOrEqual(60);
    }
  });

  it('shows a provisional message while sending, then the sent one', async () => {
    answerChat([]);
    const release = holdSends();
    const user = userEvent.setup();
    openChat();
    await screen.findByTestId('chat-empty');
    const input = screen.getByRole('textbox', { name: 'Message' });
    await user.type(input, 'Hello Noa{Enter}');
    expect(input).toHaveValue('');
    const message = await screen.findByTestId('message');
    expect(message).toHaveTextContent('Hello Noa');
    expect(within(message).getByTestId('message-status')).toHaveAttribute('data-state', 'sending');
    const request = sent('send_message')[0];
    expect(request).toMatchObject({
      receiver_id: 41,
      message_type: 'text',
      message_text: 'Hello Noa',
    });

    act(() =>
      release({
        module: 'send_message',
        request_status: 1,
        data: mine(77, 41, { client_id: String(request?.client_id), message: 'Hello Noa' }),
        request_details: { credits: 150, credits_spent: 50, replayed: 0 },
      }),
    );
    await waitFor(() =>
      expect(within(screen.getByTestId('message')).getByTestId('message-status')).toHaveAttribute(
        'data-state',
        'sent',
      ),
    );
    expect(screen.getAllByTestId('message')).toHaveLength(1);
    expect(useAppStore.getState().user?.credits).toBe(150);

    // The partner reads it: a seen tick.
    act(() =>
      emit({
        module: 'message/read',
        request_details: { reader_id: 41, partner_id: ME, up_to_id: 77 },
      }),
    );
    expect(within(screen.getByTestId('message')).getByTestId('message-status')).toHaveAttribute(
      'data-state',
      'seen',
    );
  });

  it('Shift+Enter starts a new line; empty text is not sent', async () => {
    answerChat([]);
    const user = userEvent.setup();
    openChat();
    await screen.findByTestId('chat-empty');
    const input = screen.getByRole('textbox', { name: 'Message' });
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.type(input, '   {Enter}');
    await user.type(input, 'line one{Shift>}{Enter}{/Shift}line two');
    expect(input).toHaveValue('   line one\nline two');
    expect(sent('send_message')).toEqual([]);
  });

  it('not_enough_credits removes the provisional message and opens the credits modal', async () => {
    answerChat([]);
    const release = holdSends();
    const user = userEvent.setup();
    openChat();
    await screen.findByTestId('chat-empty');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hi{Enter}');
    expect(await screen.findByTestId('message')).toHaveTextContent('Hi');
    act(() =>
      release({
        module: 'send_message',
        request_status: 0,
        error_code: 'not_enough_credits',
        request_details: { credits: 20, required: 50 },
      }),
    );
    await waitFor(() => expect(screen.queryByTestId('message')).toBeNull());
    expect(useAppStore.getState().creditsModalOpen).toBe(true);
    expect(useAppStore.getState().user?.credits).toBe(20);
    // The refused text is back in the composer, unsent.
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('Hi');
  });

  it('below 50 credits nothing is sent and the credits modal opens', async () => {
    useAppStore.setState({ user: { ...TEST_USER, id: ME, credits: 40 } });
    answerChat([]);
    const user = userEvent.setup();
    openChat();
    await screen.findByTestId('chat-empty');
    const input = screen.getByRole('textbox', { name: 'Message' });
    await user.type(input, 'Hi{Enter}');
    expect(sent('send_message')).toEqual([]);
    expect(screen.queryByTestId('message')).toBeNull();
    expect(useAppStore.getState().creditsModalOpen).toBe(true);
    // The text waits for the user to come back with credits.
    expect(input).toHaveValue('Hi');
  });

  it('a failed send shows the error and retries with the same client_id', async () => {
    answerChat([]);
    answer('send_message', () => ({
      module: 'send_message',
      request_status: 0,
      error_code: 'message_too_long',
    }));
    const user = userEvent.setup();
    openChat();
    await screen.findByTestId('chat-empty');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hi{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Not sent · Your message is too long');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(sent('send_message')).toHaveLength(2));
    const [first, second] = sent('send_message');
    expect(second?.client_id).toBe(first?.client_id);
  });

  it('renders gifts with icon and name', async () => {
    answerChat([
      makeMessage(5, {
        type: 'gift',
        message: '/gifts/rose.svg',
        gift: { id: 3, icon: '/gifts/rose.svg', gift: 'Rose', price: 80 },
      }),
    ]);
    openChat();
    const gift = await screen.findByRole('img', { name: 'Gift: Rose' });
    expect(gift.querySelector('img')).toHaveAttribute('src', '/gifts/rose.svg');
  });

  it('sends a gift from the drawer after confirming its price', async () => {
    answerChat([]);
    answer('gifts', () => ({
      module: 'gifts',
      request_status: 1,
      data: [makeGift(3, 80), makeGift(4, 500)],
    }));
    const release = holdSends();
    const user = userEvent.setup();
    openChat();
    await screen.findByTestId('chat-empty');
    await user.click(screen.getByRole('button', { name: 'Send a gift' }));
    const drawer = await screen.findByTestId('gift-drawer');
    expect(sent('gifts')).toEqual([{ currentLength: 0, recordsToTake: 40 }]);
    // 500 is more than the balance of 200: the credits modal instead.
    await user.click(await within(drawer).findByRole('button', { name: 'Gift 4, 500 credits' }));
    expect(useAppStore.getState().creditsModalOpen).toBe(true);
    expect(useAppStore.getState().creditsNeed).toEqual({ kind: 'gift', price: 500, required: 500 });
    expect(screen.queryByTestId('gift-drawer')).toBeNull();

    act(() => useAppStore.setState({ creditsModalOpen: false }));
    await user.click(screen.getByRole('button', { name: 'Send a gift' }));
    await user.click(await screen.findByRole('button', { name: 'Gift 3, 80 credits' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Send Gift 3 to Noa?' });
    expect(within(confirm).getByTestId('gift-confirm-price')).toHaveTextContent('80 credits');
    await user.click(within(confirm).getByRole('button', { name: 'Send gift' }));
    expect(sent('send_message')[0]).toMatchObject({ message_type: 'gift', gift_id: 3 });
    expect(screen.queryByTestId('gift-drawer')).toBeNull();
    expect(await screen.findByRole('img', { name: 'Gift: Gift 3' })).toBeInTheDocument();
    release({ module: 'send_message', request_status: 0, error_code: 'internal_error' });
  });

  it('archives from the actions sheet and goes back to the chats', async () => {
    answerChat();
    answer('conversation/archive', () => ({ module: 'conversation/archive', request_status: 1 }));
    useChatStore.getState().applyPage('contacts', 0, [makeContact(41, { name: 'Noa' })], true);
    const user = userEvent.setup();
    const { router } = openChat();
    await screen.findByTestId('chat-partner-name');
    await user.click(screen.getByRole('button', { name: 'Conversation options' }));
    const sheet = await screen.findByTestId('chat-actions-sheet');
    expect(
      within(sheet)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Open profile', 'Archive chat', 'Block user', 'Report user', 'Cancel']);
    await user.click(within(sheet).getByRole('button', { name: 'Archive chat' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/contacts'));
    expect(sent('conversation/archive')).toEqual([{ user_id: 41 }]);
    expect(useChatStore.getState().lists.contacts.items).toEqual([]);
  });

  it('blocks from the three-dot menu through the confirm popup', async () => {
    answerChat();
    answer('user/block', () => ({ module: 'user/block', request_status: 1 }));
    const user = userEvent.setup();
    const { router } = openChat();
    await screen.findByTestId('chat-partner-name');
    await user.click(screen.getByRole('button', { name: 'More options' }));
    const menu = screen.getByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((b) => b.textContent),
    ).toEqual(['Open profile', 'Block user']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Block user' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Block Noa?' });
    await user.click(within(confirm).getByTestId('confirm-accept'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/contacts'));
    expect(sent('user/block')).toEqual([{ user_id: 41 }]);
    expect(usePeopleStore.getState().hiddenIds).toContain(41);
    expect(showBanner).toHaveBeenCalledWith({ type: 'success', message: 'User blocked' });
  });

  it('says so when the chat partner is not available', async () => {
    answer('user/contact/get_by_id', () => ({
      module: 'user/contact/get_by_id',
      request_status: 0,
      error_code: 'not_found',
    }));
    answer('messages', () => ({ module: 'messages', request_status: 0, error_code: 'not_found' }));
    openChat(99);
    expect(await screen.findByTestId('chat-not-found')).toHaveTextContent(
      "This chat isn't available",
    );
  });

  it('loads older messages once scrolled within 10 px of the top for 300 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const height = vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(2000);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    const page = (from: number) =>
      Array.from({ length: 20 }, (_, i) => makeMessage(from + i, { seen: 1 }));
    answerChat();
    answer('messages', (p) => ({
      module: 'messages',
      request_status: 1,
      data: p.before_id ? page(1) : page(21),
    }));
    openChat();
    await screen.findAllByTestId('message');
    const scroller = screen.getByTestId('chat-messages');
    const before = sent('messages').length;
    fireEvent.scroll(scroller, { target: { scrollTop: 40 } });
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(sent('messages')).toHaveLength(before);
    fireEvent.scroll(scroller, { target: { scrollTop: 10 } });
    await act(() => vi.advanceTimersByTimeAsync(250));
    expect(sent('messages')).toHaveLength(before);
    // Older messages make the list taller: the reader stays where they were.
    height.mockReturnValue(3000);
    await act(() => vi.advanceTimersByTimeAsync(60));
    expect(sent('messages')).toHaveLength(before + 1);
    expect(sent('messages').at(-1)).toEqual({
      contact_user_id: 41,
      recordsToTake: 20,
      before_id: 21,
    });
    await waitFor(() => expect(screen.getAllByTestId('message')).toHaveLength(40));
    expect(scroller.scrollTop).toBe(1010);
    vi.useRealTimers();
  });

  it('shows loaders after the tab was hidden for 3 s and reloads when it is back', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    answerChat();
    openChat();
    await screen.findAllByTestId('message');
    const loads = sent('messages').length;
    const setVisibility = (state: DocumentVisibilityState) => {
      Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    };
    act(() => setVisibility('hidden'));
    await act(() => vi.advanceTimersByTimeAsync(2900));
    expect(screen.queryByTestId('chat-skeleton')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.getByTestId('chat-skeleton')).toBeInTheDocument();
    act(() => setVisibility('visible'));
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(sent('messages').length).toBeGreaterThan(loads);
    await waitFor(() => expect(screen.queryByTestId('chat-skeleton')).toBeNull());
    expect(screen.getAllByTestId('message')).toHaveLength(1);
    vi.useRealTimers();
  });
});
