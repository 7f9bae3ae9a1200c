// Turns the console socket's raw frames into typed messages. Everything on the wire is untrusted:
// a reply whose data fails its check becomes an `internal_error` refusal, an event that fails its
// check is dropped, so no half-formed shape reaches the screens.
import { isLanguageCode } from '../i18n/languages';
import {
  arrayOf,
  isBit,
  isNullable,
  isNumber,
  isRecord,
  isString,
  type Guard,
} from '../realtime/guards';
import {
  isChatMessage,
  isErrorCode,
  isGiftEntry,
  isPhoto,
  isPlaceSuggestion,
} from '../realtime/parse';
import {
  CONSOLE_ERROR_CODES,
  type AdminConfig,
  type AdminDashboard,
  NOTE_CATEGORIES,
  REFUSAL_CODES,
  type AdjustCreditsResult,
  type AdminMember,
  type AdminMemberDetail,
  type AdminPersona,
  type AdminProfile,
  type AdminReport,
  type AuditEntry,
  type BanState,
  type CannedReply,
  type ConsoleConversation,
  type ConsoleDataOf,
  type ConsoleErrorCode,
  type ConsoleEvent,
  type ConsoleMe,
  type ConsoleMember,
  type ConsoleMessage,
  type ConsoleModuleName,
  type ConsolePersona,
  type ConsoleReply,
  type ConsoleStats,
  type Lock,
  type LedgerEntry,
  type MemberErasure,
  type MemberExport,
  type LockHolder,
  type Note,
  type NoteCategory,
  type PairKey,
  type PaymentOrder,
  type QueueItem,
  type QueuePerson,
  type RefundResult,
  type RefusalCode,
  type ReportMessage,
  type Staff,
  type StaffEntry,
  type StatsRow,
  type TotpSecret,
} from './protocol';

const isEmpty = (v: unknown): v is Record<string, never> => isRecord(v);

export function isConsoleErrorCode(value: unknown): value is ConsoleErrorCode {
  return (
    isErrorCode(value) ||
    (isString(value) && (CONSOLE_ERROR_CODES as readonly string[]).includes(value))
  );
}

export function isRefusalCode(value: unknown): value is RefusalCode {
  return isString(value) && (REFUSAL_CODES as readonly string[]).includes(value);
}

export const isStaff = (v: unknown): v is Staff =>
  isRecord(v) &&
  isNumber(v.id) &&
  isString(v.email) &&
  (v.role === 'operator' || v.role === 'admin');

const isPairKey = (v: unknown): v is PairKey =>
  isRecord(v) && isNumber(v.member_id) && isNumber(v.persona_id);

const isQueuePerson = (v: unknown): v is QueuePerson =>
  isRecord(v) &&
  isNumber(v.id) &&
  isString(v.name) &&
  isNumber(v.age) &&
  isNullable(isString)(v.photo) &&
  isLanguageCode(v.language) &&
  isString(v.city);

export const isLockHolder = (v: unknown): v is LockHolder =>
  isRecord(v) && isNumber(v.staff_id) && isString(v.email) && isNumber(v.expires_at);

export const isQueueItem = (v: unknown): v is QueueItem =>
  isPairKey(v) &&
  isRecord(v) &&
  isNumber(v.waiting_since) &&
  isNumber(v.last_message_at) &&
  isNumber(v.waiting) &&
  isString(v.preview) &&
  isString(v.preview_type) &&
  isQueuePerson(v.member) &&
  isQueuePerson(v.persona) &&
  isNullable(isLockHolder)(v.lock);

export const isLock = (v: unknown): v is Lock =>
  isPairKey(v) && isRecord(v) && isNumber(v.staff_id) && isNumber(v.expires_at);

const isConsoleMe = (v: unknown): v is ConsoleMe =>
  isRecord(v) &&
  isStaff(v.staff) &&
  isNumber(v.max_locks) &&
  isNumber(v.lease_seconds) &&
  arrayOf(isLock)(v.locks);

export const isConsoleMessage = (v: unknown): v is ConsoleMessage =>
  isChatMessage(v) &&
  isRecord(v) &&
  (v.operator === null ||
    v.operator === undefined ||
    (isRecord(v.operator) && isNumber(v.operator.id) && isString(v.operator.email)));

/** What every profile card the console shows has; `isPhoto` checks each of its photos. */
const isProfileCard =
  (isPhoto: (photo: unknown) => boolean) =>
  (v: unknown): v is Record<string, unknown> =>
    isRecord(v) &&
    isNumber(v.id) &&
    isString(v.name) &&
    isNumber(v.age) &&
    isString(v.city) &&
    isString(v.bio) &&
    isLanguageCode(v.language) &&
    Array.isArray(v.photos) &&
    v.photos.every(isPhoto);

const isPhotoLink = (p: unknown): boolean => isRecord(p) && isNumber(p.id) && isString(p.url);

const isConsoleMember = (v: unknown): v is ConsoleMember =>
  isProfileCard(isString)(v) && isString(v.country);

const isConsolePersona = (v: unknown): v is ConsolePersona => isProfileCard(isPhotoLink)(v);

const isNoteCategory = (v: unknown): v is NoteCategory =>
  isString(v) && (NOTE_CATEGORIES as readonly string[]).includes(v);

export const isNote = (v: unknown): v is Note =>
  isRecord(v) &&
  isNumber(v.id) &&
  isNumber(v.member_id) &&
  isNullable(isNumber)(v.persona_id ?? null) &&
  isNoteCategory(v.category) &&
  isString(v.text) &&
  isNumber(v.updated_at);

const isConversation = (v: unknown): v is ConsoleConversation =>
  isRecord(v) &&
  isConsoleMember(v.member) &&
  isConsolePersona(v.persona) &&
  arrayOf(isConsoleMessage)(v.messages) &&
  arrayOf(isNote)(v.notes);

const isCannedReply = (v: unknown): v is CannedReply =>
  isRecord(v) &&
  isNumber(v.id) &&
  isLanguageCode(v.language) &&
  isString(v.title) &&
  isString(v.text);

const isStatsRow = (v: unknown): v is StatsRow =>
  isRecord(v) &&
  isString(v.day) &&
  isNumber(v.id) &&
  isString(v.label) &&
  isNumber(v.answered) &&
  isNumber(v.median_seconds) &&
  isNumber(v.p90_seconds);

const isStats = (v: unknown): v is ConsoleStats =>
  isRecord(v) && arrayOf(isStatsRow)(v.operators) && arrayOf(isStatsRow)(v.personas);

const isAuditEntry = (v: unknown): v is AuditEntry =>
  isRecord(v) && isNumber(v.id) && isString(v.action) && isNumber(v.at);

// ---- admin ----

const isBanState = (v: unknown): v is BanState =>
  isRecord(v) && isNumber(v.at) && isString(v.reason);

export const isAdminMember = (v: unknown): v is AdminMember =>
  isRecord(v) &&
  isNumber(v.id) &&
  isString(v.email) &&
  isString(v.name) &&
  isNumber(v.created_at) &&
  isNumber(v.credits) &&
  isNullable(isNumber)(v.premium_until) &&
  isNullable(isBanState)(v.banned);

const isAdminProfile = (v: unknown): v is AdminProfile =>
  isProfileCard((p) => isPhotoLink(p) && isRecord(p) && isString(p.thumb))(v);

const isLedgerEntry = (v: unknown): v is LedgerEntry =>
  isRecord(v) &&
  isNumber(v.id) &&
  isNumber(v.delta) &&
  isString(v.reason) &&
  isString(v.reference) &&
  isNumber(v.time) &&
  isNumber(v.balance);

const ORDER_STATES: readonly unknown[] = ['created', 'paid', 'failed', 'expired', 'refunded'];

const isPaymentOrder = (v: unknown): v is PaymentOrder =>
  isRecord(v) &&
  isString(v.order_id) &&
  (v.kind === 'credits' || v.kind === 'premium') &&
  isNumber(v.credits) &&
  isNumber(v.bonus) &&
  isNumber(v.months) &&
  isNumber(v.amount_minor) &&
  (v.currency === 'ILS' || v.currency === 'USD') &&
  ORDER_STATES.includes(v.state) &&
  isNumber(v.created_at);

export const isAdminMemberDetail = (v: unknown): v is AdminMemberDetail =>
  isAdminMember(v) &&
  isRecord(v) &&
  isAdminProfile(v.profile) &&
  arrayOf(isLedgerEntry)(v.ledger) &&
  isNumber(v.ledger_sum) &&
  arrayOf(isPaymentOrder)(v.payments);

const isAdjustResult = (v: unknown): v is AdjustCreditsResult =>
  isRecord(v) && isNumber(v.credits) && (v.replayed === 0 || v.replayed === 1);

const isRefundResult = (v: unknown): v is RefundResult =>
  isRecord(v) &&
  isString(v.order_id) &&
  isNumber(v.credits_taken) &&
  isNumber(v.spins_taken) &&
  isNumber(v.credits);

const isReportMessage = (v: unknown): v is ReportMessage =>
  isRecord(v) &&
  isNumber(v.id) &&
  isNumber(v.sender_id) &&
  isString(v.type) &&
  isString(v.text) &&
  isNumber(v.created_at);

export const isAdminReport = (v: unknown): v is AdminReport =>
  isRecord(v) &&
  isNumber(v.id) &&
  isNumber(v.reporter_id) &&
  isNumber(v.reported_id) &&
  isString(v.reason) &&
  isNumber(v.created_at) &&
  isNullable(isNumber)(v.handled_at) &&
  (v.resolution === null ||
    v.resolution === 'dismiss' ||
    v.resolution === 'warn' ||
    v.resolution === 'ban') &&
  isString(v.note) &&
  isRecord(v.reported) &&
  isNumber(v.reported.id) &&
  isString(v.reported.name) &&
  isRecord(v.reporter) &&
  isNumber(v.reporter.id) &&
  isString(v.reporter.name) &&
  arrayOf(isReportMessage)(v.messages);

export const isMemberExport = (v: unknown): v is MemberExport =>
  isRecord(v) &&
  isString(v.format) &&
  isNumber(v.generated_at) &&
  isRecord(v.profile) &&
  isNumber(v.profile.id) &&
  isString(v.profile.email) &&
  isString(v.profile.name);

const isStaffEntry = (v: unknown): v is StaffEntry =>
  isStaff(v) &&
  isRecord(v) &&
  (v.disabled === 0 || v.disabled === 1) &&
  (v.online === 0 || v.online === 1) &&
  isNumber(v.created_at) &&
  arrayOf(isLock)(v.locks);

const isTotpSecret = (v: unknown): v is TotpSecret =>
  isRecord(v) &&
  (v.totp_secret === undefined || isString(v.totp_secret)) &&
  (v.otpauth_uri === undefined || isString(v.otpauth_uri));
/** A list of numbers, one per day of the range. */
const isDaily =
  (days: number) =>
  (v: unknown): boolean =>
    Array.isArray(v) && v.length === days && v.every(isNumber);

const isRevenueSeries =
  (days: number) =>
  (v: unknown): boolean =>
    isRecord(v) &&
    (v.currency === 'ILS' || v.currency === 'USD') &&
    (v.kind === 'credits' || v.kind === 'premium') &&
    isNumber(v.package_id) &&
    isNumber(v.total_minor) &&
    isNumber(v.orders) &&
    isDaily(days)(v.amounts_minor);

export const isAdminDashboard = (v: unknown): v is AdminDashboard => {
  if (!isRecord(v) || !isString(v.from) || !isString(v.to) || !arrayOf(isString)(v.days)) {
    return false;
  }
  const daily = isDaily(v.days.length);
  const { messages, response_times: times } = v;
  return (
    Array.isArray(v.revenue) &&
    v.revenue.every(isRevenueSeries(v.days.length)) &&
    isRecord(messages) &&
    daily(messages.from_members) &&
    daily(messages.from_personas) &&
    daily(v.new_members) &&
    isRecord(times) &&
    daily(times.answered) &&
    daily(times.median_seconds) &&
    daily(times.p90_seconds) &&
    isRecord(times.overall) &&
    isNumber(times.overall.answered) &&
    isNumber(times.overall.median_seconds) &&
    isNumber(times.overall.p90_seconds)
  );
};

export const isAdminConfig = (v: unknown): v is AdminConfig =>
  isRecord(v) &&
  Array.isArray(v.credit_packages) &&
  v.credit_packages.every(
    (p) =>
      isRecord(p) &&
      isNumber(p.id) &&
      isNumber(p.credits) &&
      isNumber(p.price_ils_minor) &&
      isNumber(p.price_usd_minor) &&
      isNumber(p.discount_percent) &&
      isNumber(p.free_spins) &&
      isBit(p.promo_active) &&
      isNullable(isNumber)(p.promo_ends),
  ) &&
  Array.isArray(v.premium_packages) &&
  v.premium_packages.every(
    (p) =>
      isRecord(p) &&
      isNumber(p.id) &&
      isNumber(p.months) &&
      isNumber(p.total_ils_minor) &&
      isNumber(p.total_usd_minor) &&
      isNumber(p.saves_percent) &&
      isBit(p.recommended),
  ) &&
  Array.isArray(v.prices) &&
  v.prices.every((p) => isRecord(p) && isString(p.feature) && isNumber(p.credits)) &&
  Array.isArray(v.wheel) &&
  v.wheel.every(
    (p) =>
      isRecord(p) &&
      isNumber(p.id) &&
      (p.kind === 'coins' || p.kind === 'freespin' || p.kind === 'nothing') &&
      isNumber(p.amount) &&
      isNumber(p.weight),
  ) &&
  isNullable(isNumber)(v.wheel_expected_credits) &&
  isNumber(v.daily_like_limit) &&
  isNumber(v.referral_reward) &&
  Array.isArray(v.gifts) &&
  v.gifts.every(
    (g) =>
      isRecord(g) &&
      isNumber(g.id) &&
      isString(g.icon) &&
      isString(g.name_he) &&
      isString(g.name_en) &&
      isString(g.name_de) &&
      isNumber(g.price),
  );

const isAdminPersona = (v: unknown): v is AdminPersona =>
  isRecord(v) &&
  isNumber(v.id) &&
  isString(v.key) &&
  isString(v.name) &&
  (v.gender === 1 || v.gender === 2 || v.gender === 3) &&
  isString(v.birth_date) &&
  isNumber(v.age) &&
  isLanguageCode(v.language) &&
  isRecord(v.place) &&
  isNumber(v.place.id) &&
  isString(v.place.name) &&
  (v.s_gender === 1 || v.s_gender === 2) &&
  isNumber(v.s_age_min) &&
  isNumber(v.s_age_max) &&
  isNumber(v.answer) &&
  isString(v.bio) &&
  isNumber(v.likes_back_percent) &&
  isNumber(v.like_back_delay_s) &&
  isBit(v.disabled) &&
  isBit(v.edited) &&
  arrayOf(isPhoto)(v.photos);

const isPersonaData = (v: unknown): v is { persona: AdminPersona } =>
  isRecord(v) && isAdminPersona(v.persona);

const DATA_GUARDS: { [M in ConsoleModuleName]: Guard<ConsoleDataOf<M>> } = {
  'console/queue': arrayOf(isQueueItem),
  'console/me': isConsoleMe,
  'console/claim': isLock,
  'console/renew': arrayOf(isLock),
  'console/release': isEmpty,
  'console/break_lock': isEmpty,
  'console/conversation': isConversation,
  'console/send': isConsoleMessage,
  'console/typing': isEmpty,
  'console/notes/save': isNote,
  'console/notes/delete': isEmpty,
  'console/canned': arrayOf(isCannedReply),
  'console/gifts': arrayOf(isGiftEntry),
  'console/stats': isStats,
  'console/audit': arrayOf(isAuditEntry),
  'console/admin/members/search': arrayOf(isAdminMember),
  'console/admin/members/get': isAdminMemberDetail,
  'console/admin/members/adjust_credits': isAdjustResult,
  'console/admin/members/refund': isRefundResult,
  'console/admin/members/ban': (v: unknown): v is { sessions_closed: number } =>
    isRecord(v) && isNumber(v.sessions_closed),
  'console/admin/members/unban': isEmpty,
  'console/admin/reports/list': arrayOf(isAdminReport),
  'console/admin/reports/resolve': isEmpty,
  'console/admin/staff/list': arrayOf(isStaffEntry),
  'console/admin/staff/add': (v: unknown): v is TotpSecret & { staff: Staff } =>
    isTotpSecret(v) && isRecord(v) && isStaff(v.staff),
  'console/admin/staff/disable': isEmpty,
  'console/admin/staff/enable': isEmpty,
  'console/admin/staff/reset': isTotpSecret,
  'console/admin/audit/search': arrayOf(isAuditEntry),
  'console/admin/dashboard': isAdminDashboard,
  'console/admin/config/get': isAdminConfig,
  'console/admin/config/credit_packages': isAdminConfig,
  'console/admin/config/prices': isAdminConfig,
  'console/admin/config/wheel': isAdminConfig,
  'console/admin/config/premium_packages': isAdminConfig,
  'console/admin/config/like_limit': isAdminConfig,
  'console/admin/config/referral_reward': isAdminConfig,
  'console/admin/config/gifts': isAdminConfig,
  'console/admin/canned/save': isCannedReply,
  'console/admin/canned/delete': isEmpty,
  'console/admin/personas': (v): v is { personas: AdminPersona[] } =>
    isRecord(v) && arrayOf(isAdminPersona)(v.personas),
  'console/admin/personas/save': isPersonaData,
  'console/admin/personas/disable': isPersonaData,
  'console/admin/personas/enable': isPersonaData,
  'console/admin/personas/photos/add': (
    v,
  ): v is ConsoleDataOf<'console/admin/personas/photos/add'> =>
    isRecord(v) && isNumber(v.photo_id) && arrayOf(isPhoto)(v.photos),
  'console/admin/personas/photos/delete': (
    v,
  ): v is ConsoleDataOf<'console/admin/personas/photos/delete'> =>
    isRecord(v) && arrayOf(isPhoto)(v.photos),
  'console/admin/members/export': (v: unknown): v is { export: MemberExport } =>
    isRecord(v) && isMemberExport(v.export),
  'console/admin/members/erase': (v: unknown): v is MemberErasure =>
    isRecord(v) && isNumber(v.member_id) && v.erased === true,
  'console/admin/places': arrayOf(isPlaceSuggestion),
};

export function isConsoleModuleName(value: string): value is ConsoleModuleName {
  return Object.hasOwn(DATA_GUARDS, value);
}

/** A direct reply. A success without data (`{}` answers) counts as empty data. */
export function buildConsoleReply<M extends ConsoleModuleName>(
  module: M,
  raw: Record<string, unknown>,
): ConsoleReply<M> {
  const rid = isString(raw.rid) ? raw.rid : undefined;
  const ok = raw.request_status === 1 || (raw.request_status === undefined && !raw.error_code);
  if (ok) {
    const data = raw.data === undefined ? {} : raw.data;
    const guard: Guard<ConsoleDataOf<M>> = DATA_GUARDS[module];
    if (guard(data)) return { module, rid, request_status: 1, data };
    console.warn(`console: dropped malformed data of ${module}`);
    return { module, rid, request_status: 0, error_code: 'internal_error' };
  }
  const reply: ConsoleReply<M> = {
    module,
    rid,
    request_status: 0,
    error_code: isConsoleErrorCode(raw.error_code) ? raw.error_code : 'internal_error',
  };
  if (isString(raw.field)) reply.field = raw.field;
  const details = isRecord(raw.data) ? raw.data : {};
  if (isLockHolder(details.lock)) reply.lock = details.lock;
  if (isString(details.match)) reply.match = details.match;
  return reply;
}

function buildEvent(module: string, raw: Record<string, unknown>): ConsoleEvent | null {
  const data = raw.data;
  switch (module) {
    case 'pong':
      return { module: 'pong' };
    case 'console/queue/upsert':
      return isQueueItem(data) ? { module, data } : null;
    case 'console/queue/remove':
      return isPairKey(data)
        ? { module, data: { member_id: data.member_id, persona_id: data.persona_id } }
        : null;
    case 'console/lock_lost':
      return isPairKey(data) &&
        isRecord(data) &&
        (data.reason === 'expired' ||
          data.reason === 'broken' ||
          data.reason === 'persona_disabled')
        ? {
            module,
            data: { member_id: data.member_id, persona_id: data.persona_id, reason: data.reason },
          }
        : null;
    case 'console/typing':
      return isPairKey(data)
        ? { module, data: { member_id: data.member_id, persona_id: data.persona_id } }
        : null;
    case 'console/message':
      return isPairKey(data) && isRecord(data) && isConsoleMessage(data.message)
        ? {
            module,
            data: { member_id: data.member_id, persona_id: data.persona_id, message: data.message },
          }
        : null;
    default:
      return null;
  }
}

export type ConsoleFrame = ConsoleReply | ConsoleEvent;

/** Parses one text frame; null means nothing the console can use. A frame with a `rid` is the
 *  reply to a request (console/typing is both a request and an event; events carry no rid). */
export function parseConsoleFrame(text: unknown): ConsoleFrame | null {
  if (!isString(text)) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(raw) || !isString(raw.module)) return null;
  if (isString(raw.rid) && isConsoleModuleName(raw.module)) {
    return buildConsoleReply(raw.module, raw);
  }
  return buildEvent(raw.module, raw);
}
