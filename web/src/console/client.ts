// The console's socket (/console/ws): reconnect with backoff, a ping every 10 s, and requests
// answered by `rid`. Unlike the members' socket there is no session/validate: the HttpOnly
// `staff_session` cookie authenticates the upgrade, and a refused upgrade (401) is only seen as a
// socket that closes before it opens, so such a close means "sign in" (see `signedOut`).
import { addListener } from '../realtime/listeners';
import { PING_INTERVAL_MS, RECONNECT_DELAYS_MS, REQUEST_TIMEOUT_MS } from '../app/constants';
import {
  RealtimeError,
  type NetworkLike,
  type RealtimeErrorReason,
  type SocketLike,
  type TimeoutHandle,
  type IntervalHandle,
  type Timers,
} from '../realtime/client';
import { parseConsoleFrame, type ConsoleFrame } from './parse';
import type {
  ConsoleEventName,
  ConsoleEventOf,
  ConsoleModuleName,
  ConsoleReply,
  ConsoleRequestOf,
} from './protocol';

/** The server ends a socket whose staff session ended (logout, expiry) with this code. */
export const SESSION_ENDED_CLOSE = 4001;
/** After a working connection, this many sockets in a row that close before opening (while the
 *  browser is online) mean the session is gone rather than the server restarting. */
export const MAX_FAILED_OPENS = 4;

export type ConsoleStatus = 'connecting' | 'open' | 'closed';

export interface ConsoleSnapshot {
  readonly status: ConsoleStatus;
  /** The server refused the socket or ended the session: the operator must sign in. */
  readonly signedOut: boolean;
  /** A working connection was lost and no new one is open yet. */
  readonly interrupted: boolean;
  readonly online: boolean;
}

export interface ConsoleClientOptions {
  url: () => string;
  createSocket?: (url: string) => SocketLike;
  timers?: Timers;
  network?: NetworkLike;
  requestTimeoutMs?: number;
  pingIntervalMs?: number;
  reconnectDelaysMs?: readonly number[];
}

const SOCKET_CONNECTING = 0;
const SOCKET_OPEN = 1;

const globalTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle),
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle),
};

const browserNetwork: NetworkLike = {
  online: () => typeof navigator === 'undefined' || navigator.onLine !== false,
  subscribe: (listener) => {
    if (typeof window === 'undefined') return () => undefined;
    const up = () => listener(true);
    const down = () => listener(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  },
};

interface Pending {
  rid: string;
  module: ConsoleModuleName;
  payload: object;
  resolve(reply: ConsoleReply): void;
  reject(error: RealtimeError): void;
  timer: TimeoutHandle | null;
}

type Listener = (frame: ConsoleFrame) => void;

function callEach<T>(listeners: Iterable<(value: T) => void>, value: T): void {
  for (const listener of [...listeners]) {
    try {
      listener(value);
    } catch (error) {
      // One broken screen must not keep a frame from the others.
      if (import.meta.env.DEV) console.error('console: a subscriber threw', error);
    }
  }
}

export class ConsoleClient {
  private readonly url: () => string;
  private readonly createSocket: (url: string) => SocketLike;
  private readonly timers: Timers;
  private readonly network: NetworkLike;
  private readonly requestTimeoutMs: number;
  private readonly pingIntervalMs: number;
  private readonly reconnectDelaysMs: readonly number[];

  private socket: SocketLike | null = null;
  private started = false;
  private everOpened = false;
  private failedOpens = 0;
  private reconnectAttempt = 0;
  private reconnectTimer: TimeoutHandle | null = null;
  private pingTimer: IntervalHandle | null = null;
  private stopNetwork: (() => void) | null = null;
  private ridCounter = 0;
  private waiting: Pending[] = [];
  private readonly inflight = new Map<string, Pending>();
  private readonly frameListeners = new Map<string, Set<Listener>>();
  private readonly openListeners = new Set<() => void>();
  private readonly stateListeners = new Set<() => void>();
  private snapshot: ConsoleSnapshot = {
    status: 'closed',
    signedOut: false,
    interrupted: false,
    online: true,
  };

  constructor(options: ConsoleClientOptions) {
    this.url = options.url;
    this.createSocket = options.createSocket ?? ((url) => new WebSocket(url));
    this.timers = options.timers ?? globalTimers;
    this.network = options.network ?? browserNetwork;
    this.requestTimeoutMs = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
    this.pingIntervalMs = options.pingIntervalMs ?? PING_INTERVAL_MS;
    this.reconnectDelaysMs = options.reconnectDelaysMs ?? RECONNECT_DELAYS_MS;
  }

  // ---- lifecycle ----

  /** Opens the socket (again, after a sign-in). */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.everOpened = false;
    this.failedOpens = 0;
    this.reconnectAttempt = 0;
    this.pingTimer = this.timers.setInterval(() => this.ping(), this.pingIntervalMs);
    this.stopNetwork = this.network.subscribe((online) =>
      online ? this.handleOnline() : this.handleOffline(),
    );
    this.setSnapshot({ signedOut: false, interrupted: false, online: this.network.online() });
    this.connect();
  }

  stop(): void {
    this.halt('stopped');
    this.setSnapshot({ status: 'closed', interrupted: false });
  }

  // ---- state ----

  getSnapshot = (): ConsoleSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.stateListeners.add(listener);
    return () => {
      this.stateListeners.delete(listener);
    };
  };

  /** Called every time a socket opens: the app loads (or reloads) what it shows. */
  onOpen(listener: () => void): () => void {
    this.openListeners.add(listener);
    return () => {
      this.openListeners.delete(listener);
    };
  }

  /** Every event `module` the server pushes. Returns the unsubscribe function. */
  on<E extends ConsoleEventName>(
    module: E,
    handler: (event: ConsoleEventOf<E>) => void,
  ): () => void {
    // Frames are filed under their module, and parseConsoleFrame gives each event its own shape.
    return addListener(this.frameListeners, module, handler as Listener);
  }

  /** Sends a request once the socket is open and resolves with its reply (a refusal included).
   *  Rejects with a RealtimeError when no reply comes: timeout, a lost socket, or stop(). */
  request<M extends ConsoleModuleName>(
    module: M,
    payload: ConsoleRequestOf<M>,
  ): Promise<ConsoleReply<M>> {
    return new Promise<ConsoleReply<M>>((resolve, reject) => {
      if (!this.started) {
        reject(new RealtimeError('stopped', module));
        return;
      }
      const entry: Pending = {
        rid: `c${++this.ridCounter}`,
        module,
        payload,
        // The reply to a rid of `module` is parsed as that module's reply.
        resolve: resolve as (reply: ConsoleReply) => void,
        reject,
        timer: null,
      };
      entry.timer = this.timers.setTimeout(() => this.expire(entry), this.requestTimeoutMs);
      if (this.isOpen()) this.transmit(entry);
      else this.waiting.push(entry);
    });
  }

  // ---- internals ----

  private isOpen(): boolean {
    return this.socket?.readyState === SOCKET_OPEN;
  }

  private setSnapshot(patch: Partial<ConsoleSnapshot>): void {
    const next = { ...this.snapshot, ...patch };
    const s = this.snapshot;
    if (
      next.status === s.status &&
      next.signedOut === s.signedOut &&
      next.interrupted === s.interrupted &&
      next.online === s.online
    ) {
      return;
    }
    this.snapshot = next;
    callEach(this.stateListeners, undefined);
  }

  private connect(): void {
    this.clearReconnectTimer();
    this.dropSocket('socket_closed');
    const socket = this.createSocket(this.url());
    this.socket = socket;
    let opened = false;
    this.setSnapshot({ status: 'connecting' });
    socket.onopen = () => {
      if (this.socket !== socket) return;
      opened = true;
      this.handleOpen();
    };
    socket.onmessage = (event) => {
      if (this.socket === socket) this.handleFrame(event.data);
    };
    socket.onclose = (event) => {
      if (this.socket === socket) this.handleClose(opened, event.code);
    };
    socket.onerror = () => {
      // A close event follows; it decides what happens next.
    };
  }

  private dropSocket(reason: RealtimeErrorReason): void {
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onopen = null;
      socket.onmessage = null;
      socket.onclose = null;
      socket.onerror = null;
      socket.close();
    }
    const entries = [...this.inflight.values()];
    this.inflight.clear();
    for (const entry of entries) this.fail(entry, reason);
  }

  private handleOpen(): void {
    this.everOpened = true;
    this.failedOpens = 0;
    this.reconnectAttempt = 0;
    this.setSnapshot({ status: 'open', interrupted: false });
    const waiting = this.waiting;
    this.waiting = [];
    for (const entry of waiting) this.transmit(entry);
    callEach(this.openListeners, undefined);
  }

  private handleClose(opened: boolean, code: number | undefined): void {
    this.socket = null;
    const entries = [...this.inflight.values()];
    this.inflight.clear();
    for (const entry of entries) this.fail(entry, 'socket_closed');
    if (!this.started) return;
    if (code === SESSION_ENDED_CLOSE) {
      this.signOut();
      return;
    }
    if (!opened && this.snapshot.online) {
      this.failedOpens += 1;
      // The first socket of a page that never opens was refused (401): there is no session.
      if (!this.everOpened || this.failedOpens >= MAX_FAILED_OPENS) {
        this.signOut();
        return;
      }
    }
    this.setSnapshot({
      status: 'connecting',
      interrupted: this.snapshot.interrupted || opened,
    });
    const delays = this.reconnectDelaysMs;
    const delay = delays[Math.min(this.reconnectAttempt, delays.length - 1)] ?? 1000;
    this.reconnectAttempt += 1;
    this.reconnectTimer = this.timers.setTimeout(() => {
      this.reconnectTimer = null;
      this.connect();
    }, delay);
  }

  private handleOffline(): void {
    this.setSnapshot({ online: false });
    if (!this.started) return;
    const hadConnection = this.isOpen();
    this.clearReconnectTimer();
    this.dropSocket('socket_closed');
    this.setSnapshot({
      status: 'connecting',
      interrupted: this.snapshot.interrupted || hadConnection,
    });
  }

  private handleOnline(): void {
    this.setSnapshot({ online: true });
    if (!this.started) return;
    this.reconnectAttempt = 0;
    const state = this.socket?.readyState;
    if (state === SOCKET_OPEN || state === SOCKET_CONNECTING) return;
    this.connect();
  }

  /** Stops and shows the sign-in: after a logout, or when the server refuses the socket. */
  signOut(): void {
    this.halt('stopped');
    this.setSnapshot({ status: 'closed', signedOut: true, interrupted: false });
  }

  private halt(reason: RealtimeErrorReason): void {
    this.started = false;
    this.stopNetwork?.();
    this.stopNetwork = null;
    if (this.pingTimer !== null) this.timers.clearInterval(this.pingTimer);
    this.pingTimer = null;
    this.clearReconnectTimer();
    this.dropSocket(reason);
    const waiting = this.waiting;
    this.waiting = [];
    for (const entry of waiting) this.fail(entry, reason);
  }

  private handleFrame(data: unknown): void {
    const frame = parseConsoleFrame(data);
    if (!frame) return;
    if ('request_status' in frame) {
      const entry = frame.rid === undefined ? undefined : this.inflight.get(frame.rid);
      if (!entry || entry.module !== frame.module) return;
      this.inflight.delete(entry.rid);
      this.clearTimer(entry);
      entry.resolve(frame);
      return;
    }
    const listeners = this.frameListeners.get(frame.module);
    if (listeners) callEach(listeners, frame);
  }

  private ping(): void {
    if (this.isOpen()) this.socket?.send(JSON.stringify({ module: 'ping' }));
  }

  private transmit(entry: Pending): void {
    this.inflight.set(entry.rid, entry);
    this.socket?.send(JSON.stringify({ ...entry.payload, module: entry.module, rid: entry.rid }));
  }

  private expire(entry: Pending): void {
    entry.timer = null;
    this.waiting = this.waiting.filter((w) => w !== entry);
    this.inflight.delete(entry.rid);
    entry.reject(new RealtimeError('timeout', entry.module));
  }

  private fail(entry: Pending, reason: RealtimeErrorReason): void {
    this.clearTimer(entry);
    entry.reject(new RealtimeError(reason, entry.module));
  }

  private clearTimer(entry: Pending): void {
    if (entry.timer !== null) this.timers.clearTimeout(entry.timer);
    entry.timer = null;
  }

  private clearReconnectTimer(): void {
    if (this.reconnectTimer !== null) this.timers.clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
  }
}
