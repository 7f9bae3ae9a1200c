// Test doubles for the realtime client. Only tests import this file.
import type { SocketLike } from './client';
import type { User } from './protocol';

export class FakeSocket implements SocketLike {
  static instances: FakeSocket[] = [];
  readyState = 0;
  readonly sent: string[] = [];
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  readonly url: string;

  constructor(url: string) {
    this.url = url;
    FakeSocket.instances.push(this);
  }

  static latest(): FakeSocket {
    const socket = FakeSocket.instances.at(-1);
    if (!socket) throw new Error('no socket was created');
    return socket;
  }

  send(data: string): void {
    if (this.readyState !== 1) throw new Error('send on a socket that is not open');
    this.sent.push(data);
  }

  close(): void {
    this.readyState = 3;
  }

  /** Frames sent so far, parsed. */
  frames(): Record<string, unknown>[] {
    return this.sent.map((s) => JSON.parse(s) as Record<string, unknown>);
  }

  modules(): string[] {
    return this.frames().map((f) => String(f.module));
  }

  lastFrame(module: string): Record<string, unknown> {
    const frame = this.frames().findLast((f) => f.module === module);
    if (!frame) throw new Error(`no ${module} frame was sent`);
    return frame;
  }

  serverOpen(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  serverClose(code?: number): void {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close', code === undefined ? {} : { code }));
  }

  serverSend(message: object): void {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) }));
  }

  /** Answers the last `module` request with `reply` (rid copied over). */
  reply(module: string, reply: object): void {
    const { rid } = this.lastFrame(module);
    this.serverSend({ module, rid, ...reply });
  }
}

export const TEST_USER: User = {
  id: 12,
  name: 'Dana',
  age: 31,
  gender: 2,
  photo: null,
  photos: [],
  avatar: null,
  bio: '',
  answer: 3,
  language: 'he',
  city: 'Tel Aviv',
  country: 'Israel',
  country_code: 'IL',
  place_id: 293397,
  s_gender: 1,
  s_age: '25,40',
  s_radius: 50,
  credits: 200,
  premium: 0,
  status: 1,
  has_story: 0,
  stories: [],
  sof_spin_available: 0,
  sof_can_spin: 1,
  claimed_free_account_credits: 1,
  email_verified: 0,
};
