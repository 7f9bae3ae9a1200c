import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConsoleApp } from './ConsoleApp';
import { PERSONA_FIELDS } from './personas';
import { initConsoleI18n, applyConsoleLanguage } from './i18n';
import { FakeSocket, consoleMessage, lock, queueItem, testClient, TEST_STAFF } from './testing';
import type { ConsoleClient } from './client';

beforeAll(() => {
  initConsoleI18n('en');
});

let client: ConsoleClient | null = null;
afterEach(() => {
  client?.stop();
  client = null;
  vi.unstubAllGlobals();
  applyConsoleLanguage('en', false);
});

function jsonResponse(status: number, body: object): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

const conversation = {
  member: {
    id: 812,
    name: 'Dan',
    age: 34,
    gender: 1,
    bio: 'Sailing',
    city: 'Haifa',
    country: 'Israel',
    language: 'de',
    photos: [],
    premium: 0,
  },
  persona: {
    id: 41,
    name: 'Noa',
    age: 29,
    city: 'Tel Aviv',
    bio: 'Coffee',
    language: 'he',
    photos: [{ id: 7, url: '/media/personas/41-1.svg' }],
  },
  messages: [
    consoleMessage({ id: 1, message: 'Hallo Noa' }),
    consoleMessage({
      id: 2,
      isMe: 1,
      sender_id: 41,
      receiver_id: 812,
      message: 'Hi Dan',
      operator: { id: 9, email: 'eve@kesher.example' },
    }),
  ],
  notes: [
    {
      id: 5,
      member_id: 812,
      persona_id: null,
      category: 'job',
      text: 'Engineer',
      staff_id: 3,
      updated_at: 1_795_330_000,
    },
  ],
  member_typing: 0,
};

async function openWorkspace(staff = TEST_STAFF, queue = [queueItem()]) {
  client = testClient();
  client.start();
  render(<ConsoleApp client={client} />);
  const socket = FakeSocket.latest();
  act(() => socket.serverOpen());
  act(() => {
    socket.reply('console/me', {
      request_status: 1,
      data: { staff, max_locks: 3, lease_seconds: 90, locks: [] },
    });
    socket.reply('console/queue', { request_status: 1, data: queue });
  });
  await screen.findByTestId('queue-item');
  return socket;
}

/** The workspace with the queue's first conversation claimed and open. */
async function openConversation() {
  const socket = await openWorkspace();
  const user = userEvent.setup();
  await user.click(screen.getByTestId('queue-item'));
  act(() => socket.reply('console/claim', { request_status: 1, data: lock() }));
  await waitFor(() => expect(socket.modules()).toContain('console/conversation'));
  act(() => socket.reply('console/conversation', { request_status: 1, data: conversation }));
  return { socket, user };
}

describe('the console', () => {
  it('shows the sign-in when the socket is refused, and asks an admin for the TOTP code', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(jsonResponse(401, { error_code: 'totp_required' }))
      .mockResolvedValueOnce(jsonResponse(401, { error_code: 'invalid_totp' }))
      .mockResolvedValueOnce(
        jsonResponse(200, { staff: { id: 1, email: 'a@k.example', role: 'admin' } }),
      );
    vi.stubGlobal('fetch', fetchMock);
    client = testClient();
    client.start();
    render(<ConsoleApp client={client} />);
    act(() => FakeSocket.latest().serverClose(1006));

    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'a@k.example');
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    expect(screen.queryByTestId('console-totp')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByTestId('console-totp')).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/console/api/login');
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      email: 'a@k.example',
      password: 'secret-password',
    });

    await user.type(screen.getByTestId('console-totp'), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right');
    expect(JSON.parse(String(fetchMock.mock.calls[1]?.[1]?.body))).toMatchObject({
      totp: '123456',
    });

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    // Signed in: the socket opens again.
    await waitFor(() => expect(FakeSocket.instances).toHaveLength(2));
  });

  it('claims from the queue, shows the disclosure in the member’s language, and keeps a refused text', async () => {
    const { socket, user } = await openConversation();

    const messages = await screen.findAllByTestId('console-message');
    expect(messages).toHaveLength(2);
    expect(screen.getByTestId('message-operator')).toHaveTextContent('eve@kesher.example');
    // The member writes German: the disclosure is the members' app's own German text.
    const disclosure = screen.getByTestId('member-disclosure');
    expect(disclosure).toHaveTextContent('Virtuelles Profil');
    expect(within(screen.getByTestId('notes-member')).getByTestId('note')).toHaveTextContent(
      'Engineer',
    );

    const composer = screen.getByTestId('console-composer');
    await user.type(composer, 'Ruf mich an: 0151 2345678');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const send = socket.lastFrame('console/send');
    expect(send).toMatchObject({
      member_id: 812,
      persona_id: 41,
      message_type: 'text',
      message_text: 'Ruf mich an: 0151 2345678',
    });
    expect(String(send.client_id)).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    act(() =>
      socket.reply('console/send', {
        request_status: 0,
        error_code: 'contact_phone',
        data: { match: '0151 2345678' },
      }),
    );
    const refusal = await screen.findByTestId('refusal');
    expect(refusal).toHaveTextContent('Not sent: the text contains a phone number');
    expect(within(refusal).getByTestId('refusal-match')).toHaveTextContent('0151 2345678');
    expect(composer).toHaveValue('Ruf mich an: 0151 2345678');
    expect(socket.modules()).toContain('console/typing');
  });

  it('closes the tab and says why when the lock is lost', async () => {
    const { socket } = await openConversation();
    expect(await screen.findByTestId('conversation-tab')).toBeInTheDocument();
    act(() =>
      socket.serverSend({
        module: 'console/lock_lost',
        data: { member_id: 812, persona_id: 41, reason: 'broken' },
      }),
    );
    expect(screen.queryByTestId('conversation-tab')).toBeNull();
    expect(document.body).toHaveTextContent('An admin took back the conversation Dan → Noa.');
  });

  it('says who holds a conversation another operator took', async () => {
    const socket = await openWorkspace();
    await userEvent.setup().click(screen.getByTestId('queue-item'));
    act(() =>
      socket.reply('console/claim', {
        request_status: 0,
        error_code: 'locked',
        data: { lock: { staff_id: 9, email: 'eve@kesher.example', expires_at: 1 } },
      }),
    );
    expect(
      await screen.findByText('eve@kesher.example is already answering this conversation.'),
    ).toBeInTheDocument();
  });
});

describe('breaking a lock', () => {
  const held = queueItem({
    lock: {
      staff_id: 9,
      email: 'eve@kesher.example',
      expires_at: 1,
    },
  });

  it('lets an admin take a conversation back after confirming', async () => {
    const socket = await openWorkspace({ id: 1, email: 'boss@kesher.example', role: 'admin' }, [
      held,
    ]);
    const user = userEvent.setup();
    await user.click(screen.getByTestId('queue-break-lock'));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('eve@kesher.example is answering Dan as Noa.');
    expect(socket.modules()).not.toContain('console/break_lock');
    await user.click(within(dialog).getByTestId('queue-break-confirm'));
    expect(socket.modules()).toContain('console/break_lock');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('offers no such thing to an operator', async () => {
    await openWorkspace(TEST_STAFF, [held]);
    expect(screen.queryByTestId('queue-break-lock')).toBeNull();
  });
});

describe('console translations', () => {
  const sources = import.meta.glob<string>('./*.{ts,tsx}', {
    eager: true,
    query: '?raw',
    import: 'default',
  });
  const en = import.meta.glob<Record<string, unknown>>('../i18n/console/en.json', {
    eager: true,
    import: 'default',
  });
  const tree = Object.values(en)[0] ?? {};
  const has = (key: string) =>
    key
      .split('.')
      .reduce<unknown>(
        (node, part) =>
          typeof node === 'object' && node !== null
            ? (node as Record<string, unknown>)[part]
            : undefined,
        tree,
      ) !== undefined;

  it('has every literal console key the screens use', () => {
    const used = new Set<string>();
    for (const [path, text] of Object.entries(sources)) {
      if (path.endsWith('.test.ts') || path.endsWith('.test.tsx')) continue;
      for (const [, key] of text.matchAll(/'console\.([A-Za-z0-9_.]+)'/g)) used.add(key ?? '');
    }
    expect(used.size).toBeGreaterThan(50);
    expect([...used].filter((key) => !has(key))).toEqual([]);
  });

  it('has a text for every code, category, refusal and type the screens build keys from', () => {
    const dynamic = [
      ...['operator', 'admin'].map((r) => `role.${r}`),
      ...['he', 'en', 'de'].map((l) => `languageName.${l}`),
      ...['all', 'he', 'en', 'de'].map((l) => `queue.language.${l}`),
      ...['queue', 'conversation', 'context'].map((p) => `panes.${p}`),
      ...['text', 'gift', 'image', 'pphoto'].map((m) => `messageType.${m}`),
      ...['expired', 'broken', 'persona_disabled'].map((r) => `lockLost.${r}`),
      ...['members', 'reports', 'staff', 'personas'].map((s) => `admin.section.${s}`),
      ...['1', '2', '3'].map((g) => `admin.personas.genders.${g}`),
      ...['1', '2'].map((g) => `admin.personas.lookingForOptions.${g}`),
      ...['1', '2', '3', '4', '5', '6'].map((a) => `admin.personas.answers.${a}`),
      ...PERSONA_FIELDS.map((f) => `admin.personas.fieldErrors.${f}`),
      ...['name', 'home_town', 'job', 'family', 'hobbies', 'dates', 'likes', 'other'].map(
        (c) => `notes.category.${c}`,
      ),
      ...['contact_phone', 'contact_email', 'contact_url', 'meeting_arrangement'].flatMap((c) => [
        `refusal.${c}.title`,
        `refusal.${c}.body`,
        `errors.${c}`,
      ]),
      ...[
        'totp_required',
        'invalid_totp',
        'locked',
        'too_many_locks',
        'not_locked',
        'invalid_credentials',
        'forbidden',
        'not_found',
      ].map((c) => `errors.${c}`),
    ];
    expect(dynamic.filter((key) => !has(key))).toEqual([]);
  });
});
