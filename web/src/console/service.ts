// The console's state and everything that changes it: one ConsoleService per signed-in staff
// member. It owns a zustand store (the screens read it with useConsole), answers the socket's
// events, and turns every request into a plain outcome for the screens.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { LanguageCode, PhotoEntry, PlaceSuggestion } from '../realtime/protocol';
import { uploadForPersona } from './api';
import type { ConsoleClient } from './client';
import type {
  AdjustCreditsResult,
  AdminMember,
  AdminMemberDetail,
  AdminPersona,
  AdminReport,
  AdminConfig,
  AdminDashboard,
  AuditEntry,
  AuditSearchRequest,
  CannedReply,
  ConsoleConversation,
  ConsoleErrorCode,
  ConsoleErrorDetails,
  ConsoleMessage,
  ConsoleModuleName,
  ConsoleReply,
  ConsoleRequestOf,
  ConsoleStats,
  ConfigCreditPackage,
  ConfigFeaturePrice,
  ConfigGift,
  ConfigPremiumPackage,
  ConfigWheelPrize,
  GiftEntry,
  Lock,
  LockLostReason,
  MemberExport,
  Note,
  NoteCategory,
  PairKey,
  PersonaDraft,
  QueueItem,
  RefundResult,
  ReportAction,
  Staff,
  StaffEntry,
  StaffRole,
  TotpSecret,
} from './protocol';
import {
  applyQueueEvent,
  pairKey,
  renewedLocks,
  samePair,
  sortQueue,
  withLock,
  withoutLock,
} from './queue';
import { errorMessage, refusalOf, type MessageKey, type Refusal } from './refusals';

export const PAGE_SIZE = 30;
export const AUDIT_PAGE_SIZE = 50;
export const ADMIN_PAGE_SIZE = 20;
/** The console sends console/typing at most this often per conversation. */
export const TYPING_THROTTLE_MS = 2000;
/** "Member is typing…" shows this long after the last event. */
export const TYPING_SHOWN_MS = 5000;

export interface ConversationState {
  data: ConsoleConversation | null;
  loading: boolean;
  loadingOlder: boolean;
  /** Older messages may exist (the last page was full). */
  hasMore: boolean;
  error: MessageKey | null;
  /** Until when (ms) "member is typing…" shows. */
  memberTypingUntil: number;
}

export interface Notice {
  id: number;
  message: MessageKey;
  tone: 'info' | 'warning' | 'error';
}

export interface ConsoleState {
  /** From console/me, once the socket answered. */
  staff: Staff | null;
  maxLocks: number | undefined;
  leaseSeconds: number | undefined;
  queue: QueueItem[];
  queueLoaded: boolean;
  /** The operator's locks, in the order they were taken: the conversation tabs. */
  locks: Lock[];
  /** The open tab (a pair key), or null. */
  active: string | null;
  conversations: Record<string, ConversationState>;
  notices: Notice[];
  gifts: GiftEntry[] | null;
  canned: Partial<Record<LanguageCode, CannedReply[]>>;
}

export type Outcome<T> =
  | { ok: true; value: T }
  | { ok: false; code: ConsoleErrorCode; message: MessageKey; details: ConsoleErrorDetails };

export type SendDraft =
  | { type: 'text'; text: string }
  | { type: 'gift'; giftId: number }
  | { type: 'image'; link: string }
  | { type: 'pphoto'; photoId: number };

export type SendOutcome =
  | { ok: true; message: ConsoleMessage }
  | { ok: false; refusal: Refusal; message: MessageKey }
  | { ok: false; refusal: null; message: MessageKey };

function emptyConversation(): ConversationState {
  return {
    data: null,
    loading: false,
    loadingOlder: false,
    hasMore: true,
    error: null,
    memberTypingUntil: 0,
  };
}

/** Inserts messages by id (ids grow with time), replacing any with the same id. */
export function mergeMessages(
  current: readonly ConsoleMessage[],
  incoming: readonly ConsoleMessage[],
): ConsoleMessage[] {
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** What the audit view filters by, as typed; empty fields do not filter. */
export interface AuditFilter {
  staffId?: string;
  action?: string;
  objectType?: string;
  objectId?: string;
}

/** The search's filters from what was typed, or null when nothing filters (the plain log). A
 *  staff id that is not a positive whole number filters nothing. */
export function auditSearchRequest(
  filter: AuditFilter,
): Omit<AuditSearchRequest, 'recordsToTake'> | null {
  const request: Omit<AuditSearchRequest, 'recordsToTake'> = {};
  const staffId = Number(filter.staffId?.trim());
  if (Number.isInteger(staffId) && staffId > 0) request.staff_id = staffId;
  const action = filter.action?.trim();
  if (action) request.action = action;
  const objectType = filter.objectType?.trim();
  if (objectType) request.object_type = objectType;
  const objectId = filter.objectId?.trim();
  if (objectId) request.object_id = objectId;
  return Object.keys(request).length > 0 ? request : null;
}

let clientIdCounter = 0;
export function newClientId(now = Date.now()): string {
  clientIdCounter = (clientIdCounter + 1) % 1_000_000;
  const random = Math.random().toString(36).slice(2, 8);
  return `k-${now.toString(36)}-${clientIdCounter.toString(36)}-${random}`;
}

export class ConsoleService {
  readonly store: StoreApi<ConsoleState>;
  private readonly client: ConsoleClient;
  private readonly now: () => number;
  private readonly unsubscribers: (() => void)[] = [];
  private readonly lastTypingSent = new Map<string, number>();
  private noticeCounter = 0;

  constructor(client: ConsoleClient, now: () => number = Date.now) {
    this.client = client;
    this.now = now;
    this.store = createStore<ConsoleState>(() => ({
      staff: null,
      maxLocks: undefined,
      leaseSeconds: undefined,
      queue: [],
      queueLoaded: false,
      locks: [],
      active: null,
      conversations: {},
      notices: [],
      gifts: null,
      canned: {},
    }));
  }

  get state(): ConsoleState {
    return this.store.getState();
  }

  private set(patch: Partial<ConsoleState> | ((s: ConsoleState) => Partial<ConsoleState>)) {
    this.store.setState(patch);
  }

  /** Subscribes to the socket's events; every (re)opened socket loads the state again. */
  attach(): () => void {
    const c = this.client;
    this.unsubscribers.push(
      c.onOpen(() => void this.sync()),
      c.on('console/queue/upsert', (e) =>
        this.set((s) => ({ queue: applyQueueEvent(s.queue, e) })),
      ),
      c.on('console/queue/remove', (e) =>
        this.set((s) => ({ queue: applyQueueEvent(s.queue, e) })),
      ),
      c.on('console/lock_lost', (e) => this.lockLost(e.data, e.data.reason)),
      c.on('console/typing', (e) => this.memberTyping(e.data)),
      c.on('console/message', (e) => this.incoming(e.data, e.data.message)),
    );
    if (c.getSnapshot().status === 'open') void this.sync();
    return () => this.detach();
  }

  detach(): void {
    for (const off of this.unsubscribers.splice(0)) off();
  }

  // ---- requests ----

  private async call<M extends ConsoleModuleName>(
    module: M,
    payload: ConsoleRequestOf<M>,
  ): Promise<ConsoleReply<M> | null> {
    try {
      return await this.client.request(module, payload);
    } catch {
      return null;
    }
  }

  private outcome<M extends ConsoleModuleName, T>(
    reply: ConsoleReply<M> | null,
    pick: (data: Extract<ConsoleReply<M>, { request_status: 1 }>['data']) => T,
  ): Outcome<T> {
    if (!reply) {
      return {
        ok: false,
        code: 'internal_error',
        message: { key: 'console.errors.network' },
        details: {},
      };
    }
    if (reply.request_status === 1) return { ok: true, value: pick(reply.data) };
    const details: ConsoleErrorDetails = {};
    if (reply.lock) details.lock = reply.lock;
    if (reply.match !== undefined) details.match = reply.match;
    if (reply.field !== undefined) details.field = reply.field;
    return {
      ok: false,
      code: reply.error_code,
      message: errorMessage(reply.error_code, details, { maxLocks: this.state.maxLocks }),
      details,
    };
  }

  notify(message: MessageKey, tone: Notice['tone'] = 'error'): void {
    const id = ++this.noticeCounter;
    this.set((s) => ({ notices: [...s.notices, { id, message, tone }].slice(-4) }));
  }

  dismiss(id: number): void {
    this.set((s) => ({ notices: s.notices.filter((n) => n.id !== id) }));
  }

  /** Loads who the operator is, their locks and the queue (at start and after a reconnect). */
  async sync(): Promise<void> {
    const [me, queue] = await Promise.all([
      this.call('console/me', {}),
      this.call('console/queue', {}),
    ]);
    if (me?.request_status === 1) {
      const { staff, max_locks, lease_seconds, locks } = me.data;
      this.set((s) => ({
        staff,
        maxLocks: max_locks,
        leaseSeconds: lease_seconds,
        locks: renewedLocks(s.locks, locks),
        active:
          s.active && locks.some((l) => pairKey(l) === s.active)
            ? s.active
            : locks[0]
              ? pairKey(locks[0])
              : null,
      }));
      for (const l of locks) void this.loadConversation(l, true);
    }
    if (queue?.request_status === 1) {
      this.set({ queue: sortQueue(queue.data), queueLoaded: true });
    }
  }

  async claim(pair: PairKey): Promise<Outcome<Lock>> {
    const held = this.state.locks.find((l) => samePair(l, pair));
    if (held) {
      this.open(pair);
      return { ok: true, value: held };
    }
    const outcome = this.outcome(await this.call('console/claim', { ...pair }), (lock) => lock);
    if (outcome.ok) {
      this.set((s) => ({ locks: withLock(s.locks, outcome.value), active: pairKey(pair) }));
      void this.loadConversation(pair, true);
    } else {
      this.notify(outcome.message);
    }
    return outcome;
  }

  /** An admin takes a conversation away from the operator holding it (they are told why). */
  async breakLock(pair: PairKey): Promise<Outcome<null>> {
    const outcome = this.outcome(await this.call('console/break_lock', { ...pair }), () => null);
    if (!outcome.ok) this.notify(outcome.message);
    return outcome;
  }

  open(pair: PairKey): void {
    this.set({ active: pairKey(pair) });
  }

  async release(pair: PairKey): Promise<Outcome<null>> {
    const outcome = this.outcome(await this.call('console/release', { ...pair }), () => null);
    // not_locked: it lapsed already; the tab goes either way.
    if (outcome.ok || outcome.code === 'not_locked') this.closeTab(pair);
    else this.notify(outcome.message);
    return outcome;
  }

  async renew(): Promise<void> {
    const reply = await this.call('console/renew', {});
    if (reply?.request_status !== 1) return;
    const lost = this.state.locks.filter((l) => !reply.data.some((r) => samePair(r, l)));
    this.set((s) => ({ locks: renewedLocks(s.locks, reply.data) }));
    for (const l of lost) this.lockLost(l, 'expired');
  }

  private closeTab(pair: PairKey): void {
    const key = pairKey(pair);
    this.set((s) => {
      const locks = withoutLock(s.locks, pair);
      const conversations = Object.fromEntries(
        Object.entries(s.conversations).filter(([k]) => k !== key),
      );
      const active = s.active === key ? (locks[0] ? pairKey(locks[0]) : null) : s.active;
      return { locks, conversations, active };
    });
  }

  private lockLost(pair: PairKey, reason: LockLostReason): void {
    const held = this.state.locks.some((l) => samePair(l, pair));
    if (!held) return;
    const conversation = this.state.conversations[pairKey(pair)]?.data;
    const names = {
      member: conversation?.member.name ?? String(pair.member_id),
      persona: conversation?.persona.name ?? String(pair.persona_id),
    };
    this.closeTab(pair);
    this.notify({ key: `console.lockLost.${reason}`, params: names }, 'warning');
  }

  private patchConversation(
    pair: PairKey,
    patch: (c: ConversationState) => Partial<ConversationState>,
  ) {
    const key = pairKey(pair);
    this.set((s) => {
      const current = s.conversations[key] ?? emptyConversation();
      return { conversations: { ...s.conversations, [key]: { ...current, ...patch(current) } } };
    });
  }

  async loadConversation(pair: PairKey, fresh = false): Promise<void> {
    const existing = this.state.conversations[pairKey(pair)];
    if (existing?.loading || (existing?.data && !fresh)) return;
    this.patchConversation(pair, () => ({ loading: true, error: null }));
    const outcome = this.outcome(
      await this.call('console/conversation', { ...pair, recordsToTake: PAGE_SIZE }),
      (data) => data,
    );
    if (!this.state.locks.some((l) => samePair(l, pair))) return;
    if (outcome.ok) {
      const data = outcome.value;
      this.patchConversation(pair, (c) => ({
        loading: false,
        // A reload keeps the older pages already shown.
        data: {
          ...data,
          messages: mergeMessages(c.data?.messages ?? [], data.messages),
        },
        hasMore: c.data ? c.hasMore : data.messages.length >= PAGE_SIZE,
        memberTypingUntil: data.member_typing === 1 ? this.now() + TYPING_SHOWN_MS : 0,
      }));
    } else {
      this.patchConversation(pair, () => ({ loading: false, error: outcome.message }));
    }
  }

  async loadOlder(pair: PairKey): Promise<void> {
    const current = this.state.conversations[pairKey(pair)];
    const oldest = current?.data?.messages[0];
    if (!current?.data || !oldest || current.loadingOlder || !current.hasMore) return;
    this.patchConversation(pair, () => ({ loadingOlder: true }));
    const outcome = this.outcome(
      await this.call('console/conversation', {
        ...pair,
        before_id: oldest.id,
        recordsToTake: PAGE_SIZE,
      }),
      (data) => data.messages,
    );
    this.patchConversation(pair, (c) =>
      outcome.ok && c.data
        ? {
            loadingOlder: false,
            hasMore: outcome.value.length >= PAGE_SIZE,
            data: { ...c.data, messages: mergeMessages(c.data.messages, outcome.value) },
          }
        : { loadingOlder: false },
    );
  }

  private incoming(pair: PairKey, message: ConsoleMessage): void {
    if (!this.state.conversations[pairKey(pair)]?.data) return;
    this.patchConversation(pair, (c) => ({
      memberTypingUntil: message.isMe === 1 ? c.memberTypingUntil : 0,
      data: c.data ? { ...c.data, messages: mergeMessages(c.data.messages, [message]) } : null,
    }));
  }

  private memberTyping(pair: PairKey): void {
    if (!this.state.conversations[pairKey(pair)]) return;
    this.patchConversation(pair, () => ({ memberTypingUntil: this.now() + TYPING_SHOWN_MS }));
  }

  async send(pair: PairKey, draft: SendDraft, clientId = newClientId()): Promise<SendOutcome> {
    const base = { ...pair, client_id: clientId };
    const request: ConsoleRequestOf<'console/send'> =
      draft.type === 'text'
        ? { ...base, message_type: 'text', message_text: draft.text }
        : draft.type === 'gift'
          ? { ...base, message_type: 'gift', gift_id: draft.giftId }
          : draft.type === 'image'
            ? { ...base, message_type: 'image', message_text: draft.link }
            : { ...base, message_type: 'pphoto', photo_id: draft.photoId };
    const outcome = this.outcome(await this.call('console/send', request), (m) => m);
    if (outcome.ok) {
      this.incoming(pair, outcome.value);
      return { ok: true, message: outcome.value };
    }
    return {
      ok: false,
      refusal: refusalOf(outcome.code, outcome.details),
      message: outcome.message,
    };
  }

  /** Tells the member the persona is typing, at most every 2 s per conversation. */
  typing(pair: PairKey): void {
    const key = pairKey(pair);
    const now = this.now();
    const last = this.lastTypingSent.get(key);
    if (last !== undefined && now - last < TYPING_THROTTLE_MS) return;
    this.lastTypingSent.set(key, now);
    void this.call('console/typing', { ...pair });
  }

  async upload(
    pair: PairKey,
    file: File,
    onProgress: (fraction: number) => void,
  ): Promise<Outcome<string>> {
    const result = await uploadForPersona(pair.persona_id, file, onProgress);
    if (result.ok) return { ok: true, value: result.value.link };
    const message: MessageKey = result.network
      ? { key: 'console.errors.network' }
      : errorMessage(result.code);
    return { ok: false, code: result.code, message, details: {} };
  }

  async saveNote(note: {
    id?: number;
    member_id: number;
    persona_id?: number;
    category: NoteCategory;
    text: string;
  }): Promise<Outcome<Note>> {
    const outcome = this.outcome(await this.call('console/notes/save', note), (n) => n);
    if (outcome.ok) {
      const saved = outcome.value;
      this.updateNotes(saved.member_id, (notes) => [
        ...notes.filter((n) => n.id !== saved.id),
        saved,
      ]);
    }
    return outcome;
  }

  async deleteNote(note: Note): Promise<Outcome<null>> {
    const outcome = this.outcome(
      await this.call('console/notes/delete', { id: note.id }),
      () => null,
    );
    if (outcome.ok)
      this.updateNotes(note.member_id, (notes) => notes.filter((n) => n.id !== note.id));
    return outcome;
  }

  /** Member notes show in every conversation of that member. */
  private updateNotes(memberId: number, change: (notes: Note[]) => Note[]): void {
    this.set((s) => {
      const conversations = { ...s.conversations };
      for (const [key, c] of Object.entries(conversations)) {
        if (c.data?.member.id === memberId) {
          conversations[key] = { ...c, data: { ...c.data, notes: change(c.data.notes) } };
        }
      }
      return { conversations };
    });
  }

  async loadGifts(): Promise<void> {
    if (this.state.gifts) return;
    const reply = await this.call('console/gifts', {});
    if (reply?.request_status === 1) this.set({ gifts: reply.data });
  }

  async loadCanned(language: LanguageCode): Promise<void> {
    if (this.state.canned[language]) return;
    const reply = await this.call('console/canned', { language });
    if (reply?.request_status === 1) {
      this.set((s) => ({ canned: { ...s.canned, [language]: reply.data } }));
    }
  }

  async stats(days: number): Promise<Outcome<ConsoleStats>> {
    return this.outcome(await this.call('console/stats', { days }), (d) => d);
  }

  async dashboard(from: string, to: string): Promise<Outcome<AdminDashboard>> {
    return this.outcome(await this.call('console/admin/dashboard', { from, to }), (d) => d);
  }

  async config(): Promise<Outcome<AdminConfig>> {
    return this.outcome(await this.call('console/admin/config/get', {}), (d) => d);
  }

  async saveCreditPackages(packages: ConfigCreditPackage[]): Promise<Outcome<AdminConfig>> {
    return this.outcome(
      await this.call('console/admin/config/credit_packages', { packages }),
      (d) => d,
    );
  }

  async saveFeaturePrices(prices: ConfigFeaturePrice[]): Promise<Outcome<AdminConfig>> {
    return this.outcome(await this.call('console/admin/config/prices', { prices }), (d) => d);
  }

  async savePremiumPackages(packages: ConfigPremiumPackage[]): Promise<Outcome<AdminConfig>> {
    return this.outcome(
      await this.call('console/admin/config/premium_packages', { packages }),
      (d) => d,
    );
  }

  async saveLikeLimit(limit: number): Promise<Outcome<AdminConfig>> {
    return this.outcome(
      await this.call('console/admin/config/like_limit', { daily_like_limit: limit }),
      (d) => d,
    );
  }

  async saveReferralReward(credits: number): Promise<Outcome<AdminConfig>> {
    return this.outcome(
      await this.call('console/admin/config/referral_reward', { referral_reward: credits }),
      (d) => d,
    );
  }

  async saveGifts(gifts: ConfigGift[]): Promise<Outcome<AdminConfig>> {
    return this.outcome(await this.call('console/admin/config/gifts', { gifts }), (d) => d);
  }

  /** An admin's canned reply: the console's own list of that language is read again after. */
  async saveCanned(reply: {
    id?: number;
    language: LanguageCode;
    title: string;
    text: string;
  }): Promise<Outcome<CannedReply>> {
    const outcome = this.outcome(await this.call('console/admin/canned/save', reply), (d) => d);
    if (outcome.ok) await this.reloadCanned(reply.language);
    return outcome;
  }

  async deleteCanned(reply: CannedReply): Promise<Outcome<null>> {
    const outcome = this.outcome(
      await this.call('console/admin/canned/delete', { id: reply.id }),
      () => null,
    );
    if (outcome.ok) await this.reloadCanned(reply.language);
    return outcome;
  }

  private async reloadCanned(language: LanguageCode): Promise<void> {
    this.set((s) => ({
      canned: Object.fromEntries(
        Object.entries(s.canned).filter(([code]) => code !== language),
      ) as ConsoleState['canned'],
    }));
    await this.loadCanned(language);
  }

  async saveWheel(prizes: ConfigWheelPrize[]): Promise<Outcome<AdminConfig>> {
    return this.outcome(await this.call('console/admin/config/wheel', { prizes }), (d) => d);
  }

  async audit(beforeId?: number, filter: AuditFilter = {}): Promise<Outcome<AuditEntry[]>> {
    const request =
      beforeId === undefined
        ? { recordsToTake: AUDIT_PAGE_SIZE }
        : { before_id: beforeId, recordsToTake: AUDIT_PAGE_SIZE };
    const search = auditSearchRequest(filter);
    if (search) {
      return this.outcome(
        await this.call('console/admin/audit/search', { ...search, ...request }),
        (d) => d,
      );
    }
    return this.outcome(await this.call('console/audit', request), (d) => d);
  }

  // ---- admin: members, reports and staff ----

  async searchMembers(query: string, offset = 0): Promise<Outcome<AdminMember[]>> {
    return this.outcome(
      await this.call('console/admin/members/search', {
        query,
        currentLength: offset,
        recordsToTake: ADMIN_PAGE_SIZE,
      }),
      (d) => d,
    );
  }

  async member(memberId: number): Promise<Outcome<AdminMemberDetail>> {
    return this.outcome(
      await this.call('console/admin/members/get', { member_id: memberId }),
      (d) => d,
    );
  }

  /** `clientId` makes a retried adjustment apply once. */
  async adjustCredits(
    memberId: number,
    delta: number,
    reason: string,
    clientId = newClientId(),
  ): Promise<Outcome<AdjustCreditsResult>> {
    return this.outcome(
      await this.call('console/admin/members/adjust_credits', {
        member_id: memberId,
        delta,
        reason,
        client_id: clientId,
      }),
      (d) => d,
    );
  }

  async refund(orderId: string): Promise<Outcome<RefundResult>> {
    return this.outcome(
      await this.call('console/admin/members/refund', { order_id: orderId }),
      (d) => d,
    );
  }

  async ban(memberId: number, reason: string): Promise<Outcome<null>> {
    return this.outcome(
      await this.call('console/admin/members/ban', { member_id: memberId, reason }),
      () => null,
    );
  }

  async unban(memberId: number, reason: string): Promise<Outcome<null>> {
    return this.outcome(
      await this.call('console/admin/members/unban', { member_id: memberId, reason }),
      () => null,
    );
  }

  /** The member's export document (the file they would download themselves); audited. */
  async exportMember(memberId: number): Promise<Outcome<MemberExport>> {
    return this.outcome(
      await this.call('console/admin/members/export', { member_id: memberId }),
      (d) => d.export,
    );
  }

  /** Erases the member for good; `reason` goes into the audit log. */
  async eraseMember(memberId: number, reason: string): Promise<Outcome<null>> {
    return this.outcome(
      await this.call('console/admin/members/erase', { member_id: memberId, reason }),
      () => null,
    );
  }

  async reports(openOnly: boolean): Promise<Outcome<AdminReport[]>> {
    return this.outcome(
      await this.call('console/admin/reports/list', {
        open_only: openOnly ? 1 : 0,
        currentLength: 0,
        recordsToTake: 50,
      }),
      (d) => d,
    );
  }

  async resolveReport(
    reportId: number,
    action: ReportAction,
    note: string,
  ): Promise<Outcome<null>> {
    return this.outcome(
      await this.call('console/admin/reports/resolve', { report_id: reportId, action, note }),
      () => null,
    );
  }

  async staffList(): Promise<Outcome<StaffEntry[]>> {
    return this.outcome(await this.call('console/admin/staff/list', {}), (d) => d);
  }

  async addStaff(
    email: string,
    role: StaffRole,
    password: string,
  ): Promise<Outcome<TotpSecret & { staff: Staff }>> {
    return this.outcome(
      await this.call('console/admin/staff/add', { email, role, password }),
      (d) => d,
    );
  }

  async setStaffDisabled(staffId: number, disabled: boolean): Promise<Outcome<null>> {
    const module = disabled ? 'console/admin/staff/disable' : 'console/admin/staff/enable';
    return this.outcome(await this.call(module, { staff_id: staffId }), () => null);
  }

  async resetStaff(staffId: number, password: string): Promise<Outcome<TotpSecret>> {
    return this.outcome(
      await this.call('console/admin/staff/reset', { staff_id: staffId, password }),
      (d) => d,
    );
  }

  // ---- personas (admin) ----

  async personas(): Promise<Outcome<AdminPersona[]>> {
    return this.outcome(await this.call('console/admin/personas', {}), (d) => d.personas);
  }

  async savePersona(draft: PersonaDraft): Promise<Outcome<AdminPersona>> {
    return this.outcome(await this.call('console/admin/personas/save', draft), (d) => d.persona);
  }

  async setPersonaDisabled(id: number, disabled: boolean): Promise<Outcome<AdminPersona>> {
    const module = disabled ? 'console/admin/personas/disable' : 'console/admin/personas/enable';
    return this.outcome(await this.call(module, { id }), (d) => d.persona);
  }

  /** Uploads the picture as the persona's, then puts it into the persona's first free slot. */
  async addPersonaPhoto(
    personaId: number,
    file: File,
    onProgress?: (fraction: number) => void,
  ): Promise<Outcome<PhotoEntry[]>> {
    const uploaded = await uploadForPersona(personaId, file, onProgress);
    if (!uploaded.ok) {
      return {
        ok: false,
        code: uploaded.code,
        message: uploaded.network ? { key: 'console.errors.network' } : errorMessage(uploaded.code),
        details: {},
      };
    }
    return this.outcome(
      await this.call('console/admin/personas/photos/add', {
        persona_id: personaId,
        photo: uploaded.value.link,
      }),
      (d) => d.photos,
    );
  }

  async deletePersonaPhoto(personaId: number, photoId: number): Promise<Outcome<PhotoEntry[]>> {
    return this.outcome(
      await this.call('console/admin/personas/photos/delete', {
        persona_id: personaId,
        id: photoId,
      }),
      (d) => d.photos,
    );
  }

  async searchPlaces(search: string, lang: LanguageCode): Promise<Outcome<PlaceSuggestion[]>> {
    return this.outcome(await this.call('console/admin/places', { search, lang }), (d) => d);
  }
}
