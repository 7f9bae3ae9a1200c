// @vitest-environment node
import { beforeAll, beforeEach, afterEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../app/store';
import { TEST_USER } from '../../realtime/testing';
import { setTestLanguage } from '../auth/testUtils';
import { showBanner } from '../notify/banner';
import { playSound } from '../notify/sounds';
import { usePeopleStore, useProfileModal } from '../people/store';
import type { ChatService } from './service';
import { draftKey, draftOf, setDraft } from './drafts';
import { findContact } from './store';
import { answer, makeContact, makeGift, makeMessage, ME, mine, sent } from './testing';
import { newChatTest } from './testReset';

vi.mock('../../realtime', () => import('./testing'));
vi.mock('../notify/banner', (original) => import('./testing').then((m) => m.mockBanner(original)));
vi.mock('../notify/sounds', (original) => import('./testing').then((m) => m.mockSounds(original)));

let chat: ChatService;
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const contactsIds = () => chat.store.getState().lists.contacts.items.map((c) => c.id);

function answerSendOk(credits = 150, spent = 50, replayed = 0) {
  answer('send_message', (p) => ({
    module: 'send_message',
    request_status: 1,
    data: mine(900, Number(p.receiver_id), {
      client_id: String(p.client_id),
      message: String(p.message_text ?? ''),
      type: p.gift_id ? 'gift' : 'text',
      price: spent,
    }),
    request_details: { credits, credits_spent: spent, replayed, id: 900 },
  }));
}

beforeAll(async () => {
  await setTestLanguage('en');
});

beforeEach(() => {
  chat = newChatTest();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('contacts', () => {
  it('loads 10 a page and appends the next page without duplicates', async () => {
    answer('user/contacts', (p) => ({
      module: 'user/contacts',
      request_status: 1,
      data:
        p.currentLength === 0
          ? Array.from({ length: 10 }, (_, i) => makeContact(i + 1))
          : [makeContact(10), makeContact(11)],
    }));
    await chat.loadList();
    expect(sent('user/contacts')).toEqual([{ currentLength: 0, recordsToTake: 10, archived: 0 }]);
    expect(chat.store.getState().lists.contacts.ended).toBe(false);
    await chat.loadMore();
    expect(sent('user/contacts')[1]).toEqual({ currentLength: 10, recordsToTake: 10, archived: 0 });
    expect(contactsIds()).toHaveLength(11);
    expect(chat.store.getState().lists.contacts.ended).toBe(true);
    await chat.loadMore();
    expect(sent('user/contacts')).toHaveLength(2);
  });
});

describe('new_message', () => {
  beforeEach(() => {
    chat.store.getState().applyPage('contacts', 0, [makeContact(40), makeContact(41)], true);
    useAppStore.setState({ unreadTotal: 2 });
  });

  it('moves the contact to the top, counts it, announces it and refreshes the total', async () => {
    vi.useFakeTimers();
    answer('user/contacts/unread', () => ({
      module: 'user/contacts/unread',
      request_status: 1,
      data: [{ total: 7 }],
    }));
    const navigate = vi.fn();
    chat.setNavigator(navigate);
    chat.handleNewMessage(makeMessage(100, { message: 'Hi!' }));
    expect(contactsIds()).toEqual([41, 40]);
    expect(findContact(chat.store.getState(), 41)).toMatchObject({ unread: 1, last_m: 'Hi!' });
    expect(useAppStore.getState().unreadTotal).toBe(3);
    expect(playSound).toHaveBeenCalledWith('message');
    // The banner names the sender and shows what they wrote.
    expect(showBanner).toHaveBeenCalledWith(
      expect.objectContaining({
        type: 'message',
        title: 'Person 41',
        message: 'Hi!',
        photo: '/media/41.jpg',
      }),
    );
    vi.mocked(showBanner).mock.calls[0]?.[0].onClick?.();
    expect(navigate).toHaveBeenCalledWith('/chat/41');
    await vi.advanceTimersByTimeAsync(300);
    expect(sent('user/contacts/unread')).toHaveLength(1);
    expect(useAppStore.getState().unreadTotal).toBe(7);
  });

  it('the banner cuts a long text and says what a gift is', () => {
    chat.handleNewMessage(
      makeMessage(100, { message: 'a'.repeat(30) + ' and then some more words' }),
    );
    expect(vi.mocked(showBanner).mock.calls[0]?.[0]).toMatchObject({
      title: 'Person 41',
      message: `${'a'.repeat(30)}…`,
    });
    chat.handleNewMessage(
      makeMessage(101, { sender_id: 40, type: 'gift', message: '/gifts/3.svg' }),
    );
    expect(vi.mocked(showBanner).mock.calls[1]?.[0]).toMatchObject({
      title: 'Person 40',
      message: 'You got a gift',
    });
  });

  it('ignores a duplicate (same id)', () => {
    chat.handleNewMessage(makeMessage(100));
    chat.handleNewMessage(makeMessage(100));
    expect(findContact(chat.store.getState(), 41)?.unread).toBe(1);
    expect(useAppStore.getState().unreadTotal).toBe(3);
    expect(showBanner).toHaveBeenCalledTimes(1);
  });

  it('ignores a blocked sender', () => {
    usePeopleStore.setState({ hiddenIds: [41] });
    chat.handleNewMessage(makeMessage(100));
    expect(contactsIds()).toEqual([40, 41]);
    expect(useAppStore.getState().unreadTotal).toBe(2);
    expect(showBanner).not.toHaveBeenCalled();
  });

  it('holds a message from someone unknown until their contact arrives', async () => {
    answer('user/contact/get_by_id', (p) => ({
      module: 'user/contact/get_by_id',
      request_status: 1,
      data: makeContact(Number(p.contact_id), { unread: 1, last_m: 'New here' }),
    }));
    chat.handleNewMessage(makeMessage(200, { sender_id: 77 }));
    chat.handleNewMessage(makeMessage(201, { sender_id: 77 }));
    expect(contactsIds()).toEqual([40, 41]);
    await flush();
    expect(sent('user/contact/get_by_id')).toEqual([{ contact_id: 77 }]);
    expect(contactsIds()).toEqual([77, 40, 41]);
    expect(findContact(chat.store.getState(), 77)?.last_m).toBe('New here');
    expect(showBanner).toHaveBeenCalledTimes(1);
  });

  it('in the open chat: adds the message, reads it at once, no banner', async () => {
    answer('message/read', () => ({
      module: 'message/read',
      request_status: 1,
      request_details: { read: 1, total_unread: 2 },
    }));
    chat.store.getState().setConversation(41, { state: 'ready', messages: [] });
    chat.setOpenChat(41);
    chat.handleNewMessage(makeMessage(100));
    expect(chat.conversationOf(41).messages.map((m) => m.id)).toEqual([100]);
    expect(chat.conversationOf(41).messages[0]?.seen).toBe(1);
    expect(sent('message/read')).toEqual([{ message_id: '100' }]);
    expect(findContact(chat.store.getState(), 41)?.unread).toBe(0);
    expect(useAppStore.getState().unreadTotal).toBe(2);
    expect(showBanner).not.toHaveBeenCalled();
    expect(playSound).not.toHaveBeenCalled();
  });

  it('replaces my provisional copy when the echo of my send arrives (same client_id)', () => {
    chat.store.getState().setConversation(41, { state: 'ready', messages: [] });
    answer('send_message', () => new Promise(() => undefined));
    chat.sendText(41, 'from this tab');
    const clientId = chat.conversationOf(41).messages[0]?.client_id ?? '';
    chat.handleNewMessage(mine(300, 41, { client_id: clientId, message: 'from this tab' }));
    const list = chat.conversationOf(41).messages;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: 300, client_id: clientId });
    expect(list[0]?.pending).toBeUndefined();
    // Mine: no unread, no banner.
    expect(useAppStore.getState().unreadTotal).toBe(2);
    expect(showBanner).not.toHaveBeenCalled();
  });
});

describe('message/read and credits events', () => {
  it('my other tab read a chat: its unread count and the total follow', () => {
    chat.store.getState().applyPage('contacts', 0, [makeContact(41, { unread: 4 })], true);
    chat.store.getState().setConversation(41, {
      state: 'ready',
      messages: [makeMessage(5), makeMessage(6)],
    });
    useAppStore.setState({ unreadTotal: 9 });
    chat.handleRead({ reader_id: ME, partner_id: 41, up_to_id: 5, unread: 1, total_unread: 5 });
    expect(findContact(chat.store.getState(), 41)?.unread).toBe(1);
    expect(useAppStore.getState().unreadTotal).toBe(5);
    expect(chat.conversationOf(41).messages.map((m) => m.seen)).toEqual([1, 0]);
  });

  it('my partner read my messages: they show as seen up to the id', () => {
    chat.store.getState().setConversation(41, {
      state: 'ready',
      messages: [mine(5), makeMessage(6), mine(7), mine(8)],
    });
    chat.handleRead({ reader_id: 41, partner_id: ME, up_to_id: 7 });
    expect(chat.conversationOf(41).messages.map((m) => m.seen)).toEqual([1, 0, 1, 0]);
  });

  it('credits: the balance changes everywhere', () => {
    chat.handleCredits(150);
    expect(useAppStore.getState().user?.credits).toBe(150);
  });
});

describe('opening a chat', () => {
  it('loads 20, marks the unseen incoming read (comma-joined) and lowers the total', async () => {
    chat.store.getState().applyPage('contacts', 0, [makeContact(41, { unread: 2 })], true);
    useAppStore.setState({ unreadTotal: 5 });
    answer('messages', () => ({
      module: 'messages',
      request_status: 1,
      data: [makeMessage(1, { seen: 1 }), mine(2), makeMessage(3), makeMessage(4)],
    }));
    answer('message/read', () => ({
      module: 'message/read',
      request_status: 1,
      request_details: { read: 2, total_unread: 3 },
    }));
    chat.setOpenChat(41);
    await chat.loadConversation(41);
    expect(sent('messages')).toEqual([{ contact_user_id: 41, recordsToTake: 20 }]);
    expect(sent('message/read')).toEqual([{ message_id: '3,4' }]);
    expect(findContact(chat.store.getState(), 41)?.unread).toBe(0);
    expect(useAppStore.getState().unreadTotal).toBe(3);
    expect(chat.conversationOf(41).state).toBe('ready');
    // Only 4 came back: nothing older.
    expect(chat.conversationOf(41).olderEnded).toBe(true);
  });

  it('pages older messages with before_id', async () => {
    answer('messages', (p) => ({
      module: 'messages',
      request_status: 1,
      data: p.before_id
        ? Array.from({ length: 20 }, (_, i) => makeMessage(i + 1, { seen: 1 }))
        : Array.from({ length: 20 }, (_, i) => makeMessage(i + 21, { seen: 1 })),
    }));
    await chat.loadConversation(41);
    expect(chat.conversationOf(41).olderEnded).toBe(false);
    expect(await chat.loadOlder(41)).toBe(true);
    expect(sent('messages')[1]).toEqual({ contact_user_id: 41, recordsToTake: 20, before_id: 21 });
    expect(chat.conversationOf(41).messages.map((m) => m.id)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
  });
});

describe('sending', () => {
  beforeEach(() => {
    chat.store.getState().setConversation(41, { state: 'ready', messages: [] });
  });

  it('shows a provisional message, then the server one, the new balance and the cost', async () => {
    answerSendOk(150, 50);
    expect(chat.sendText(41, '  Hi!  ')).toBe(true);
    const provisional = chat.conversationOf(41).messages[0];
    expect(provisional?.pending?.state).toBe('sending');
    expect(provisional?.message).toBe('Hi!');
    const request = sent('send_message')[0];
    expect(request).toMatchObject({
      sender_id: ME,
      receiver_id: 41,
      message_type: 'text',
      message_text: 'Hi!',
      client_id: provisional?.client_id,
    });
    await flush();
    const list = chat.conversationOf(41).messages;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: 900, client_id: provisional?.client_id });
    expect(list[0]?.pending).toBeUndefined();
    expect(useAppStore.getState().user?.credits).toBe(150);
    expect(playSound).toHaveBeenCalledWith('credit_spent');
    expect(showBanner).toHaveBeenCalledWith({ type: 'credits', message: '50 credits spent' });
  });

  it('in the open chat the cost shows above the composer, not as a banner over the header', async () => {
    answerSendOk(150, 50);
    chat.setOpenChat(41);
    chat.sendText(41, 'Hi!');
    await flush();
    expect(chat.store.getState().spent).toMatchObject({ partnerId: 41, amount: 50 });
    expect(playSound).toHaveBeenCalledWith('credit_spent');
    expect(showBanner).not.toHaveBeenCalled();
    chat.setOpenChat(null);
  });

  it('a replayed send charges nothing and says nothing', async () => {
    answerSendOk(150, 50, 1);
    chat.sendText(41, 'again');
    await flush();
    expect(playSound).not.toHaveBeenCalled();
    expect(showBanner).not.toHaveBeenCalled();
  });

  it('sends nothing for empty text, or below 50 credits (the credits modal opens)', () => {
    expect(chat.sendText(41, '   ')).toBe(false);
    expect(useAppStore.getState().creditsModalOpen).toBe(false);
    useAppStore.setState({ user: { ...TEST_USER, id: ME, credits: 49 } });
    expect(chat.sendText(41, 'hello')).toBe(false);
    expect(useAppStore.getState().creditsModalOpen).toBe(true);
    // The modal is told why: a text at 50 credits.
    expect(useAppStore.getState().creditsNeed).toEqual({ kind: 'text', price: 50, required: 50 });
    expect(sent('send_message')).toEqual([]);
    expect(chat.conversationOf(41).messages).toEqual([]);
  });

  it('not_enough_credits: the message goes, the profile closes, the credits modal opens', async () => {
    answer('send_message', () => ({
      module: 'send_message',
      request_status: 0,
      error_code: 'not_enough_credits',
      request_details: { credits: 30, required: 50 },
    }));
    useProfileModal.setState({ userId: 41 });
    chat.sendText(41, 'hi');
    setDraft(draftKey(ME, 41), 'typed meanwhile');
    await flush();
    expect(chat.conversationOf(41).messages).toEqual([]);
    expect(useProfileModal.getState().userId).toBeNull();
    expect(useAppStore.getState().creditsModalOpen).toBe(true);
    expect(useAppStore.getState().creditsNeed).toEqual({ kind: 'text', price: 50, required: 50 });
    expect(useAppStore.getState().user?.credits).toBe(30);
    // The refused text goes back to the composer, before what was typed since.
    expect(draftOf(draftKey(ME, 41))).toBe('hi\ntyped meanwhile');
  });

  it('other errors mark it failed; retry sends the same client_id again', async () => {
    answer('send_message', () => ({
      module: 'send_message',
      request_status: 0,
      error_code: 'rate_limited',
    }));
    chat.sendText(41, 'hi');
    await flush();
    const failed = chat.conversationOf(41).messages[0];
    expect(failed?.pending).toMatchObject({ state: 'failed', error: 'rate_limited' });
    answerSendOk();
    chat.retrySend(41, failed?.client_id ?? '');
    expect(chat.conversationOf(41).messages[0]?.pending?.state).toBe('sending');
    await flush();
    const requests = sent('send_message');
    expect(requests).toHaveLength(2);
    expect(requests[1]?.client_id).toBe(requests[0]?.client_id);
    expect(chat.conversationOf(41).messages).toHaveLength(1);
    expect(chat.conversationOf(41).messages[0]?.pending).toBeUndefined();
  });

  it('a lost socket leaves the message failed with the network text code', async () => {
    answer('send_message', () => Promise.reject(new Error('socket closed')));
    chat.sendText(41, 'hi');
    await flush();
    expect(chat.conversationOf(41).messages[0]?.pending?.error).toBe('network');
  });

  it('gifts need max(50, price) and are sent with gift_id', async () => {
    answerSendOk(120, 80);
    useAppStore.setState({ user: { ...TEST_USER, id: ME, credits: 79 } });
    expect(chat.sendGift(41, makeGift(3, 80))).toBe(false);
    expect(useAppStore.getState().creditsModalOpen).toBe(true);
    expect(useAppStore.getState().creditsNeed).toEqual({ kind: 'gift', price: 80, required: 80 });
    useAppStore.setState({ user: { ...TEST_USER, id: ME, credits: 200 }, creditsModalOpen: false });
    expect(chat.sendGift(41, makeGift(3, 80))).toBe(true);
    expect(sent('send_message')[0]).toMatchObject({ message_type: 'gift', gift_id: 3 });
    expect(chat.conversationOf(41).messages[0]?.gift).toEqual({
      id: 3,
      icon: '/gifts/3.svg',
      gift: 'Gift 3',
      price: 80,
    });
    await flush();
    expect(showBanner).toHaveBeenCalledWith({ type: 'credits', message: '80 credits spent' });
  });
});

describe('after a lost connection', () => {
  beforeEach(() => {
    chat.store.getState().setConversation(41, { state: 'ready', messages: [] });
    chat.store.getState().setConversation(42, { state: 'ready', messages: [] });
  });

  /** Sends `text` to `partner` while the socket is lost: the message is left failed. */
  async function sendLost(partner: number, text: string): Promise<string> {
    answer('send_message', () => Promise.reject(new Error('socket closed')));
    chat.sendText(partner, text);
    await flush();
    const message = chat.conversationOf(partner).messages.at(-1);
    expect(message?.pending).toMatchObject({ state: 'failed', error: 'network' });
    return message?.client_id ?? '';
  }

  it('sends what failed again with the same client_id; a replay shows as sent, charged once', async () => {
    const first = await sendLost(41, 'reached the server');
    const second = await sendLost(42, 'never reached it');
    // The server already holds the first (replayed: nothing charged); the second is new.
    answer('send_message', (p) => ({
      module: 'send_message',
      request_status: 1,
      data: mine(p.client_id === first ? 900 : 901, Number(p.receiver_id), {
        client_id: String(p.client_id),
        message: String(p.message_text),
      }),
      request_details: {
        credits: 100,
        credits_spent: p.client_id === first ? 0 : 50,
        replayed: p.client_id === first ? 1 : 0,
      },
    }));
    chat.resendUnsent();
    await flush();
    const again = sent('send_message').slice(2);
    expect(again.map((r) => r.client_id).sort()).toEqual([first, second].sort());
    const sentOnly = (partner: number) =>
      chat
        .conversationOf(partner)
        .messages.map((m) => [m.id, m.client_id, m.pending?.state ?? 'sent']);
    expect(sentOnly(41)).toEqual([[900, first, 'sent']]);
    expect(sentOnly(42)).toEqual([[901, second, 'sent']]);
    expect(useAppStore.getState().user?.credits).toBe(100);
    // Only the new send is announced as a cost.
    expect(vi.mocked(showBanner).mock.calls.map((c) => c[0].message)).toEqual(['50 credits spent']);
  });

  it('leaves refusals alone: they wait for the member', async () => {
    answer('send_message', () => ({
      module: 'send_message',
      request_status: 0,
      error_code: 'message_too_long',
    }));
    chat.sendText(41, 'x');
    await flush();
    chat.resendUnsent();
    await flush();
    expect(sent('send_message')).toHaveLength(1);
  });

  it('a reply that comes after its timeout still marks the message sent', async () => {
    const clientId = await sendLost(41, 'slow');
    chat.handleSendReply({
      module: 'send_message',
      request_status: 1,
      data: mine(905, 41, { client_id: clientId, message: 'slow' }),
      request_details: { credits: 150, credits_spent: 50, replayed: 0 },
    });
    expect(chat.conversationOf(41).messages.map((m) => [m.id, m.pending?.state ?? 'sent'])).toEqual(
      [[905, 'sent']],
    );
    expect(useAppStore.getState().user?.credits).toBe(150);
  });
});
