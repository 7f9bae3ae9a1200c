// Test doubles and sample records for the console. Only tests import this file.
import { act, render } from '@testing-library/react';
import { createElement, type ReactElement } from 'react';
import { onTestFinished } from 'vitest';
import { FakeSocket } from '../realtime/testing';
import type { NetworkLike } from '../realtime/client';
import { ConsoleClient } from './client';
import { ServiceContext } from './context';
import { ConsoleService } from './service';
import type {
  AdminPersona,
  AdminMemberDetail,
  AdminReport,
  ConsoleMessage,
  Lock,
  QueueItem,
  Staff,
} from './protocol';

export { FakeSocket };

export const TEST_STAFF: Staff = { id: 3, email: 'ops@kesher.example', role: 'operator' };

export function fakeNetwork(initial = true) {
  let online = initial;
  const listeners = new Set<(online: boolean) => void>();
  const network: NetworkLike = {
    online: () => online,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    network,
    set(value: boolean) {
      online = value;
      for (const l of listeners) l(value);
    },
  };
}

export function testClient(): ConsoleClient {
  FakeSocket.instances = [];
  return new ConsoleClient({
    url: () => 'ws://test/console/ws',
    createSocket: (url) => new FakeSocket(url),
    network: fakeNetwork().network,
    reconnectDelaysMs: [100, 200, 400],
    requestTimeoutMs: 5000,
    pingIntervalMs: 10_000,
  });
}

/** Renders `screen` with a console service over an open fake socket, stopped after the test. */
export function renderWithService(screen: ReactElement): FakeSocket {
  const client = testClient();
  client.start();
  onTestFinished(() => client.stop());
  const socket = FakeSocket.latest();
  act(() => socket.serverOpen());
  render(createElement(ServiceContext.Provider, { value: new ConsoleService(client) }, screen));
  return socket;
}

export function queueItem(overrides: Partial<QueueItem> = {}): QueueItem {
  const memberId = overrides.member_id ?? 812;
  const personaId = overrides.persona_id ?? 41;
  return {
    member_id: memberId,
    persona_id: personaId,
    waiting_since: 1_795_330_000,
    last_message_at: 1_795_330_060,
    waiting: 2,
    preview: 'Hi Noa!',
    preview_type: 'text',
    member: { id: memberId, name: 'Dan', age: 34, photo: null, language: 'he', city: 'Haifa' },
    persona: {
      id: personaId,
      name: 'Noa',
      age: 29,
      photo: null,
      language: 'he',
      city: 'Tel Aviv',
    },
    lock: null,
    ...overrides,
  };
}

export function lock(overrides: Partial<Lock> = {}): Lock {
  return { member_id: 812, persona_id: 41, staff_id: 3, expires_at: 1_795_330_150, ...overrides };
}

export function consoleMessage(overrides: Partial<ConsoleMessage> = {}): ConsoleMessage {
  return {
    id: 981,
    client_id: null,
    type: 'text',
    message: 'Hi!',
    sender_id: 812,
    receiver_id: 41,
    timestamp: 1_795_330_000,
    seen: 0,
    isMe: 0,
    story: null,
    story_id: null,
    body: null,
    avatar: null,
    gift: null,
    price: 50,
    operator: null,
    ...overrides,
  };
}

/** A member as console/admin/members/get gives them: Dana, 12, with 700 credits. */
export function adminMemberDetail(overrides: Partial<AdminMemberDetail> = {}): AdminMemberDetail {
  return {
    id: 12,
    email: 'dana@example.com',
    name: 'Dana',
    created_at: 1,
    credits: 700,
    premium_until: null,
    banned: null,
    profile: {
      id: 12,
      name: 'Dana',
      age: 30,
      gender: 2,
      language: 'en',
      city: 'Haifa',
      country: 'Israel',
      photo: null,
      bio: '',
      premium: 0,
      photos: [],
    },
    ledger: [],
    ledger_sum: 700,
    payments: [],
    ...overrides,
  };
}

/** An open report of Dana (12) by Ruth (1) for harassment, as console/admin/reports/list gives it. */
export function adminReport(overrides: Partial<AdminReport> = {}): AdminReport {
  return {
    id: 1,
    reporter_id: 1,
    reported_id: 12,
    reason: 'harassment',
    created_at: 1,
    handled_at: null,
    resolution: null,
    note: '',
    resolved_by: null,
    reported: { ...adminMemberDetail().profile },
    reporter: { id: 1, name: 'Ruth', age: 30, photo: null, language: 'he', city: '' },
    messages: [],
    ...overrides,
  };
}

/** A persona as console/admin/personas lists it: Maya, 31, in Tel Aviv, with no photo. */
export function adminPersona(overrides: Partial<AdminPersona> = {}): AdminPersona {
  return {
    id: 41,
    key: '',
    name: 'Maya',
    gender: 2,
    birth_date: '1995-04-12',
    age: 31,
    language: 'en',
    place: { id: 293397, name: 'Tel Aviv', name_he: 'תל אביב' },
    s_gender: 1,
    s_age_min: 25,
    s_age_max: 45,
    answer: 2,
    bio: 'Sunsets and trail runs',
    likes_back_percent: 40,
    like_back_delay_s: 90,
    disabled: 0,
    edited: 1,
    photos: [],
    ...overrides,
  };
}
