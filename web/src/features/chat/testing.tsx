// Test doubles for the chat tests: the scripted realtime client of the discovery tests, with
// onSession added, spies for the notification helpers, and builders for contacts and messages.
// Only tests import this file; they install the doubles with (vi.mock must stay in the test file,
// where it is hoisted above the imports)
//   vi.mock('../../realtime', () => import('./testing'));
//   vi.mock('../notify/banner', (original) => import('./testing').then((m) => m.mockBanner(original)));
//   vi.mock('../notify/sounds', (original) => import('./testing').then((m) => m.mockSounds(original)));
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import type { SessionEvent } from '../../realtime/client';
import { ApiError } from '../../app/apiError';
import type { ChatMessage, Contact, ErrorCode, GiftEntry } from '../../realtime/protocol';
import { renderRoutes, realtime as scripted } from '../people/testing';
import { ChatProvider } from './context';
import type { ChatService } from './service';

export { answer, emit, resetRealtime, sent, stubMatchMedia } from '../people/testing';

const sessionListeners = new Set<(event: SessionEvent) => void>();

export const realtime = {
  ...scripted,
  onSession: vi.fn((listener: (event: SessionEvent) => void) => {
    sessionListeners.add(listener);
    return () => {
      sessionListeners.delete(listener);
    };
  }),
};

/** A session event, as after a reconnect validated again. */
export function emitSession(event: SessionEvent): void {
  for (const listener of [...sessionListeners]) listener(event);
}

type ImportOriginal = () => Promise<object>;

/** The notification banner module with showBanner and setChatOpen as spies. */
export async function mockBanner(original: ImportOriginal) {
  return { ...(await original()), showBanner: vi.fn(), setChatOpen: vi.fn() };
}

/** The sounds module with playSound as a spy. */
export async function mockSounds(original: ImportOriginal) {
  return { ...(await original()), playSound: vi.fn() };
}

/** One upload the fake uploader holds until the test answers it. */
export interface FakeUpload {
  file: File;
  progress(fraction: number): void;
  succeed(link: string): void;
  /** Rejects as media/upload.ts does: an ApiError with the server's code (`network`: the server
   *  was never reached). */
  fail(code: ErrorCode, network?: boolean): void;
  aborted: boolean;
}

/** An uploader for the ChatService that waits for the test: `fakeUploads.last()` answers. */
export const fakeUploads = {
  started: [] as FakeUpload[],
  reset() {
    this.started.length = 0;
  },
  last(): FakeUpload {
    const upload = this.started.at(-1);
    if (!upload) throw new Error('nothing was uploaded');
    return upload;
  },
  upload: (file: File, onProgress?: (fraction: number) => void, signal?: AbortSignal) =>
    new Promise<{ link: string; media: { id: string; width: number; height: number } }>(
      (resolve, reject) => {
        const upload: FakeUpload = {
          file,
          aborted: false,
          progress: (fraction) => onProgress?.(fraction),
          succeed: (link) => resolve({ link, media: { id: 'm1', width: 1280, height: 960 } }),
          fail: (code, network = false) => reject(new ApiError(code, { network })),
        };
        signal?.addEventListener('abort', () => {
          upload.aborted = true;
          reject(new DOMException('The upload was cancelled', 'AbortError'));
        });
        fakeUploads.started.push(upload);
      },
    ),
};

/** A picture file as the file input gives it. */
export function pictureFile(name = 'beach.jpg', type = 'image/jpeg'): File {
  return new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], name, { type });
}

export const ME = 12;

export function makeContact(id: number, patch: Partial<Contact> = {}): Contact {
  return {
    id,
    name: `Person ${id}`,
    photo: `/media/${id}.jpg`,
    last_m: `Hello from ${id}`,
    last_type: 'text',
    last_m_is_photo: 0,
    gift: 0,
    s_id: id,
    time: 1_800_000_000 - id,
    unread: 0,
    total_unread: 0,
    vip: 0,
    status: 0,
    virtual: 0,
    archived: 0,
    ...patch,
  };
}

export function makeMessage(id: number, patch: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id,
    client_id: null,
    type: 'text',
    message: `Message ${id}`,
    sender_id: 41,
    receiver_id: ME,
    timestamp: 1_800_000_000 + id,
    seen: 0,
    isMe: 0,
    story: null,
    story_id: null,
    body: null,
    avatar: null,
    gift: null,
    price: 0,
    ...patch,
  };
}

/** A message of mine to `to`. */
export function mine(id: number, to = 41, patch: Partial<ChatMessage> = {}): ChatMessage {
  return makeMessage(id, { sender_id: ME, receiver_id: to, isMe: 1, ...patch });
}

export function makeGift(id: number, price: number): GiftEntry {
  return {
    id,
    icon: `/gifts/${id}.svg`,
    gift: `Gift ${id}`,
    names: { he: `מתנה ${id}`, en: `Gift ${id}`, de: `Geschenk ${id}` },
    price,
  };
}

/**
 * Renders `element` at `path` (matched by `pattern`) with the pages the chat navigates to, the
 * test's `chat` provided to it.
 */
export function renderChat(
  chat: ChatService,
  element: ReactElement,
  path = '/contacts',
  pattern = path,
) {
  return renderRoutes(
    [
      { path: pattern, element: <ChatProvider service={chat}>{element}</ChatProvider> },
      { path: '/contacts', element: <p>contacts page</p> },
      { path: '/profile', element: <p>profile page</p> },
      { path: '/explore', element: <p>explore page</p> },
      { path: '/chat/:slug', element: <p>chat page</p> },
    ].filter((route, index, all) => all.findIndex((r) => r.path === route.path) === index),
    path,
  );
}
