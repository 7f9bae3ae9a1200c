// The staff console's wire contract (docs/protocol.md, "The staff console"): its HTTP bodies, its
// socket modules and events. It mirrors that section: change both together. Shapes the members'
// protocol already names (a message, a gift, the error codes) are reused from there.
import type {
  ChatMessage,
  ErrorCode,
  GiftEntry,
  LanguageCode,
  MessageType,
  PhotoEntry,
  PlaceSuggestion,
  UploadResponse,
} from '../realtime/protocol';

export type { GiftEntry, LanguageCode, MessageType, UploadResponse };

// ---- Staff and errors ----

export type StaffRole = 'operator' | 'admin';

export interface Staff {
  id: number;
  email: string;
  role: StaffRole;
}

/** The codes only the console meets. The members' catalogue (realtime/protocol.ts) holds the
 *  shared ones (invalid_credentials, forbidden, not_found, too_many_attempts, …). */
export const CONSOLE_ERROR_CODES = [
  'totp_required',
  'invalid_totp',
  'locked',
  'too_many_locks',
  'not_locked',
  'contact_phone',
  'contact_email',
  'contact_url',
  'meeting_arrangement',
  'not_refundable',
  'invalid_price',
  'duplicate_id',
  'wheel_pays_too_much',
] as const;
export type ConsoleOnlyErrorCode = (typeof CONSOLE_ERROR_CODES)[number];
export type ConsoleErrorCode = ErrorCode | ConsoleOnlyErrorCode;

/** console/send's refusals of a text that would pass contact details or arrange a meeting. */
export const REFUSAL_CODES = [
  'contact_phone',
  'contact_email',
  'contact_url',
  'meeting_arrangement',
] as const;
export type RefusalCode = (typeof REFUSAL_CODES)[number];

// ---- HTTP (/console/api/*) ----

export interface ConsoleLoginRequest {
  email: string;
  password: string;
  /** Admins only: the RFC 6238 code. */
  totp?: string;
}
export interface ConsoleLoginResponse {
  staff: Staff;
}
export interface ConsoleHttpErrorBody {
  error_code: ConsoleErrorCode;
  message?: string;
  retry_after?: number;
}

// ---- Queue and locks ----

/** A member or persona as a queue item shows them. */
export interface QueuePerson {
  id: number;
  name: string;
  age: number;
  photo: string | null;
  language: LanguageCode;
  city: string;
}

/** Who holds a conversation, as the queue (and a `locked` refusal) tells it. */
export interface LockHolder {
  staff_id: number;
  email: string;
  expires_at: number;
}

export interface PairKey {
  member_id: number;
  persona_id: number;
}

export interface QueueItem extends PairKey {
  /** The member's first unanswered message (unix s). */
  waiting_since: number;
  last_message_at: number;
  /** Unanswered messages. */
  waiting: number;
  preview: string;
  preview_type: MessageType;
  member: QueuePerson;
  persona: QueuePerson;
  lock: LockHolder | null;
}

export interface Lock extends PairKey {
  staff_id: number;
  expires_at: number;
}

export interface ConsoleMe {
  staff: Staff;
  max_locks: number;
  lease_seconds: number;
  locks: Lock[];
}

// ---- A conversation ----

export interface ConsoleMember {
  id: number;
  name: string;
  age: number;
  gender: number;
  bio: string;
  city: string;
  country: string;
  language: LanguageCode;
  photos: string[];
  premium: 0 | 1;
}

export interface PersonaPhoto {
  id: number;
  url: string;
}

export interface ConsolePersona {
  id: number;
  name: string;
  age: number;
  city: string;
  bio: string;
  language: LanguageCode;
  photos: PersonaPhoto[];
}

/** A persona as admins manage it (console/admin/personas; docs/protocol.md "Admin: personas"). */
export interface AdminPersona {
  id: number;
  /** The demo catalogue's key; "" for a persona made in the console. */
  key: string;
  name: string;
  gender: 1 | 2 | 3;
  birth_date: string;
  age: number;
  language: LanguageCode;
  place: { id: number; name: string; name_he?: string };
  s_gender: 1 | 2;
  s_age_min: number;
  s_age_max: number;
  answer: number;
  bio: string;
  likes_back_percent: number;
  like_back_delay_s: number;
  disabled: 0 | 1;
  edited: 0 | 1;
  photos: PhotoEntry[];
}

/** What console/admin/personas/save takes: a new persona without `id`. */
export interface PersonaDraft {
  id?: number;
  name: string;
  language: LanguageCode;
  birth_date: string;
  gender: 1 | 2 | 3;
  s_gender: 1 | 2;
  s_age_min: number;
  s_age_max: number;
  answer: number;
  bio: string;
  place_id: number;
  likes_back_percent: number;
  like_back_delay_s: number;
}

/** The staff member who sent a persona's message; for staff eyes only. */
export interface MessageOperator {
  id: number;
  email: string;
}

/** A message seen from the persona's side: `isMe` is 1 for the persona's own messages. */
export interface ConsoleMessage extends ChatMessage {
  operator: MessageOperator | null;
}

export const NOTE_CATEGORIES = [
  'name',
  'home_town',
  'job',
  'family',
  'hobbies',
  'dates',
  'likes',
  'other',
] as const;
export type NoteCategory = (typeof NOTE_CATEGORIES)[number];
export const NOTE_MAX = 500;

/** A note on the member (`persona_id` null) or on the persona–member pair. */
export interface Note {
  id: number;
  member_id: number;
  persona_id: number | null;
  category: NoteCategory;
  text: string;
  staff_id: number;
  updated_at: number;
}

export interface ConsoleConversation {
  member: ConsoleMember;
  persona: ConsolePersona;
  /** Oldest first. */
  messages: ConsoleMessage[];
  notes: Note[];
  member_typing?: 0 | 1;
}

export interface ConsoleSendRequest extends PairKey {
  client_id: string;
  message_type: MessageType;
  message_text?: string;
  gift_id?: number;
  /** `pphoto`: one of the persona's photo ids. */
  photo_id?: number;
}

export interface CannedReply {
  id: number;
  language: LanguageCode;
  title: string;
  text: string;
}

export interface StatsRow {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  id: number;
  label: string;
  answered: number;
  median_seconds: number;
  p90_seconds: number;
}

export interface ConsoleStats {
  operators: StatsRow[];
  personas: StatsRow[];
}

export interface AuditEntry {
  id: number;
  staff_id: number | null;
  email: string | null;
  action: string;
  object_type: string | null;
  object_id: number | string | null;
  detail: string | null;
  at: number;
}

// ---- Admin: members, reports and staff ----

export interface BanState {
  at: number;
  reason: string;
}

/** A member account as the admin screens show it. */
export interface AdminMember {
  id: number;
  email: string;
  name: string;
  created_at: number;
  credits: number;
  premium_until: number | null;
  banned: BanState | null;
}

/** The console's full profile card of a member. */
export interface AdminProfile {
  id: number;
  name: string;
  age: number;
  gender: number;
  language: LanguageCode;
  city: string;
  country: string;
  photo: string | null;
  bio: string;
  premium: 0 | 1;
  photos: { id: number; url: string; thumb: string }[];
}

export interface LedgerEntry {
  id: number;
  delta: number;
  reason: string;
  reference: string;
  time: number;
  /** The balance right after the entry. */
  balance: number;
}

export type OrderState = 'created' | 'paid' | 'failed' | 'expired' | 'refunded';

export interface PaymentOrder {
  order_id: string;
  provider: string;
  kind: 'credits' | 'premium';
  package_id: number;
  credits: number;
  bonus: number;
  months: number;
  free_spins: number;
  amount_minor: number;
  currency: 'ILS' | 'USD';
  state: OrderState;
  created_at: number;
  updated_at: number;
}

export interface AdminMemberDetail extends AdminMember {
  profile: AdminProfile;
  /** Newest first. */
  ledger: LedgerEntry[];
  ledger_sum: number;
  /** Newest first. */
  payments: PaymentOrder[];
}

/** A member's export document, as `GET /api/account/export/…` gives it to the member
 *  (docs/protocol.md "Your data (GDPR)"). The console checks its format and whose it is, and
 *  hands the rest on as the file. */
export interface MemberExport {
  format: string;
  generated_at: number;
  profile: { id: number; email: string; name: string } & Record<string, unknown>;
  /** photos, messages, likes, visits, blocks, ledger, wheel_spins, payments. */
  [section: string]: unknown;
}

/** console/admin/members/erase's answer (docs/protocol.md "Admin: GDPR export and erasure"). */
export interface MemberErasure {
  member_id: number;
  erased: true;
}

export interface AdjustCreditsResult {
  credits: number;
  replayed: 0 | 1;
}

export interface RefundResult {
  order_id: string;
  member_id: number;
  credits_taken: number;
  spins_taken: number;
  premium_until: number | null;
  credits: number;
}

export const REPORT_ACTIONS = ['dismiss', 'warn', 'ban'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

export interface ReportMessage {
  id: number;
  sender_id: number;
  receiver_id: number;
  type: MessageType;
  text: string;
  created_at: number;
}

export interface AdminReport {
  id: number;
  reporter_id: number;
  reported_id: number;
  reason: string;
  created_at: number;
  handled_at: number | null;
  resolution: ReportAction | null;
  note: string;
  resolved_by: number | null;
  reported: AdminProfile & { email?: string; banned?: 0 | 1 };
  reporter: QueuePerson;
  /** Oldest first. */
  messages: ReportMessage[];
}

export interface StaffEntry extends Staff {
  disabled: 0 | 1;
  created_at: number;
  online: 0 | 1;
  locks: (Lock & { email: string })[];
}

/** An admin's TOTP secret, shown once. */
export interface TotpSecret {
  totp_secret?: string;
  otpauth_uri?: string;
}

export interface AuditSearchRequest {
  staff_id?: number;
  action?: string;
  object_type?: string;
  object_id?: string;
  before_id?: number;
  recordsToTake: number;
}

/** Paid orders of one package in one currency, per day of the dashboard's range. */
export interface RevenueSeries {
  currency: 'ILS' | 'USD';
  kind: 'credits' | 'premium';
  package_id: number;
  /** One amount per day, in minor units (agorot, cents). */
  amounts_minor: number[];
  total_minor: number;
  orders: number;
}

/** `console/admin/dashboard`: every list holds one value per entry of `days`. */
export interface AdminDashboard {
  from: string;
  to: string;
  /** UTC days, YYYY-MM-DD, first to last. */
  days: string[];
  revenue: RevenueSeries[];
  messages: { from_members: number[]; from_personas: number[] };
  new_members: number[];
  response_times: {
    answered: number[];
    median_seconds: number[];
    p90_seconds: number[];
    /** The whole range's answers together (a percentile of days is no percentile). */
    overall: { answered: number; median_seconds: number; p90_seconds: number };
  };
}

/** A credit package as admins edit it: both currencies, in minor units. */
export interface ConfigCreditPackage {
  id: number;
  credits: number;
  price_ils_minor: number;
  price_usd_minor: number;
  discount_percent: number;
  free_spins: number;
  promo_active: 0 | 1;
  /** Unix seconds; null: the promotion runs until switched off. */
  promo_ends: number | null;
}

export interface ConfigPremiumPackage {
  id: number;
  months: number;
  total_ils_minor: number;
  total_usd_minor: number;
  saves_percent: number;
  recommended: 0 | 1;
}

export interface ConfigFeaturePrice {
  feature: string;
  credits: number;
}

/** A segment of the lucky wheel, in wheel order (docs/wheel.md). */
export interface ConfigWheelPrize {
  id: number;
  kind: 'coins' | 'freespin' | 'nothing';
  /** Credits for coins, spins for freespin, 0 for nothing. */
  amount: number;
  /** Relative chance, 0–1,000,000. */
  weight: number;
}

/** A gift as admins edit it: the icon is one of the app's own (/gifts/<name>.svg). */
export interface ConfigGift {
  id: number;
  icon: string;
  name_he: string;
  name_en: string;
  name_de: string;
  /** Credits. */
  price: number;
}

/** `console/admin/config/get` and the reply to every saved change. */
export interface AdminConfig {
  credit_packages: ConfigCreditPackage[];
  premium_packages: ConfigPremiumPackage[];
  prices: ConfigFeaturePrice[];
  wheel: ConfigWheelPrize[];
  /** What a spin pays on average, free spins counted; null when it would pay for ever. */
  wheel_expected_credits: number | null;
  /** Likes a member without premium may give a UTC day. */
  daily_like_limit: number;
  /** Credits for each member who signs up through a member's link and verifies; 0: none. */
  referral_reward: number;
  gifts: ConfigGift[];
}

// ---- Socket modules ----

type Empty = Record<string, never>;

/** Request payload (without `module` and `rid`) and reply `data` of each console module. */
export interface ConsoleModules {
  'console/queue': { request: { language?: LanguageCode }; data: QueueItem[] };
  'console/me': { request: Empty; data: ConsoleMe };
  'console/claim': { request: PairKey; data: Lock };
  'console/renew': { request: Empty; data: Lock[] };
  'console/release': { request: PairKey; data: Empty };
  'console/break_lock': { request: PairKey; data: Empty };
  'console/conversation': {
    request: PairKey & { before_id?: number; recordsToTake: number };
    data: ConsoleConversation;
  };
  'console/send': { request: ConsoleSendRequest; data: ConsoleMessage };
  'console/typing': { request: PairKey; data: Empty };
  'console/notes/save': {
    request: {
      id?: number;
      member_id: number;
      persona_id?: number;
      category: NoteCategory;
      text: string;
    };
    data: Note;
  };
  'console/notes/delete': { request: { id: number }; data: Empty };
  'console/canned': { request: { language: LanguageCode }; data: CannedReply[] };
  'console/gifts': { request: Empty; data: GiftEntry[] };
  'console/stats': { request: { days: number }; data: ConsoleStats };
  'console/audit': {
    request: { before_id?: number; recordsToTake: number };
    data: AuditEntry[];
  };
  'console/admin/members/search': {
    request: { query: string; currentLength: number; recordsToTake: number };
    data: AdminMember[];
  };
  'console/admin/members/get': { request: { member_id: number }; data: AdminMemberDetail };
  'console/admin/members/adjust_credits': {
    request: { member_id: number; delta: number; reason: string; client_id: string };
    data: AdjustCreditsResult;
  };
  'console/admin/members/refund': { request: { order_id: string }; data: RefundResult };
  'console/admin/members/ban': {
    request: { member_id: number; reason: string };
    data: { sessions_closed: number };
  };
  'console/admin/members/unban': { request: { member_id: number; reason: string }; data: Empty };
  'console/admin/reports/list': {
    request: { open_only?: 0 | 1; currentLength: number; recordsToTake: number };
    data: AdminReport[];
  };
  'console/admin/reports/resolve': {
    request: { report_id: number; action: ReportAction; note: string };
    data: Empty;
  };
  'console/admin/staff/list': { request: Empty; data: StaffEntry[] };
  'console/admin/staff/add': {
    request: { email: string; role: StaffRole; password: string };
    data: TotpSecret & { staff: Staff };
  };
  'console/admin/staff/disable': { request: { staff_id: number }; data: Empty };
  'console/admin/staff/enable': { request: { staff_id: number }; data: Empty };
  'console/admin/staff/reset': {
    request: { staff_id: number; password: string };
    data: TotpSecret;
  };
  'console/admin/audit/search': { request: AuditSearchRequest; data: AuditEntry[] };
  'console/admin/dashboard': { request: { from: string; to: string }; data: AdminDashboard };
  'console/admin/config/get': { request: Empty; data: AdminConfig };
  'console/admin/config/credit_packages': {
    request: { packages: ConfigCreditPackage[] };
    data: AdminConfig;
  };
  'console/admin/config/prices': { request: { prices: ConfigFeaturePrice[] }; data: AdminConfig };
  'console/admin/config/wheel': { request: { prizes: ConfigWheelPrize[] }; data: AdminConfig };
  'console/admin/config/premium_packages': {
    request: { packages: ConfigPremiumPackage[] };
    data: AdminConfig;
  };
  'console/admin/config/like_limit': { request: { daily_like_limit: number }; data: AdminConfig };
  'console/admin/config/referral_reward': {
    request: { referral_reward: number };
    data: AdminConfig;
  };
  'console/admin/config/gifts': { request: { gifts: ConfigGift[] }; data: AdminConfig };
  'console/admin/canned/save': {
    request: { id?: number; language: LanguageCode; title: string; text: string };
    data: CannedReply;
  };
  'console/admin/canned/delete': { request: { id: number }; data: Empty };
  /** The member's GDPR export document (docs/protocol.md "Your data (GDPR)"), audited. */
  'console/admin/members/export': {
    request: { member_id: number };
    data: { export: MemberExport };
  };
  /** Erases the member (no password; `reason`, 1–500 characters, goes into the audit log). */
  'console/admin/members/erase': {
    request: { member_id: number; reason: string };
    data: MemberErasure;
  };
  'console/admin/personas': { request: Empty; data: { personas: AdminPersona[] } };
  'console/admin/personas/save': { request: PersonaDraft; data: { persona: AdminPersona } };
  'console/admin/personas/disable': { request: { id: number }; data: { persona: AdminPersona } };
  'console/admin/personas/enable': { request: { id: number }; data: { persona: AdminPersona } };
  /** `photo` is the link POST /console/api/upload?persona_id= answered. */
  'console/admin/personas/photos/add': {
    request: { persona_id: number; photo: string };
    data: { photo_id: number; photos: PhotoEntry[] };
  };
  'console/admin/personas/photos/delete': {
    request: { persona_id: number; id: number };
    data: { photos: PhotoEntry[] };
  };
  /** The city picker: search_location's suggestions. */
  'console/admin/places': {
    request: { search: string; lang: LanguageCode };
    data: PlaceSuggestion[];
  };
}
export type ConsoleModuleName = keyof ConsoleModules;
export type ConsoleRequestOf<M extends ConsoleModuleName> = ConsoleModules[M]['request'];
export type ConsoleDataOf<M extends ConsoleModuleName> = ConsoleModules[M]['data'];

/** Who may call each module: every staff member, or admins only (`forbidden` otherwise).
 *  contract.test.ts holds it to the server's list (`kesher --dump-protocol`). */
export const CONSOLE_MODULE_ACCESS = {
  ping: 'staff',
  'console/queue': 'staff',
  'console/me': 'staff',
  'console/claim': 'staff',
  'console/renew': 'staff',
  'console/release': 'staff',
  'console/break_lock': 'admin',
  'console/conversation': 'staff',
  'console/send': 'staff',
  'console/typing': 'staff',
  'console/notes/save': 'staff',
  'console/notes/delete': 'staff',
  'console/canned': 'staff',
  'console/gifts': 'staff',
  'console/stats': 'staff',
  'console/audit': 'admin',
  'console/admin/members/search': 'admin',
  'console/admin/members/get': 'admin',
  'console/admin/members/adjust_credits': 'admin',
  'console/admin/members/refund': 'admin',
  'console/admin/members/ban': 'admin',
  'console/admin/members/unban': 'admin',
  'console/admin/reports/list': 'admin',
  'console/admin/reports/resolve': 'admin',
  'console/admin/staff/list': 'admin',
  'console/admin/staff/add': 'admin',
  'console/admin/staff/disable': 'admin',
  'console/admin/staff/enable': 'admin',
  'console/admin/staff/reset': 'admin',
  'console/admin/audit/search': 'admin',
  'console/admin/dashboard': 'admin',
  'console/admin/config/get': 'admin',
  'console/admin/config/credit_packages': 'admin',
  'console/admin/config/prices': 'admin',
  'console/admin/config/wheel': 'admin',
  'console/admin/config/premium_packages': 'admin',
  'console/admin/config/like_limit': 'admin',
  'console/admin/config/referral_reward': 'admin',
  'console/admin/config/gifts': 'admin',
  'console/admin/canned/save': 'admin',
  'console/admin/canned/delete': 'admin',
  'console/admin/members/export': 'admin',
  'console/admin/members/erase': 'admin',
  'console/admin/personas': 'admin',
  'console/admin/personas/save': 'admin',
  'console/admin/personas/disable': 'admin',
  'console/admin/personas/enable': 'admin',
  'console/admin/personas/photos/add': 'admin',
  'console/admin/personas/photos/delete': 'admin',
  'console/admin/places': 'admin',
} as const satisfies Record<ConsoleModuleName | 'ping', 'staff' | 'admin'>;

/** What a refusal carries besides its code: who holds a `locked` conversation, the offending
 *  part of a refused text, the field of an `invalid_field`/`invalid_value`. */
export interface ConsoleErrorDetails {
  lock?: LockHolder;
  match?: string;
  field?: string;
}

export type ConsoleReply<M extends ConsoleModuleName = ConsoleModuleName> =
  | { module: M; rid?: string; request_status: 1; data: ConsoleDataOf<M> }
  | ({
      module: M;
      rid?: string;
      request_status: 0;
      error_code: ConsoleErrorCode;
    } & ConsoleErrorDetails);

// ---- Events ----

export interface QueueUpsertEvent {
  module: 'console/queue/upsert';
  data: QueueItem;
}
export interface QueueRemoveEvent {
  module: 'console/queue/remove';
  data: PairKey;
}
export type LockLostReason = 'expired' | 'broken' | 'persona_disabled';
export interface LockLostEvent {
  module: 'console/lock_lost';
  data: PairKey & { reason: LockLostReason };
}
/** The member is typing to a persona whose conversation the operator holds. */
export interface MemberTypingEvent {
  module: 'console/typing';
  data: PairKey;
}
export interface ConsoleMessageEvent {
  module: 'console/message';
  data: PairKey & { message: ConsoleMessage };
}
export interface ConsolePongEvent {
  module: 'pong';
}
export type ConsoleEvent =
  | QueueUpsertEvent
  | QueueRemoveEvent
  | LockLostEvent
  | MemberTypingEvent
  | ConsoleMessageEvent
  | ConsolePongEvent;
export type ConsoleEventName = ConsoleEvent['module'];
export type ConsoleEventOf<E extends ConsoleEventName> = Extract<ConsoleEvent, { module: E }>;
