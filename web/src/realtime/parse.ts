// Turns raw socket frames into typed messages. Everything that crosses the wire is untrusted, so
// each shape is checked before it gets a protocol type; a frame that fails its check is dropped
// (or loses its `data`) instead of reaching the app half-formed.
import { isLanguageCode } from '../i18n/languages';
import {
  ERROR_CODES,
  type ClaimFreeCreditsEvent,
  type CreditPackage,
  type DataOf,
  type Envelope,
  type ErrorCode,
  type IncomingMessage,
  type KeyedOption,
  type ModuleName,
  type PremiumPackage,
  type PriceEntry,
  type Reply,
  type ServerEvent,
  type SiteConfig,
  type Totals,
  type User,
  type Person,
  type PeopleListEntry,
  type LockedListEntry,
  type ReceivedListEntry,
  type BlockedEntry,
  type MatchEvent,
  type OnlinesEvent,
  type ChatMessage,
  type Contact,
  type GiftEntry,
  type MessageGift,
  type MessageType,
  type NewMessageEvent,
  type MessageReadEvent,
  type CreditsEvent,
  type Story,
  type StoryRing,
  type UploadResponse,
  type PhotoEntry,
  type PhotosDetails,
  type PlaceSuggestion,
  type PhotoAddDetails,
  type PhotosChangedEvent,
  type WheelPrize,
  type SpinDetails,
  type SpinResult,
  type PaymentFailedEvent,
  type LedgerEntry,
  type BoostStatusEntry,
  type CreditsPromo,
  type PaymentOrder,
  type PaymentCompleteEvent,
  type UpdateCreditDiscountEvent,
  type NotificationEvent,
  type TypingEvent,
  type ExportProgressEvent,
  type ExportReadyEvent,
  type ExportFailedEvent,
} from './protocol';
import {
  arrayOf,
  isBit,
  isNullableNumber,
  isNullableString,
  isNumber,
  isRecord,
  isString,
  optional,
  type Guard,
} from './guards';

export { isRecord } from './guards';

export function isErrorCode(value: unknown): value is ErrorCode {
  return isString(value) && (ERROR_CODES as readonly string[]).includes(value);
}

export const isPhoto = (v: unknown): v is PhotoEntry =>
  isRecord(v) && isNumber(v.id) && isString(v.photo) && isString(v.thumb);

export const isPlaceSuggestion = (v: unknown): v is PlaceSuggestion =>
  isRecord(v) && isNumber(v.place_id) && isString(v.description);

/** request_details of user/photos/delete, data of user/photos/changed. */
export const isPhotosDetails = (v: unknown): v is PhotosDetails =>
  isRecord(v) && arrayOf(isPhoto)(v.photos);
/** request_details of user/photos/add. */
export const isPhotoAddDetails = (v: unknown): v is PhotoAddDetails =>
  isPhotosDetails(v) && isRecord(v) && isNumber(v.photo_id);

/** Checks the fields the client relies on; the rest of the record is passed through. */
export function isUser(value: unknown): value is User {
  return (
    isRecord(value) &&
    isNumber(value.id) &&
    isString(value.name) &&
    isNumber(value.credits) &&
    isBit(value.premium) &&
    isNullableString(value.photo) &&
    arrayOf(isPhoto)(value.photos) &&
    isLanguageCode(value.language)
  );
}

const isSiteConfig = (v: unknown): v is SiteConfig =>
  isRecord(v) && isString(v.name) && isNumber(v.min_age) && isNumber(v.min_credits_to_send);
const isKeyedOption = (v: unknown): v is KeyedOption =>
  isRecord(v) && isNumber(v.id) && isString(v.key);
const isCurrency = (v: unknown): v is 'ILS' | 'USD' => v === 'ILS' || v === 'USD';
export const isCreditPackage = (v: unknown): v is CreditPackage =>
  isRecord(v) &&
  isNumber(v.id) &&
  isNumber(v.credits) &&
  isNumber(v.price) &&
  isNumber(v.discount) &&
  isBit(v.promo_active) &&
  isNullableNumber(v.promo_ends) &&
  optional(isCurrency)(v.currency) &&
  optional(isNumber)(v.bonus) &&
  optional(isNumber)(v.free_spins);
const isPremiumPackage = (v: unknown): v is PremiumPackage =>
  isRecord(v) &&
  isNumber(v.id) &&
  isNumber(v.months) &&
  isNumber(v.price) &&
  isNumber(v.total) &&
  isNumber(v.saves) &&
  isBit(v.recommended) &&
  optional(isCurrency)(v.currency);
const WHEEL_KINDS: readonly string[] = ['coins', 'freespin', 'nothing'];
export const isWheelPrize = (v: unknown): v is WheelPrize =>
  isRecord(v) &&
  isNumber(v.id) &&
  optional(isNumber)(v.position) &&
  isString(v.kind) &&
  WHEEL_KINDS.includes(v.kind) &&
  isNumber(v.amount) &&
  isNumber(v.odds) &&
  v.odds >= 0 &&
  v.odds <= 1;
const isLedgerEntry = (v: unknown): v is LedgerEntry =>
  isRecord(v) &&
  isNumber(v.id) &&
  isNumber(v.delta) &&
  isString(v.reason) &&
  isNumber(v.time) &&
  isNumber(v.balance) &&
  optional(isString)(v.reference);
const BOOST_KINDS: readonly string[] = ['boost', 'top_search', 'spotlight'];
const isBoostStatusEntry = (v: unknown): v is BoostStatusEntry =>
  isRecord(v) &&
  isString(v.kind) &&
  BOOST_KINDS.includes(v.kind) &&
  isNullableNumber(v.impressions_left) &&
  isNumber(v.ends_at);
const isCreditsPromo = (v: unknown): v is CreditsPromo =>
  isRecord(v) &&
  isBit(v.active) &&
  optional(isNullableNumber)(v.ends) &&
  optional(isNumber)(v.discount);
/** A checkout page is served by this site: a path, never another origin. */
const isPaymentOrder = (v: unknown): v is PaymentOrder =>
  isRecord(v) &&
  isString(v.order_id) &&
  isString(v.redirect_url) &&
  v.redirect_url.startsWith('/') &&
  !v.redirect_url.startsWith('//') &&
  isNumber(v.amount) &&
  isCurrency(v.currency);
const isPriceEntry = (v: unknown): v is PriceEntry =>
  isRecord(v) && isString(v.feature) && isNumber(v.price);
const hasTotal = (v: unknown): v is { total: number } => isRecord(v) && isNumber(v.total);

export const isTotals = (v: unknown): v is Totals =>
  isRecord(v) &&
  hasTotal(v.visitors) &&
  hasTotal(v.mylikes) &&
  hasTotal(v.fans) &&
  hasTotal(v.matches) &&
  isNumber(v.fans_new) &&
  isNumber(v.visits_new);

/** Checks the fields the client relies on; the rest is passed through. */
export const isPerson = (v: unknown): v is Person =>
  isRecord(v) &&
  isNumber(v.id) &&
  isString(v.name) &&
  isNumber(v.age) &&
  isNullableString(v.photo) &&
  isNullableString(v.thumb) &&
  isNullableNumber(v.distance_km) &&
  isBit(v.status) &&
  isBit(v.virtual) &&
  isBit(v.liked) &&
  isBit(v.matched);

const isPeopleListEntry = (v: unknown): v is PeopleListEntry =>
  isRecord(v) &&
  isNumber(v.id) &&
  isString(v.name) &&
  isNullableString(v.photo) &&
  isNumber(v.time) &&
  v.locked === 0;

const isLockedListEntry = (v: unknown): v is LockedListEntry =>
  isRecord(v) && v.locked === 1 && isNullableString(v.photo);

const isReceivedListEntry = (v: unknown): v is ReceivedListEntry =>
  isPeopleListEntry(v) || isLockedListEntry(v);

const isBlockedEntry = (v: unknown): v is BlockedEntry =>
  isRecord(v) && isNumber(v.id) && isString(v.name) && isNullableString(v.photo);

const MESSAGE_TYPES: readonly string[] = ['text', 'gift', 'image', 'pphoto'];
const isMessageType = (v: unknown): v is MessageType => isString(v) && MESSAGE_TYPES.includes(v);

const isMessageGift = (v: unknown): v is MessageGift =>
  isRecord(v) && isNumber(v.id) && isString(v.icon) && isString(v.gift) && isNumber(v.price);

/** Checks the fields the chat relies on; `client_id` may be absent (it is only the sender's). */
export const isChatMessage = (v: unknown): v is ChatMessage =>
  isRecord(v) &&
  isNumber(v.id) &&
  isMessageType(v.type) &&
  isNullableString(v.message) &&
  isNumber(v.sender_id) &&
  isNumber(v.receiver_id) &&
  isNumber(v.timestamp) &&
  isBit(v.seen) &&
  isBit(v.isMe) &&
  optional(isNullableString)(v.client_id) &&
  optional(isNullableString)(v.story) &&
  optional(isNullableNumber)(v.story_id) &&
  optional(isNullableString)(v.body) &&
  optional(isNullableString)(v.avatar) &&
  optional(isNullableNumber)(v.expires_at) &&
  optional(isBit)(v.expired) &&
  optional(isNullableString)(v.thumb) &&
  (v.gift === undefined || v.gift === null || isMessageGift(v.gift));

/** Checks the fields the contacts list relies on; the rest is passed through. */
export const isContact = (v: unknown): v is Contact =>
  isRecord(v) &&
  isNumber(v.id) &&
  isString(v.name) &&
  isNullableString(v.photo) &&
  isString(v.last_m) &&
  isNumber(v.s_id) &&
  isNumber(v.time) &&
  isNumber(v.unread) &&
  isBit(v.status);

const isStory = (v: unknown): v is Story =>
  isRecord(v) &&
  isNumber(v.id) &&
  isNumber(v.story_id) &&
  isNumber(v.user_id) &&
  isString(v.story_photo) &&
  isNumber(v.time) &&
  isNumber(v.expires_at) &&
  isBit(v.mine);

const isStoryRing = (v: unknown): v is StoryRing =>
  isRecord(v) &&
  isNumber(v.story_id) &&
  isNumber(v.user_id) &&
  isString(v.name) &&
  isNullableString(v.photo) &&
  isNullableString(v.thumb) &&
  isNumber(v.count) &&
  isNumber(v.time) &&
  isBit(v.virtual) &&
  isBit(v.mine);

export const isGiftEntry = (v: unknown): v is GiftEntry =>
  isRecord(v) && isNumber(v.id) && isString(v.icon) && isString(v.gift) && isNumber(v.price);

const isMemberMediaLink = (link: string) => link.startsWith('/media/');

/** POST /upload's success body. A media link is a path on this server, never another origin. */
export const isUploadResponse = (
  v: unknown,
  isMediaLink: (link: string) => boolean = isMemberMediaLink,
): v is UploadResponse =>
  isRecord(v) &&
  isString(v.data) &&
  isMediaLink(v.data) &&
  isRecord(v.media) &&
  isString(v.media.id) &&
  isNumber(v.media.width) &&
  isNumber(v.media.height);

/** For modules whose replies carry no data (ping answers with a bare pong). */
function noData(value: unknown): value is never {
  void value;
  return false;
}

type DataGuards = { [M in ModuleName]: Guard<DataOf<M>> };

const DATA_GUARDS: DataGuards = {
  ping: noData,
  'session/validate': (v): v is DataOf<'session/validate'> =>
    isRecord(v) && isBit(v.authenticated) && optional(isUser)(v.user),
  configs: (v): v is DataOf<'configs'> =>
    isRecord(v) &&
    optional(isSiteConfig)(v.site) &&
    optional(arrayOf(isKeyedOption))(v.genders) &&
    optional(arrayOf(isKeyedOption))(v.answers) &&
    optional(arrayOf(isCreditPackage))(v.credits) &&
    optional(arrayOf(isPremiumPackage))(v.premium) &&
    optional(arrayOf(isPriceEntry))(v.prices),
  plugins: (v): v is DataOf<'plugins'> =>
    isRecord(v) &&
    optional(
      (t: unknown): t is { version: string; url: string } =>
        isRecord(t) && isString(t.version) && isString(t.url),
    )(v.terms),
  geodata: (v): v is DataOf<'geodata'> =>
    isRecord(v) && isString(v.country) && isLanguageCode(v.language),
  languages: arrayOf(
    (v): v is DataOf<'languages'>[number] =>
      isRecord(v) && isString(v.name) && isLanguageCode(v.prefix) && typeof v.rtl === 'boolean',
  ),
  search_location: arrayOf(isPlaceSuggestion),
  'user/update': (v): v is DataOf<'user/update'> => isRecord(v) && isUser(v.user),
  totals: isTotals,
  explore: arrayOf(isPerson),
  meet: arrayOf(isPerson),
  'meet/popular': arrayOf(isPerson),
  spotlight: arrayOf(isPerson),
  profile: (v): v is DataOf<'profile'> =>
    isRecord(v) && isPerson(v.user) && arrayOf(isPhoto)(v.photos),
  'user/photos': arrayOf(isPhoto),
  'user/photos/add': noData,
  'user/photos/delete': noData,
  visit: noData,
  stories: arrayOf(isStoryRing),
  'stories/get': arrayOf(isStory),
  'stories/add': isStory,
  'stories/delete': noData,
  swipe: noData,
  'user/mylikes': arrayOf(isPeopleListEntry),
  'user/fans': arrayOf(isReceivedListEntry),
  'user/matches': arrayOf(isPeopleListEntry),
  'user/visitors': arrayOf(isReceivedListEntry),
  'user/fans/seen': noData,
  'user/visitors/seen': noData,
  'user/block': noData,
  'user/unblock': noData,
  'user/blocked': arrayOf(isBlockedEntry),
  'user/report': noData,
  'user/contacts': arrayOf(isContact),
  'user/contacts/unread': arrayOf(hasTotal),
  'user/contact/get_by_id': isContact,
  messages: arrayOf(isChatMessage),
  'message/read': noData,
  send_message: isChatMessage,
  gifts: arrayOf(isGiftEntry),
  'conversation/archive': noData,
  'conversation/unarchive': noData,
  credits_promo: isCreditsPromo,
  'payment/initiate': isPaymentOrder,
  'credits/history': arrayOf(isLedgerEntry),
  'spinofluck/prizes': arrayOf(isWheelPrize),
  'spinofluck/buy_spin': noData,
  'spinofluck/spin': (v): v is SpinResult =>
    isRecord(v) &&
    isNumber(v.id) &&
    (v.type === 'spin' || v.type === 'coins' || v.type === 'nothing') &&
    optional(isNumber)(v.value),
  'boost/buy': isBoostStatusEntry,
  'boost/status': arrayOf(isBoostStatusEntry),
  typing: isRecord,
  'account/export': (v): v is DataOf<'account/export'> =>
    isRecord(v) && v.status === 'running' && isNumber(v.percent),
  'account/erase': (v): v is DataOf<'account/erase'> =>
    isRecord(v) && typeof v.erased === 'boolean',
  'referral/info': (v): v is DataOf<'referral/info'> =>
    isRecord(v) &&
    typeof v.slug === 'string' &&
    typeof v.path === 'string' &&
    v.path === `/ref/${v.slug}` &&
    isNumber(v.reward) &&
    isNumber(v.referred),
};

export function isModuleName(value: string): value is ModuleName {
  return Object.hasOwn(DATA_GUARDS, value);
}

function buildReply<M extends ModuleName>(module: M, raw: Record<string, unknown>): Reply<M> {
  const errorCode = isErrorCode(raw.error_code) ? raw.error_code : undefined;
  // Events the server pushes for a request-style module may omit request_status.
  const status: 0 | 1 = isBit(raw.request_status) ? raw.request_status : errorCode ? 0 : 1;
  const reply: Reply<M> = { module, request_status: status };
  if (isString(raw.rid)) reply.rid = raw.rid;
  if (errorCode) reply.error_code = errorCode;
  if (isString(raw.field)) reply.field = raw.field;
  if (isRecord(raw.request_details)) reply.request_details = raw.request_details;
  if (raw.data !== undefined) {
    const guard: Guard<DataOf<M>> = DATA_GUARDS[module];
    if (guard(raw.data)) reply.data = raw.data;
    else console.warn(`realtime: dropped malformed data of ${module}`);
  }
  return reply;
}

function buildEvent(module: string, raw: Record<string, unknown>): ServerEvent | null {
  switch (module) {
    case 'pong':
      return { module: 'pong' };
    case 'error':
      return isErrorCode(raw.error_code)
        ? { module: 'error', request_status: 0, error_code: raw.error_code }
        : null;
    case 'claim_free_credits': {
      const details = raw.request_details;
      if (!isNumber(raw.claimed_credits)) return null;
      const event: ClaimFreeCreditsEvent = {
        module: 'claim_free_credits',
        request_status: 1,
        request_details: {
          claimed: isRecord(details) && typeof details.claimed === 'boolean' && details.claimed,
          ...(isRecord(details) && typeof details.reason === 'string'
            ? { reason: details.reason }
            : {}),
        },
        claimed_credits: raw.claimed_credits,
      };
      return event;
    }
    case 'match': {
      if (!isRecord(raw.data) || !isPerson(raw.data.user)) return null;
      const event: MatchEvent = { module: 'match', data: { user: raw.data.user } };
      return event;
    }
    case 'onlines': {
      if ((raw.type !== 'online' && raw.type !== 'offline') || !isNumber(raw.user_id)) return null;
      const event: OnlinesEvent = { module: 'onlines', type: raw.type, user_id: raw.user_id };
      return event;
    }
    case 'new_message': {
      if (!isChatMessage(raw.request_details)) return null;
      const event: NewMessageEvent = {
        module: 'new_message',
        request_details: raw.request_details,
      };
      return event;
    }
    case 'message/read': {
      const d = raw.request_details;
      if (!isRecord(d) || !isNumber(d.reader_id) || !isNumber(d.partner_id)) return null;
      if (!isNumber(d.up_to_id)) return null;
      const details: MessageReadEvent['request_details'] = {
        reader_id: d.reader_id,
        partner_id: d.partner_id,
        up_to_id: d.up_to_id,
      };
      if (isNumber(d.unread)) details.unread = d.unread;
      if (isNumber(d.total_unread)) details.total_unread = d.total_unread;
      const event: MessageReadEvent = { module: 'message/read', request_details: details };
      return event;
    }
    case 'user/photos/changed': {
      if (!isRecord(raw.data) || !isPhotosDetails(raw.data)) return null;
      const event: PhotosChangedEvent = {
        module: 'user/photos/changed',
        data: { photos: raw.data.photos },
      };
      return event;
    }
    case 'credits': {
      if (!isRecord(raw.data) || !isNumber(raw.data.credits)) return null;
      const event: CreditsEvent = { module: 'credits', data: { credits: raw.data.credits } };
      return event;
    }
    case 'payment/complete': {
      const d = raw.data;
      if (!isRecord(d) || !isString(d.order_id) || !isNumber(d.credits)) return null;
      if (d.type !== 'buy-credits' && d.type !== 'premium') return null;
      const event: PaymentCompleteEvent = {
        module: 'payment/complete',
        data: {
          order_id: d.order_id,
          type: d.type,
          credits: d.credits,
          premium_until: isNumber(d.premium_until) ? d.premium_until : null,
        },
      };
      return event;
    }
    case 'payment/failed': {
      const d = raw.data;
      if (!isRecord(d) || !isString(d.order_id)) return null;
      if (d.type !== 'buy-credits' && d.type !== 'premium') return null;
      const event: PaymentFailedEvent = {
        module: 'payment/failed',
        data: { order_id: d.order_id, type: d.type },
      };
      return event;
    }
    case 'update_credit_discount': {
      const d = raw.data;
      if (!isRecord(d) || !arrayOf(isCreditPackage)(d.credits_packages)) return null;
      const event: UpdateCreditDiscountEvent = {
        module: 'update_credit_discount',
        data: { credits_packages: d.credits_packages },
      };
      return event;
    }
    case 'typing': {
      if (!isRecord(raw.data) || !isNumber(raw.data.user_id)) return null;
      const event: TypingEvent = { module: 'typing', data: { user_id: raw.data.user_id } };
      return event;
    }
    case 'notification': {
      const type = raw.type;
      if (
        type !== 'coins' &&
        type !== 'wheel_credits' &&
        type !== 'freespin' &&
        type !== 'warning'
      ) {
        return null;
      }
      const event: NotificationEvent = { module: 'notification', type };
      // The fields may sit on the frame or under data.
      const d = isRecord(raw.data) ? { ...raw, ...raw.data } : raw;
      if (isNumber(d.coins)) event.coins = d.coins;
      else if (isNumber(d.amount)) event.coins = d.amount;
      if (isNumber(d.spins)) event.spins = d.spins;
      if (isString(d.message)) event.message = d.message;
      if (isNumber(d.credits)) event.credits = d.credits;
      if (isNumber(d.sof_spin_available)) event.sof_spin_available = d.sof_spin_available;
      return event;
    }
    case 'account/export/progress': {
      if (!isRecord(raw.data) || !isNumber(raw.data.percent)) return null;
      const percent = Math.min(100, Math.max(0, Math.round(raw.data.percent)));
      const event: ExportProgressEvent = { module: 'account/export/progress', data: { percent } };
      return event;
    }
    case 'account/export/ready': {
      const d = raw.data;
      if (!isRecord(d) || !isString(d.link) || !isNumber(d.expires_at)) return null;
      // Only a download of this site's own export path is ever offered.
      if (!d.link.startsWith('/api/account/export/')) return null;
      const event: ExportReadyEvent = {
        module: 'account/export/ready',
        data: { link: d.link, expires_at: d.expires_at },
      };
      return event;
    }
    case 'account/export/failed': {
      const event: ExportFailedEvent = {
        module: 'account/export/failed',
        error_code: isErrorCode(raw.error_code) ? raw.error_code : 'internal_error',
      };
      return event;
    }
    default:
      return null;
  }
}

function buildEnvelope(module: string, raw: Record<string, unknown>): Envelope {
  const envelope: Envelope = { module };
  if (isString(raw.rid)) envelope.rid = raw.rid;
  if (isBit(raw.request_status)) envelope.request_status = raw.request_status;
  if (isString(raw.error_code)) envelope.error_code = raw.error_code;
  if (isString(raw.field)) envelope.field = raw.field;
  if ('data' in raw) envelope.data = raw.data;
  if (isRecord(raw.request_details)) envelope.request_details = raw.request_details;
  return envelope;
}

const SERVER_EVENTS: ReadonlySet<string> = new Set([
  'pong',
  'error',
  'claim_free_credits',
  'match',
  'onlines',
  'new_message',
  'message/read',
  'credits',
  'user/photos/changed',
  'payment/complete',
  'payment/failed',
  'update_credit_discount',
  'notification',
  'typing',
  'account/export/progress',
  'account/export/ready',
  'account/export/failed',
]);

/** Parses one text frame; null means the frame is not something the client can use. */
export function parseFrame(text: unknown): IncomingMessage | Envelope | null {
  if (!isString(text)) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(raw) || !isString(raw.module)) return null;
  const module = raw.module;
  // message/read and typing are both a request and an event: a frame with a rid is the reply to a
  // request (events nobody asked for carry none).
  const isReply = isModuleName(module) && isString(raw.rid);
  if (SERVER_EVENTS.has(module) && !isReply) return buildEvent(module, raw);
  if (isModuleName(module)) return buildReply(module, raw);
  return buildEnvelope(module, raw);
}

/** request_details of spinofluck/buy_spin and spinofluck/spin (the prize only with spin). */
export function spinDetailsOf(details: unknown): SpinDetails | null {
  if (!isRecord(details) || !isNumber(details.credits) || !isNumber(details.sof_spin_available)) {
    return null;
  }
  const out: SpinDetails = {
    credits: details.credits,
    sof_spin_available: details.sof_spin_available,
  };
  if (isWheelPrize(details.prize)) out.prize = details.prize;
  return out;
}
