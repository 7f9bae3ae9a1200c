// The one socket to the server: connection state machine, outgoing queue (spec §4), session
// validation with retries, ping and reconnect. No React here; components read it through hooks.
import {
  PING_INTERVAL_MS,
  REQUEST_TIMEOUT_MS,
  RECONNECT_DELAYS_MS,
  VALIDATE_MAX_ATTEMPTS,
  VALIDATE_RETRY_DELAYS_MS,
} from '../app/constants';
import { addListener } from './listeners';
import { parseFrame } from './parse';
import type {
  ConfigKey,
  Envelope,
  IncomingMessage,
  ModuleName,
  Reply,
  RequestOf,
  ServerEvent,
  User,
} from './protocol';
import { canSend, enqueue, findDuplicate, requestKey, takeSendable } from './queue';

export type ConnectionStatus = 'connecting' | 'open' | 'closed';

export interface RealtimeSnapshot {
  readonly status: ConnectionStatus;
  /** The current socket passed session/validate. */
  readonly authenticated: boolean;
  /** The first session/validate has reached a final answer (after its retries). */
  readonly validated: boolean;
  /** The browser says it has a network (navigator.onLine and its online/offline events). */
  readonly online: boolean;
  /** A working connection was lost and the app is not back yet: from the loss (a closed socket,
   *  the browser going offline) until a new socket has validated. Nothing live is known then. */
  readonly interrupted: boolean;
}

/** Whether the browser has a network, and its changes; tests pass a fake. */
export interface NetworkLike {
  online(): boolean;
  /** Calls `listener` on every change; returns the unsubscribe function. */
  subscribe(listener: (online: boolean) => void): () => void;
}

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

/** The part of the browser WebSocket the client uses; tests pass a fake. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
}

export type TimeoutHandle = ReturnType<typeof setTimeout>;
export type IntervalHandle = ReturnType<typeof setInterval>;

export interface Timers {
  setTimeout(fn: () => void, ms: number): TimeoutHandle;
  clearTimeout(handle: TimeoutHandle): void;
  setInterval(fn: () => void, ms: number): IntervalHandle;
  clearInterval(handle: IntervalHandle): void;
}

// Looked up on every call, so that fake timers installed after construction still apply.
const globalTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle),
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle),
};

const SOCKET_CONNECTING = 0;
const SOCKET_OPEN = 1;

export type RealtimeErrorReason = 'timeout' | 'socket_closed' | 'stopped' | 'unexpected_reply';

export class RealtimeError extends Error {
  readonly reason: RealtimeErrorReason;
  constructor(reason: RealtimeErrorReason, module: string) {
    super(`realtime: ${module} failed (${reason})`);
    this.name = 'RealtimeError';
    this.reason = reason;
  }
}

export type SessionEvent =
  | { type: 'authenticated'; user: User }
  /** Validation failed and nobody was logged in: a visitor. */
  | { type: 'guest' }
  /** A believed-valid session failed validation on every attempt: log out. */
  | { type: 'lost' };

/** What an `on(module)` handler receives: the typed message for known modules, else the envelope.
 *  A module that is both a request and an event (message/read; totals by the types, though
 *  parseFrame reads a pushed totals as a reply) delivers either: the reply to a request of this
 *  tab, which has request_status, or the event the server pushes. */
export type MessageFor<K extends string> = K extends ModuleName | ServerEvent['module']
  ? (K extends ModuleName ? Reply<K> : never) | Extract<ServerEvent, { module: K }>
  : Envelope;

type AnyMessage = IncomingMessage | Envelope;
type Handler = (message: AnyMessage) => void;

export interface RequestOptions {
  /** Jumps ahead of normal requests while waiting in the queue. */
  urgent?: boolean;
}

export interface RealtimeOptions {
  url: () => string;
  createSocket?: (url: string) => SocketLike;
  timers?: Timers;
  network?: NetworkLike;
  /** Whether a failed validation should be retried (the user is thought to be logged in). The
   *  session cookie is HttpOnly, so the app supplies this; by default: a previous success. */
  believedLoggedIn?: () => boolean;
  requestTimeoutMs?: number;
  pingIntervalMs?: number;
  validateRetryDelaysMs?: readonly number[];
  validateMaxAttempts?: number;
  reconnectDelaysMs?: readonly number[];
}

interface Waiter {
  deliver(message: AnyMessage): void;
  reject(error: RealtimeError): void;
}

interface Pending {
  rid: string;
  module: string;
  key: string;
  urgent: boolean;
  payload: object;
  waiters: Waiter[];
  timer: TimeoutHandle | null;
}

export const BOOTSTRAP_CONFIG_KEYS: ConfigKey[] = [
  'site',
  'genders',
  'answers',
  'credits',
  'premium',
  'prices',
];

function messageRid(message: AnyMessage): string | undefined {
  return 'rid' in message ? message.rid : undefined;
}

/** Subscribers whose error was already logged: one that throws on every frame logs once. */
const reportedSubscribers = new WeakSet<object>();

/**
 * Calls every subscriber with `value`, each in its own try/catch: one that throws (a bug in a
 * screen) must not keep the frame from the others, nor from the request that waits for it.
 */
function notifyEach<T>(subscribers: Iterable<(value: T) => void>, value: T, what: string): void {
  for (const subscriber of [...subscribers]) {
    try {
      subscriber(value);
    } catch (error) {
      if (import.meta.env.DEV && !reportedSubscribers.has(subscriber)) {
        reportedSubscribers.add(subscriber);
        console.error(`A ${what} subscriber threw; the others still ran.`, error);
      }
    }
  }
}

export class RealtimeClient {
  private readonly url: () => string;
  private readonly createSocket: (url: string) => SocketLike;
  private readonly timers: Timers;
  private readonly network: NetworkLike;
  private stopNetwork: (() => void) | null = null;
  private believedLoggedIn: () => boolean;
  private readonly requestTimeoutMs: number;
  private readonly pingIntervalMs: number;
  private readonly validateRetryDelaysMs: readonly number[];
  private readonly validateMaxAttempts: number;
  private readonly reconnectDelaysMs: readonly number[];

  private socket: SocketLike | null = null;
  private started = false;
  private snapshot: RealtimeSnapshot = {
    status: 'closed',
    authenticated: false,
    validated: false,
    online: true,
    interrupted: false,
  };
  private readonly listeners = new Set<() => void>();
  private readonly sessionListeners = new Set<(event: SessionEvent) => void>();
  private readonly handlers = new Map<string, Set<Handler>>();
  private queue: Pending[] = [];
  private readonly inflight = new Map<string, Pending>();
  private ridCounter = 0;
  private reconnectAttempt = 0;
  private reconnectTimer: TimeoutHandle | null = null;
  private pingTimer: IntervalHandle | null = null;
  private validateTimer: TimeoutHandle | null = null;
  private validateFailures = 0;
  // Replies to superseded validations (e.g. a retry joined by a reconnect) are ignored.
  private validationSeq = 0;
  private hadAuthenticated = false;

  constructor(options: RealtimeOptions) {
    this.url = options.url;
    this.createSocket = options.createSocket ?? ((url) => new WebSocket(url));
    this.timers = options.timers ?? globalTimers;
    this.network = options.network ?? browserNetwork;
    this.believedLoggedIn = options.believedLoggedIn ?? (() => this.hadAuthenticated);
    this.requestTimeoutMs = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
    this.pingIntervalMs = options.pingIntervalMs ?? PING_INTERVAL_MS;
    this.validateRetryDelaysMs = options.validateRetryDelaysMs ?? VALIDATE_RETRY_DELAYS_MS;
    this.validateMaxAttempts = options.validateMaxAttempts ?? VALIDATE_MAX_ATTEMPTS;
    this.reconnectDelaysMs = options.reconnectDelaysMs ?? RECONNECT_DELAYS_MS;
  }

  // ---- lifecycle ----

  start(): void {
    if (this.started) return;
    this.started = true;
    this.pingTimer = this.timers.setInterval(() => this.ping(), this.pingIntervalMs);
    this.stopNetwork = this.network.subscribe((online) =>
      online ? this.handleOnline() : this.handleOffline(),
    );
    this.setSnapshot({ online: this.network.online() });
    this.connect();
  }

  stop(): void {
    this.started = false;
    this.stopNetwork?.();
    this.stopNetwork = null;
    if (this.pingTimer !== null) this.timers.clearInterval(this.pingTimer);
    this.pingTimer = null;
    this.clearReconnectTimer();
    this.clearValidateTimer();
    this.dropSocket('stopped');
    for (const entry of this.queue) this.settleWithError(entry, 'stopped');
    this.queue = [];
    this.setSnapshot({ status: 'closed', authenticated: false, interrupted: false });
  }

  /** Closes and reopens the socket, so that a cookie set or cleared since then applies. */
  reconnect(): void {
    this.validateFailures = 0;
    this.hadAuthenticated = false;
    this.clearValidateTimer();
    if (!this.started) this.start();
    else this.connect();
  }

  /** For a tab that becomes visible: reopens a dead socket at once. True if it reconnected. */
  resume(): boolean {
    if (!this.started) return false;
    const state = this.socket?.readyState;
    if (state === SOCKET_OPEN || state === SOCKET_CONNECTING) return false;
    this.connect();
    return true;
  }

  /** Validates the session again, e.g. after user/update changed the user (spec §7). */
  revalidate(): void {
    this.validateFailures = 0;
    this.validate();
  }

  setBelievedLoggedIn(check: () => boolean): void {
    this.believedLoggedIn = check;
  }

  // ---- state for useSyncExternalStore ----

  getSnapshot = (): RealtimeSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  onSession(listener: (event: SessionEvent) => void): () => void {
    this.sessionListeners.add(listener);
    return () => {
      this.sessionListeners.delete(listener);
    };
  }

  // ---- messages ----

  /** Every frame of `module`, direct replies included. Returns the unsubscribe function. */
  on<K extends string>(module: K, handler: (message: MessageFor<K>) => void): () => void {
    // parseFrame gives every frame of `module` one of the shapes MessageFor<module> names.
    return addListener(this.handlers, module, handler as Handler);
  }

  request<M extends ModuleName>(
    module: M,
    payload: RequestOf<M>,
    options: RequestOptions = {},
  ): Promise<Reply<M>> {
    return new Promise<Reply<M>>((resolve, reject) => {
      const waiter: Waiter = {
        deliver: (message) => {
          if (message.module === module && 'request_status' in message) {
            // A frame whose module is a ModuleName is always parsed into that module's Reply.
            resolve(message as Reply<M>);
          } else reject(new RealtimeError('unexpected_reply', module));
        },
        reject,
      };
      const key = requestKey(module, payload);
      const duplicate = findDuplicate(this.queue, key);
      if (duplicate) {
        duplicate.waiters.push(waiter);
        return;
      }
      const entry: Pending = {
        rid: String(++this.ridCounter),
        module,
        key,
        urgent: options.urgent === true,
        payload,
        waiters: [waiter],
        timer: null,
      };
      entry.timer = this.timers.setTimeout(() => this.expire(entry), this.requestTimeoutMs);
      if (canSend(module, this.isOpen(), this.snapshot.authenticated)) this.transmit(entry);
      else this.queue = enqueue(this.queue, entry);
    });
  }

  // ---- internals ----

  private isOpen(): boolean {
    return this.socket?.readyState === SOCKET_OPEN;
  }

  private setSnapshot(patch: Partial<RealtimeSnapshot>): void {
    const next = { ...this.snapshot, ...patch };
    const s = this.snapshot;
    if (
      next.status === s.status &&
      next.authenticated === s.authenticated &&
      next.validated === s.validated &&
      next.online === s.online &&
      next.interrupted === s.interrupted
    ) {
      return;
    }
    this.snapshot = next;
    notifyEach(this.listeners, undefined, 'connection state');
  }

  private connect(): void {
    this.clearReconnectTimer();
    this.dropSocket('socket_closed');
    const socket = this.createSocket(this.url());
    this.socket = socket;
    this.setSnapshot({ status: 'connecting', authenticated: false });
    // Handlers check identity: a replaced socket's late events must not touch the new state.
    socket.onopen = () => {
      if (this.socket === socket) this.handleOpen();
    };
    socket.onmessage = (event) => {
      if (this.socket === socket) this.handleFrame(event.data);
    };
    socket.onclose = () => {
      if (this.socket === socket) this.handleClose();
    };
    socket.onerror = () => {
      // A close event always follows; reconnecting happens there.
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
    this.failInflight(reason);
  }

  private handleOpen(): void {
    this.reconnectAttempt = 0;
    this.setSnapshot({ status: 'open' });
    this.fireAndForget('configs', { keys: BOOTSTRAP_CONFIG_KEYS });
    this.fireAndForget('plugins', { plugins: ['terms'] });
    this.fireAndForget('geodata', {});
    this.validate();
    this.flush();
  }

  private handleClose(): void {
    this.socket = null;
    this.failInflight('socket_closed');
    // The next open validates anyway.
    this.clearValidateTimer();
    this.setSnapshot({
      status: this.started ? 'connecting' : 'closed',
      authenticated: false,
      interrupted: this.started && (this.snapshot.interrupted || this.snapshot.status === 'open'),
    });
    if (!this.started) return;
    const delays = this.reconnectDelaysMs;
    // Offline, a new socket would only fail: the online event reconnects at once, and the longest
    // delay keeps trying in case the browser's idea of being offline is wrong.
    const attempt = this.snapshot.online ? this.reconnectAttempt : delays.length - 1;
    const delay = delays[Math.min(attempt, delays.length - 1)] ?? 1000;
    this.reconnectAttempt += 1;
    this.reconnectTimer = this.timers.setTimeout(() => {
      this.reconnectTimer = null;
      this.connect();
    }, delay);
  }

  /**
   * The browser lost its network. A socket can look open for a long time then (frames are held,
   * nothing closes it), so it is given up at once: requests on it fail now rather than time out,
   * and a reply the server sends meanwhile is never mistaken for a live one.
   */
  private handleOffline(): void {
    this.setSnapshot({ online: false });
    if (!this.started) return;
    this.clearReconnectTimer();
    this.clearValidateTimer();
    const hadConnection = this.socket !== null && this.snapshot.status === 'open';
    this.dropSocket('socket_closed');
    this.setSnapshot({
      status: 'connecting',
      authenticated: false,
      interrupted: this.snapshot.interrupted || hadConnection,
    });
  }

  /** The network is back: connect at once instead of waiting for the backoff. */
  private handleOnline(): void {
    this.setSnapshot({ online: true });
    if (!this.started) return;
    this.reconnectAttempt = 0;
    const state = this.socket?.readyState;
    if (state === SOCKET_OPEN || state === SOCKET_CONNECTING) return;
    this.connect();
  }

  private handleFrame(data: unknown): void {
    const message = parseFrame(data);
    if (!message) return;
    const rid = messageRid(message);
    const entry = rid === undefined ? undefined : this.inflight.get(rid);
    if (entry) {
      this.inflight.delete(entry.rid);
      this.clearEntryTimer(entry);
      for (const waiter of entry.waiters) waiter.deliver(message);
    }
    const handlers = this.handlers.get(message.module);
    if (handlers) notifyEach(handlers, message, message.module);
  }

  private fireAndForget<M extends ModuleName>(module: M, payload: RequestOf<M>): void {
    this.request(module, payload).catch(() => {
      // Replies reach the app through on(); a lost bootstrap request is repeated on reconnect.
    });
  }

  private validate(): void {
    this.clearValidateTimer();
    const seq = ++this.validationSeq;
    this.request('session/validate', {}, { urgent: true }).then(
      (reply) => {
        if (seq === this.validationSeq) this.handleValidation(reply);
      },
      (error: unknown) => {
        // A lost socket validates again on reopen; only a timeout counts as a failed attempt.
        if (seq !== this.validationSeq) return;
        if (error instanceof RealtimeError && error.reason === 'timeout') {
          this.handleValidation(null);
        }
      },
    );
  }

  private handleValidation(reply: Reply<'session/validate'> | null): void {
    const data = reply?.request_status === 1 ? reply.data : undefined;
    const user = data?.authenticated === 1 ? data.user : undefined;
    if (user) {
      this.validateFailures = 0;
      this.hadAuthenticated = true;
      this.setSnapshot({ authenticated: true, validated: true });
      this.emitSession({ type: 'authenticated', user });
      this.flush();
      return;
    }
    this.validateFailures += 1;
    const believed = this.believedLoggedIn();
    if (believed && this.validateFailures < this.validateMaxAttempts) {
      const delays = this.validateRetryDelaysMs;
      const delay = delays[Math.min(this.validateFailures - 1, delays.length - 1)] ?? 1000;
      this.validateTimer = this.timers.setTimeout(() => {
        this.validateTimer = null;
        this.validate();
      }, delay);
      return;
    }
    this.validateFailures = 0;
    this.hadAuthenticated = false;
    this.setSnapshot({ authenticated: false, validated: true });
    this.emitSession(believed ? { type: 'lost' } : { type: 'guest' });
  }

  private emitSession(event: SessionEvent): void {
    this.setSnapshot({ interrupted: false });
    notifyEach(this.sessionListeners, event, 'session');
  }

  private ping(): void {
    // Not a request: the pong carries nothing and is ignored, so it gets no rid.
    if (this.isOpen()) this.socket?.send(JSON.stringify({ module: 'ping' }));
  }

  private transmit(entry: Pending): void {
    this.inflight.set(entry.rid, entry);
    this.socket?.send(JSON.stringify({ module: entry.module, ...entry.payload, rid: entry.rid }));
  }

  private flush(): void {
    if (!this.isOpen()) return;
    const { send, keep } = takeSendable(this.queue, this.snapshot.authenticated);
    this.queue = keep;
    for (const entry of send) this.transmit(entry);
  }

  private expire(entry: Pending): void {
    entry.timer = null;
    this.queue = this.queue.filter((q) => q !== entry);
    this.inflight.delete(entry.rid);
    this.settleWithError(entry, 'timeout');
  }

  private failInflight(reason: RealtimeErrorReason): void {
    const entries = [...this.inflight.values()];
    this.inflight.clear();
    for (const entry of entries) this.settleWithError(entry, reason);
  }

  private settleWithError(entry: Pending, reason: RealtimeErrorReason): void {
    this.clearEntryTimer(entry);
    for (const waiter of entry.waiters) waiter.reject(new RealtimeError(reason, entry.module));
  }

  private clearEntryTimer(entry: Pending): void {
    if (entry.timer !== null) this.timers.clearTimeout(entry.timer);
    entry.timer = null;
  }

  private clearReconnectTimer(): void {
    if (this.reconnectTimer !== null) this.timers.clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
  }

  private clearValidateTimer(): void {
    if (this.validateTimer !== null) this.timers.clearTimeout(this.validateTimer);
    this.validateTimer = null;
  }
}
