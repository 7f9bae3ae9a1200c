// The wire contract with the server. It mirrors docs/protocol.md: change both together.
// Field names keep the spec's spelling, typos included (s_radious).

export type LanguageCode = 'he' | 'en' | 'de';
export type Gender = 1 | 2 | 3;
export type SearchGender = 1 | 2;

/** The caller's own user record, as session/validate and the auth endpoints return it. */
export interface User {
  id: number;
  name: string;
  age: number;
  gender: Gender;
  email?: string;
  /** The first profile photo (display size), or null. */
  photo: string | null;
  /** The profile photos in slot order; the first is `photo`. */
  photos: PhotoEntry[];
  avatar: string | null;
  bio: string;
  answer: number;
  language: LanguageCode;
  city: string;
  /** Country name in the user's language. */
  country: string;
  /** ISO 3166-1 alpha-2. */
  country_code: string;
  place_id: number;
  s_gender: SearchGender;
  s_age: string;
  s_radius: number;
  credits: number;
  premium: 0 | 1;
  status: 0 | 1;
  has_story: number;
  stories: unknown[];
  sof_spin_available: number;
  sof_can_spin: number;
  /** When premium ends (unix seconds), or null; `premium` is 1 while it lies in the future.
   *  Nothing renews by itself. */
  premium_until?: number | null;
  claimed_free_account_credits: 0 | 1;
  email_verified: 0 | 1;
  /** The member's profile extras (docs/protocol.md "Profile extras"); {} when none. */
  extras?: ProfileExtras;
}

/** The profile extras' fields (docs/protocol.md "Profile extras"); their option ids are in
 *  features/profile/extras/catalog.ts. */
export type ExtraFieldId =
  | 'relationship_goal'
  | 'dating_experience'
  | 'distance'
  | 'communication'
  | 'ethnicity'
  | 'relationship_status'
  | 'height'
  | 'industry'
  | 'interests'
  | 'drink'
  | 'smoke'
  | 'workout'
  | 'pets'
  | 'children'
  | 'family_plans'
  | 'personality';
/** An answer: an option id, several (interests), or centimetres (height). */
export type ExtraValue = string | string[] | number;
/** The answered extras; a field that is absent is unanswered. */
export type ProfileExtras = Partial<Record<ExtraFieldId, ExtraValue>>;
/** user/update {key: "extras"}: the fields to change; null (or []) clears one. */
export type ProfileExtrasChange = Partial<Record<ExtraFieldId, ExtraValue | null>>;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** Every error code (docs/protocol.md, "Error codes"); contract.test.ts holds it to the server's
 *  catalogue (`kesher --dump-protocol`). */
export const ERROR_CODES = [
  'invalid_json',
  'missing_field',
  'invalid_email',
  'email_taken',
  'password_too_short',
  'password_too_long',
  'invalid_name',
  'invalid_month',
  'invalid_day',
  'invalid_birth_date',
  'underage',
  'invalid_gender',
  'invalid_looking_for',
  'invalid_age_range',
  'invalid_place',
  'invalid_answer',
  'invalid_extra',
  'invalid_language',
  'invalid_credentials',
  'too_many_attempts',
  'recovery_throttled',
  'invalid_token',
  'origin_forbidden',
  'payload_too_large',
  'malformed_json',
  'not_an_object',
  'missing_module',
  'unknown_module',
  'invalid_field',
  'not_authenticated',
  'invalid_session',
  'rate_limited',
  'invalid_key',
  'invalid_value',
  'age_locked',
  'not_found',
  'premium_required',
  'like_limit_reached',
  'cannot_block_self',
  'not_enough_credits',
  'server_busy',
  'empty_message',
  'message_too_long',
  'sender_mismatch',
  'method_not_allowed',
  'unsupported_media_type',
  'too_many_sockets',
  'invalid_file_type',
  'invalid_image',
  'image_too_large',
  'missing_file',
  'upload_in_progress',
  'photo_limit_reached',
  'forbidden',
  'link_expired',
  'invalid_signature',
  'stale_signature',
  'amount_mismatch',
  'unknown_order',
  'no_free_spin',
  'account_banned',
  'internal_error',
] as const;

// ---- HTTP auth (/api/auth/*) ----

export interface RegisterRequest {
  email: string;
  password: string;
  name: string;
  gender: Gender;
  s_gender: SearchGender;
  s_age: string;
  birth_year: number;
  birth_month: number;
  birth_day: number;
  place_id: number;
  answer: number;
  language: LanguageCode;
  /** Optional profile extras, checked like profile edit's (invalid_extra). */
  extras?: ProfileExtras;
}
export interface LoginRequest {
  email: string;
  password: string;
}
export interface RecoverRequest {
  email: string;
  language: LanguageCode;
}
export interface ResetRequest {
  token: string;
  password: string;
}
/** POST /api/auth/reset/check: whether a recover link's token still works (reads only). */
export interface ResetCheckRequest {
  token: string;
}
export interface ResetCheckResponse {
  valid: boolean;
}
/** POST /api/auth/escape: a one-time token for GET /check/{token}, which lives `expires_in`
 *  (60) seconds (docs/protocol.md "Escaping in-app browsers"). */
export interface EscapeTokenResponse {
  token: string;
  expires_in: number;
}
export interface AuthUserResponse {
  user: User;
}
/** GET /api/stats/members: what the landing may say about the number of members. `members` is
 *  the real count rounded down (null under 100); `over` is true when the real count is above it. */
export interface MemberStatsResponse {
  members: number | null;
  over: boolean;
}
export interface OkResponse {
  ok: true;
  wait_seconds?: number;
}
export interface HttpErrorBody {
  error_code: ErrorCode;
  message?: string;
  field?: string;
  retry_after?: number;
  seconds?: number;
}

// ---- Media (docs/protocol.md "Media") ----

/** What the server made of an uploaded picture. `id` is the upload's random name. */
export interface UploadedMedia {
  id: string;
  width: number;
  height: number;
}
/** POST /upload's answer: `data` is the media link (the display size, signed for the uploader
 *  for an hour), to pass as it is to user/photos/add, send_message or stories/add. */
export interface UploadResponse {
  data: string;
  media: UploadedMedia;
}

// ---- Socket payloads ----

export interface SiteConfig {
  name: string;
  min_age: number;
  max_age: number;
  min_credits_to_send: number;
  signup_credits: number;
  push_credits: number;
  photo_slots: number;
}
export interface KeyedOption {
  id: number;
  key: string;
}
/** Prices are in the caller's currency (ILS for he, USD otherwise), in major units. */
export type CurrencyCode = 'ILS' | 'USD';
export interface CreditPackage {
  id: number;
  credits: number;
  price: number;
  currency?: CurrencyCode;
  /** Bonus percent while the promotion runs. */
  discount: number;
  /** credits × discount / 100, given only while promo_active and before promo_ends. */
  bonus?: number;
  /** Free wheel spins that come with the package (the 5,000 and 7,000 packages give one). */
  free_spins?: number;
  promo_active: 0 | 1;
  /** Unix seconds, or null. */
  promo_ends: number | null;
}
export interface PremiumPackage {
  id: number;
  months: number;
  total: number;
  /** Per month. */
  price: number;
  currency?: CurrencyCode;
  saves: number;
  recommended: 0 | 1;
}
export type WheelPrizeKind = 'coins' | 'freespin' | 'nothing';
/** A segment of the lucky wheel (spinofluck/prizes); `odds` is its chance in one spin (0–1),
 *  drawn on the server. `amount` is credits for coins, spins for freespin. */
export interface WheelPrize {
  id: number;
  /** Where the segment sits, clockwise from the top. */
  position?: number;
  kind: WheelPrizeKind;
  amount: number;
  odds: number;
  weight?: number;
}
/** request_details of spinofluck/prizes. */
export interface WheelPrizesDetails {
  spin_price?: number;
  total_weight?: number;
  /** What a spin pays on average, counting the spins it wins in turn; null when unbounded. */
  expected_credits?: number | null;
}
/** spinofluck/spin's data (spec §7): `spin` for a free-spin prize, else coins with their value. */
export interface SpinResult {
  id: number;
  position?: number;
  type: 'spin' | 'coins' | 'nothing';
  value?: number;
}
export interface PriceEntry {
  feature: string;
  price: number;
}
export interface Configs {
  site: SiteConfig;
  genders: KeyedOption[];
  answers: KeyedOption[];
  credits: CreditPackage[];
  premium: PremiumPackage[];
  prices: PriceEntry[];
}
export type ConfigKey = keyof Configs;

export interface LanguageEntry {
  name: string;
  prefix: LanguageCode;
  rtl: boolean;
}
export interface PlaceSuggestion {
  place_id: number;
  description: string;
}
export interface Totals {
  visitors: { total: number };
  mylikes: { total: number };
  fans: { total: number };
  matches: { total: number };
  fans_new: number;
  visits_new: number;
}

/** Someone the caller may see (docs/protocol.md "Person"). Never carries coordinates. */
export interface Person {
  id: number;
  name: string;
  age: number;
  gender: Gender;
  /** The first profile photo (display size); for a persona its picture. */
  photo: string | null;
  /** The first photo's thumbnail (320 px), for small places; null when there is no photo. */
  thumb: string | null;
  photos_count: number;
  bio: string;
  /** The language the person uses Kesher in, and so writes their profile in. Discovery lists
   *  people in the caller's language first. */
  language: LanguageCode;
  city: string;
  country: string;
  /** Upper bound of a coarse distance bucket (5, 10, 25, 50, 100, 250, 500 km), or null. */
  distance_km: number | null;
  status: 0 | 1;
  vip: 0 | 1;
  /** 1 for a virtual profile written by Kesher's staff; shown on the profile and in chat. */
  virtual: 0 | 1;
  has_story: number;
  liked: 0 | 1;
  matched: 0 | 1;
  /** Only in the `profile` reply: the person's profile extras. */
  extras?: ProfileExtras;
}

/** A profile photo: display size (long side at most 1280 px) and thumbnail (320 px). */
export interface PhotoEntry {
  id: number;
  photo: string;
  thumb: string;
}

/** request_details of user/photos/delete, and the data of the user/photos/changed event: the
 *  caller's photos after the change, in slot order. */
export interface PhotosDetails {
  photos: PhotoEntry[];
}
/** request_details of user/photos/add. */
export interface PhotoAddDetails extends PhotosDetails {
  photo_id: number;
}

/** An entry of user/mylikes and user/matches, and of user/fans and user/visitors for premium. */
export interface PeopleListEntry {
  id: number;
  name: string;
  age: number;
  photo: string | null;
  city: string;
  country: string;
  time: number;
  status: 0 | 1;
  story: number;
  virtual: 0 | 1;
  locked: 0;
}

/**
 * A fan or visitor a non-premium caller may not see: nothing about them but that they exist (no
 * id, name, age, place, time or status). `photo` is a heavily blurred copy of their first photo
 * under its own random name, or null; without one the client draws a blurred shape.
 */
export interface LockedListEntry {
  locked: 1;
  photo: string | null;
}

/** An entry of user/fans or user/visitors. */
export type ReceivedListEntry = PeopleListEntry | LockedListEntry;

/** A person the caller blocked. No online status: nothing of them reaches the caller. */
export interface BlockedEntry {
  id: number;
  name: string;
  photo: string | null;
}

export type ProfileTarget =
  | 'explore'
  | 'meet'
  | 'popular'
  | 'spotlight'
  | 'mylikes'
  | 'matches'
  | 'likesme'
  | 'visitors'
  | 'chat';

export interface Paging {
  currentLength: number;
  recordsToTake: number;
}

export type UserUpdateKey =
  | 'name'
  | 'bio'
  | 'gender'
  | 'age'
  | 'answer'
  | 's_gender'
  | 's_age'
  | 's_radious'
  | 'place_id'
  | 'language'
  | 'extras';

// ---- Chat and credits (docs/protocol.md "Chat and credits") ----

export type MessageType = 'text' | 'gift' | 'image' | 'pphoto';

/** A gift as a message carries it: the name is in the caller's language. */
export interface MessageGift {
  id: number;
  icon: string;
  gift: string;
  price: number;
}

export interface ChatMessage {
  id: number;
  client_id: string | null;
  type: MessageType;
  /** The text, a gift's icon, or a picture's signed link (null once a picture expired). */
  message: string | null;
  sender_id: number;
  receiver_id: number;
  timestamp: number;
  seen: 0 | 1;
  isMe: 0 | 1;
  story: string | null;
  story_id: number | null;
  body: string | null;
  avatar: string | null;
  gift: MessageGift | null;
  price: number;
  /** Pictures and story replies: when `message`, `thumb` and `story` stop working (unix s). */
  expires_at?: number | null;
  /** Pictures: 1 once the links are gone (`message` and `thumb` are then null). */
  expired?: 0 | 1;
  /** Pictures: the signed link of the thumbnail. */
  thumb?: string | null;
}

export interface Contact {
  id: number;
  name: string;
  photo: string | null;
  last_m: string;
  last_type: MessageType | null;
  last_m_is_photo: 0 | 1;
  gift: 0 | 1;
  s_id: number;
  time: number;
  unread: number;
  total_unread: number;
  vip: 0 | 1;
  status: 0 | 1;
  virtual: 0 | 1;
  archived: 0 | 1;
  /** 1: a member who erased their account ("a deleted member"): no name, no photo. */
  deleted?: 0 | 1;
}

export interface GiftEntry {
  id: number;
  icon: string;
  gift: string;
  names: Record<LanguageCode, string>;
  price: number;
}

export interface SendMessageRequest {
  client_id: string;
  sender_id?: number;
  receiver_id: number;
  message_type: MessageType;
  /** A text, or for `image` the link /upload answered. */
  message_text?: string;
  gift_id?: number;
  /** `pphoto`: one of the sender's own profile photos. */
  photo_id?: number;
  /** A text replying to the receiver's live story `story_id`. */
  story?: 0 | 1;
  story_id?: number;
}

// ---- Stories (docs/protocol.md "Media: uploads, photos, chat images and stories") ----

/** One live story of a member; `story_photo` is a signed link for the caller. */
export interface Story {
  id: number;
  story_id: number;
  user_id: number;
  story_photo: string;
  time: number;
  expires_at: number;
  mine: 0 | 1;
}

/** A member with live stories, as the `stories` list shows them. */
export interface StoryRing {
  /** The member's newest live story: the list is deduplicated by it. */
  story_id: number;
  user_id: number;
  name: string;
  photo: string | null;
  thumb: string | null;
  /** How many of the member's stories are live. */
  count: number;
  time: number;
  virtual: 0 | 1;
  mine: 0 | 1;
}

// ---- Money (docs/protocol.md "Money: packages, payments, premium, the wheel and boosts") ----

/** credits_promo: the running promotion, or active 0. */
export interface CreditsPromo {
  active: 0 | 1;
  /** Unix seconds. */
  ends?: number | null;
  discount?: number;
}
export type PaymentType = 'buy-credits' | 'premium';
export interface PaymentInitiateRequest {
  provider: 'sandbox';
  package_id: number;
  type: PaymentType;
}
/** payment/initiate's data: the order and the checkout page to show in the payment iframe. */
export interface PaymentOrder {
  order_id: string;
  redirect_url: string;
  amount: number;
  currency: CurrencyCode;
}
/** A ledger entry of the caller (credits/history), newest first. */
export interface LedgerEntry {
  id: number;
  /** Signed: a credit is positive, a debit negative. */
  delta: number;
  reason: string;
  reference: string;
  /** Unix seconds. */
  time: number;
  /** The balance after this entry. */
  balance: number;
}
/** request_details of spinofluck/buy_spin and spinofluck/spin. */
export interface SpinDetails {
  credits: number;
  sof_spin_available: number;
  prize?: WheelPrize;
}
export type BoostKind = 'boost' | 'top_search' | 'spotlight';
/** A running boost (boost/status, and boost/buy's data). */
export interface BoostStatusEntry {
  kind: BoostKind;
  impressions?: number;
  started_at?: number;
  /** null for top_search, which runs by time. */
  impressions_left: number | null;
  /** Unix seconds. */
  ends_at: number;
}

/** Request payload (without `module` and `rid`) and reply `data` for each module. */
export interface Modules {
  ping: { request: Record<string, never>; data: never };
  'session/validate': {
    request: { session?: string };
    data: { authenticated: 0 | 1; user?: User };
  };
  configs: { request: { keys?: ConfigKey[] }; data: Partial<Configs> };
  plugins: { request: { plugins: string[] }; data: { terms?: { version: string; url: string } } };
  geodata: { request: Record<string, never>; data: { country: string; language: LanguageCode } };
  languages: {
    request: { currentLength: number; recordsToTake: number };
    data: LanguageEntry[];
  };
  search_location: {
    request: { search: string; lang?: LanguageCode };
    data: PlaceSuggestion[];
  };
  'user/update': {
    request: {
      key: UserUpdateKey;
      value: string | number | ProfileExtrasChange;
      lang?: LanguageCode;
    };
    data: { user: User };
  };
  totals: { request: Record<string, never>; data: Totals };
  explore: { request: { exclude: number[] }; data: Person[] };
  meet: { request: Paging; data: Person[] };
  'meet/popular': { request: Paging; data: Person[] };
  spotlight: { request: { currentLength: number }; data: Person[] };
  profile: {
    request: { user_id: number; target?: ProfileTarget };
    data: { user: Person; photos: PhotoEntry[] };
  };
  'user/photos': { request: { user_id: number } & Paging; data: PhotoEntry[] };
  /** `photo` is a link from POST /upload; request_details is PhotoAddDetails. */
  'user/photos/add': { request: { user_id: number; photo: string }; data: never };
  /** request_details is PhotosDetails. */
  'user/photos/delete': { request: { id: number }; data: never };
  visit: { request: { visited_user_id: number }; data: never };
  stories: { request: Paging; data: StoryRing[] };
  'stories/get': { request: { user_id: number }; data: Story[] };
  'stories/add': { request: { photo: string }; data: Story };
  'stories/delete': { request: { story_id: number }; data: never };
  swipe: { request: { swiped_user_id: number; like: 0 | 1 }; data: never };
  'user/mylikes': { request: Paging; data: PeopleListEntry[] };
  'user/fans': { request: Paging; data: ReceivedListEntry[] };
  'user/matches': { request: Paging; data: PeopleListEntry[] };
  'user/visitors': { request: Paging; data: ReceivedListEntry[] };
  'user/fans/seen': { request: Record<string, never>; data: never };
  'user/visitors/seen': { request: Record<string, never>; data: never };
  'user/block': { request: { user_id: number }; data: never };
  'user/unblock': { request: { user_id: number }; data: never };
  'user/blocked': { request: Record<string, never>; data: BlockedEntry[] };
  'user/report': { request: { user_id: number; reason: string }; data: never };
  'user/contacts': { request: Paging & { archived?: 0 | 1 }; data: Contact[] };
  'user/contacts/unread': { request: Record<string, never>; data: { total: number }[] };
  'user/contact/get_by_id': { request: { contact_id: number }; data: Contact };
  messages: {
    request: {
      contact_user_id: number;
      recordsToTake: number;
      before_id?: number;
      currentLength?: number;
    };
    data: ChatMessage[];
  };
  'message/read': { request: { message_id: string }; data: never };
  send_message: { request: SendMessageRequest; data: ChatMessage };
  gifts: { request: Paging; data: GiftEntry[] };
  'conversation/archive': { request: { user_id: number }; data: never };
  'conversation/unarchive': { request: { user_id: number }; data: never };
  credits_promo: { request: Record<string, never>; data: CreditsPromo };
  'payment/initiate': { request: PaymentInitiateRequest; data: PaymentOrder };
  'credits/history': { request: Paging; data: LedgerEntry[] };
  /** request_details: WheelPrizesDetails. */
  'spinofluck/prizes': { request: Record<string, never>; data: WheelPrize[] };
  /** request_details: SpinDetails (credits, sof_spin_available). */
  'spinofluck/buy_spin': { request: { client_id?: string }; data: never };
  /** request_details: SpinDetails with the prize. */
  'spinofluck/spin': { request: { client_id?: string }; data: SpinResult };
  /** request_details: {kind, credits, credits_spent, replayed}. */
  'boost/buy': { request: { kind: BoostKind; client_id: string }; data: BoostStatusEntry };
  'boost/status': { request: Record<string, never>; data: BoostStatusEntry[] };
  /** The caller is typing to `receiver_id` (at most every 2 s, never for an empty draft); the
   *  receiver gets a TypingEvent. The reply's `data` is an empty object: nothing to read. */
  typing: { request: { receiver_id: number }; data: Record<string, unknown> };
  /** Starts the GDPR export, or answers the running one's progress; account/export/* events
   *  follow. */
  'account/export': { request: Record<string, never>; data: ExportStatus };
  /** Erases the account; the server then closes every socket of the member with 4001, which may
   *  overtake this reply. */
  'account/erase': { request: { password: string }; data: { erased: boolean } };
  /** The member's referral link (docs/protocol.md "Referrals"). */
  'referral/info': { request: Record<string, never>; data: ReferralInfo };
}

/** referral/info's answer: the link is `path` on the app's origin; `reward` credits go to the
 *  member for each person who signs up through it and confirms their email (0: no reward now);
 *  `referred` is how many members signed up through it. */
export interface ReferralInfo {
  slug: string;
  path: string;
  reward: number;
  referred: number;
}

/** account/export's answer: an export is being prepared, this far (0-100). */
export interface ExportStatus {
  status: 'running';
  percent: number;
}

export type ModuleName = keyof Modules;

/** Who may call each module: a guest socket, or only a signed-in member (docs/protocol.md).
 *  contract.test.ts holds it to the server's own list (`kesher --dump-protocol`). */
export const MODULE_ACCESS = {
  ping: 'guest',
  'session/validate': 'guest',
  configs: 'guest',
  plugins: 'guest',
  geodata: 'guest',
  languages: 'guest',
  search_location: 'guest',
  'user/update': 'member',
  totals: 'member',
  explore: 'member',
  meet: 'member',
  'meet/popular': 'member',
  spotlight: 'member',
  profile: 'member',
  'user/photos': 'member',
  'user/photos/add': 'member',
  'user/photos/delete': 'member',
  visit: 'member',
  stories: 'member',
  'stories/get': 'member',
  'stories/add': 'member',
  'stories/delete': 'member',
  swipe: 'member',
  'user/mylikes': 'member',
  'user/fans': 'member',
  'user/matches': 'member',
  'user/visitors': 'member',
  'user/fans/seen': 'member',
  'user/visitors/seen': 'member',
  'user/block': 'member',
  'user/unblock': 'member',
  'user/blocked': 'member',
  'user/report': 'member',
  'user/contacts': 'member',
  'user/contacts/unread': 'member',
  'user/contact/get_by_id': 'member',
  messages: 'member',
  'message/read': 'member',
  send_message: 'member',
  gifts: 'member',
  'conversation/archive': 'member',
  'conversation/unarchive': 'member',
  credits_promo: 'guest',
  'payment/initiate': 'member',
  'credits/history': 'member',
  'spinofluck/prizes': 'member',
  'spinofluck/buy_spin': 'member',
  'spinofluck/spin': 'member',
  'boost/buy': 'member',
  'boost/status': 'member',
  'referral/info': 'member',
  typing: 'member',
  'account/export': 'member',
  'account/erase': 'member',
} as const satisfies Record<ModuleName, 'guest' | 'member'>;
export type RequestOf<M extends ModuleName> = Modules[M]['request'];
export type DataOf<M extends ModuleName> = Modules[M]['data'];

/** A direct reply to a request. */
export interface Reply<M extends ModuleName = ModuleName> {
  module: M;
  rid?: string;
  request_status: 0 | 1;
  error_code?: ErrorCode;
  field?: string;
  data?: DataOf<M>;
  request_details?: Record<string, unknown>;
}

/** Events the server sends without being asked. */
export interface ClaimFreeCreditsEvent {
  module: 'claim_free_credits';
  request_status: 1;
  /** reason: why the credits came ("push" for turning notifications on; absent at sign-up). */
  request_details: { claimed: boolean; reason?: string };
  claimed_credits: number;
}
export interface PongEvent {
  module: 'pong';
}
export interface ProtocolErrorEvent {
  module: 'error';
  request_status: 0;
  error_code: ErrorCode;
}
export interface MatchEvent {
  module: 'match';
  data: { user: Person };
}
export interface OnlinesEvent {
  module: 'onlines';
  type: 'online' | 'offline';
  user_id: number;
}
export interface TotalsEvent {
  module: 'totals';
  data: Totals;
}
export interface NewMessageEvent {
  module: 'new_message';
  request_details: ChatMessage;
}
export interface MessageReadEvent {
  module: 'message/read';
  request_details: {
    reader_id: number;
    partner_id: number;
    up_to_id: number;
    unread?: number;
    total_unread?: number;
  };
}
export interface CreditsEvent {
  module: 'credits';
  data: { credits: number };
}
/** Sent to the caller's other sockets after user/photos/add or user/photos/delete. */
export interface PhotosChangedEvent {
  module: 'user/photos/changed';
  data: PhotosDetails;
}
/** Every socket of the member, once the provider's webhook applied a paid order. */
export interface PaymentCompleteEvent {
  module: 'payment/complete';
  data: {
    order_id: string;
    type: PaymentType;
    /** The balance now. */
    credits: number;
    premium_until: number | null;
  };
}
/** A promotion started or ended: the fresh credit packages. */
export interface UpdateCreditDiscountEvent {
  module: 'update_credit_discount';
  data: { credits_packages: CreditPackage[] };
}
/** The provider reported a failed payment (a card that fails after a delay). */
export interface PaymentFailedEvent {
  module: 'payment/failed';
  data: { order_id: string; type: PaymentType };
}
/** `warning` is a staff warning: its `message` is the staff's own text, shown as it is. */
export type NotificationType = 'coins' | 'wheel_credits' | 'freespin' | 'warning';
/** A reward (a wheel prize, coins); the client shows the banner by `type` in the member's
 *  language. */
export interface NotificationEvent {
  module: 'notification';
  type: NotificationType;
  /** Credits won, for coins and wheel_credits. */
  coins?: number;
  /** Spins won, for freespin. */
  spins?: number;
  /** English, for logs only: never shown (but a `warning`'s text, which is shown). */
  message?: string;
  /** The balance now, when given. */
  credits?: number;
  sof_spin_available?: number;
}
/** `user_id` is typing to the caller (a persona's only while an operator types for it): the
 *  client shows it for 5 s after the last one, or until that person's new_message. */
export interface TypingEvent {
  module: 'typing';
  data: { user_id: number };
}
/** The member's export is this far (0-100). */
export interface ExportProgressEvent {
  module: 'account/export/progress';
  data: { percent: number };
}
/** The member's export is ready: a link signed for them, valid until `expires_at`. */
export interface ExportReadyEvent {
  module: 'account/export/ready';
  data: { link: string; expires_at: number };
}
/** The export could not be written. */
export interface ExportFailedEvent {
  module: 'account/export/failed';
  error_code: ErrorCode;
}
export type ServerEvent =
  | ExportProgressEvent
  | ExportReadyEvent
  | ExportFailedEvent
  | PaymentCompleteEvent
  | PaymentFailedEvent
  | UpdateCreditDiscountEvent
  | NotificationEvent
  | ClaimFreeCreditsEvent
  | PongEvent
  | ProtocolErrorEvent
  | MatchEvent
  | OnlinesEvent
  | TotalsEvent
  | NewMessageEvent
  | MessageReadEvent
  | CreditsEvent
  | PhotosChangedEvent
  | TypingEvent;
export type IncomingMessage = Reply | ServerEvent;

/** Any server frame, as the Envelope section of docs/protocol.md describes it. Frames whose
 *  module has no dedicated type above arrive in this shape, with `data` left to the consumer. */
export interface Envelope {
  module: string;
  rid?: string;
  request_status?: 0 | 1;
  error_code?: string;
  field?: string;
  data?: unknown;
  request_details?: Record<string, unknown>;
}
