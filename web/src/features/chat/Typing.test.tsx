// Typing indicators on screen: the partner's "typing…" in the chat header and on their contact
// row, and the composer telling the partner (docs/protocol.md "Typing").
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../app/store';
import { setTestLanguage } from '../auth/testUtils';
import { usePeopleStore } from '../people/store';
import ChatPage from './ChatPage';
import { useChatSync } from './ChatRuntime';
import ContactsPage from './ContactsPage';
import type { ChatService } from './service';
import { answer, emit, makeContact, makeMessage, renderChat, sent } from './testing';
import { newChatTest } from './testReset';
import { TYPING_SEND_INTERVAL_MS, TYPING_SHOW_MS } from './typing';

vi.mock('../../realtime', () => import('./testing'));
vi.mock('../notify/banner', (original) => import('./testing').then((m) => m.mockBanner(original)));
vi.mock('../notify/sounds', (original) => import('./testing').then((m) => m.mockSounds(original)));

let chat: ChatService;

function ChatScreen() {
  useChatSync();
  return <ChatPage />;
}

function ContactsScreen() {
  useChatSync();
  return <ContactsPage />;
}

function answerChat() {
  answer('user/contact/get_by_id', (p) => ({
    module: 'user/contact/get_by_id',
    request_status: 1,
    data: makeContact(Number(p.contact_id), { name: 'Noa', status: 1 }),
  }));
  answer('messages', () => ({ module: 'messages', request_status: 1, data: [] }));
}

async function openChat(id = 41) {
  answerChat();
  renderChat(chat, <ChatScreen />, `/chat/${id}`, '/chat/:slug');
  await screen.findByTestId('chat-empty');
}

const typing = (userId: number) => act(() => emit({ module: 'typing', data: { user_id: userId } }));

beforeAll(async () => {
  await setTestLanguage('en');
});

beforeEach(() => {
  chat = newChatTest();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the chat header', () => {
  it('shows "typing…" in place of the presence for 5 s after the last event', async () => {
    await openChat();
    expect(screen.getByTestId('chat-status')).toHaveTextContent('Online');
    const live = screen.getByTestId('chat-typing-live');
    expect(live).toHaveAttribute('aria-live', 'polite');
    expect(live).toBeEmptyDOMElement();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

    typing(41);
    expect(screen.getByTestId('chat-typing')).toHaveTextContent('typing…');
    expect(screen.queryByTestId('chat-status')).toBeNull();
    expect(live).toHaveTextContent('Noa is typing…');

    act(() => vi.advanceTimersByTime(TYPING_SHOW_MS - 1_000));
    typing(41);
    act(() => vi.advanceTimersByTime(TYPING_SHOW_MS - 1));
    expect(screen.getByTestId('chat-typing')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('chat-typing')).toBeNull();
    expect(screen.getByTestId('chat-status')).toHaveTextContent('Online');
    expect(live).toBeEmptyDOMElement();
  });

  it('hides at once when the partner’s message arrives', async () => {
    await openChat();
    typing(41);
    expect(screen.getByTestId('chat-typing')).toBeInTheDocument();
    act(() =>
      emit({ module: 'new_message', request_details: makeMessage(500, { message: 'Hi!' }) }),
    );
    expect(screen.queryByTestId('chat-typing')).toBeNull();
    expect(await screen.findByTestId('message')).toHaveTextContent('Hi!');
    expect(screen.getByTestId('chat-status')).toHaveTextContent('Online');
  });

  it('shows nobody else’s typing, nor a blocked person’s, and not the reply to my own', async () => {
    await openChat();
    typing(42);
    act(() => emit({ module: 'typing', rid: '3', request_status: 1, data: {} }));
    expect(screen.queryByTestId('chat-typing')).toBeNull();
    act(() => usePeopleStore.setState({ hiddenIds: [41] }));
    typing(41);
    expect(screen.queryByTestId('chat-typing')).toBeNull();
  });
});

describe('the contacts list', () => {
  it('shows "typing…" in place of the last message of the person who types', async () => {
    answer('user/contacts', () => ({
      module: 'user/contacts',
      request_status: 1,
      data: [
        makeContact(40, { name: 'Maya', last_m: 'See you' }),
        makeContact(41, { name: 'Noa' }),
      ],
    }));
    renderChat(chat, <ContactsScreen />);
    await waitFor(() => expect(screen.getAllByTestId('contact-row')).toHaveLength(2));
    const row = (id: number) =>
      screen.getAllByTestId('contact-row').find((r) => r.dataset.contactId === String(id)) ??
      document.body;

    typing(41);
    expect(within(row(41)).getByTestId('contact-preview')).toHaveTextContent('typing…');
    expect(within(row(41)).getByTestId('contact-typing')).toBeInTheDocument();
    expect(within(row(40)).getByTestId('contact-preview')).toHaveTextContent('See you');

    act(() =>
      emit({ module: 'new_message', request_details: makeMessage(500, { message: 'Yo' }) }),
    );
    expect(within(row(41)).queryByTestId('contact-typing')).toBeNull();
    expect(within(row(41)).getByTestId('contact-preview')).toHaveTextContent('Yo');
  });
});

describe('the composer', () => {
  it('tells the partner while the member types, at most every 2 s, never for a blank draft', async () => {
    let now = 1_800_000_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    answer('send_message', (p) => ({
      module: 'send_message',
      request_status: 1,
      data: makeMessage(900, {
        client_id: String(p.client_id),
        sender_id: 12,
        receiver_id: 41,
        isMe: 1,
        message: String(p.message_text),
      }),
      request_details: { credits: 150, credits_spent: 50 },
    }));
    const user = userEvent.setup();
    await openChat();
    const input = screen.getByRole('textbox', { name: 'Message' });

    await user.type(input, '   ');
    expect(sent('typing')).toEqual([]);
    await user.type(input, 'Hello');
    expect(sent('typing')).toEqual([{ receiver_id: 41 }]);
    now += TYPING_SEND_INTERVAL_MS - 1;
    await user.type(input, ' t');
    expect(sent('typing')).toHaveLength(1);
    now += 1;
    await user.type(input, 'here');
    expect(sent('typing')).toHaveLength(2);

    // Sent: the draft is empty and nothing more goes; the next word is told at once.
    await user.type(input, '{Enter}');
    await screen.findByTestId('message');
    expect(sent('typing')).toHaveLength(2);
    await user.type(input, 'A');
    expect(sent('typing')).toHaveLength(3);
    // Cleared: nothing goes for the empty draft.
    await user.clear(input);
    expect(sent('typing')).toHaveLength(3);
  });

  it('tells nobody while the connection is down', async () => {
    const user = userEvent.setup();
    await openChat();
    act(() => useAppStore.getState().setConnection('reconnecting'));
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello');
    expect(sent('typing')).toEqual([]);
  });
});
