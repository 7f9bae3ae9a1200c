// What the chat does (spec §4 "New message", "Opening a chat…", §5, §8): loads lists and
// conversations, sends and reconciles messages, and applies the server's chat events. It talks to
// the socket through api.ts, keeps state in its own chat store, and reaches the rest of the app
// through the app store (unread total, credits, credits modal), the profile modal and the
// notification banner.
import type { StoreApi } from 'zustand';
import { ApiError } from '../../app/apiError';
import { HIDDEN_TAB_LOADER_DELAY_MS, REFRESH_DEBOUNCE_MS } from '../../app/constants';
import { useAppStore, type CreditsNeed } from '../../app/store';
import { i18next } from '../../i18n';
import type {
  ChatMessage,
  Contact,
  GiftEntry,
  MessageReadEvent,
  OnlinesEvent,
  Reply,
  SendMessageRequest,
} from '../../realtime/protocol';
import { nowSeconds } from '../../ui/relativeTime';
import { uploadErrorKey } from '../media/upload';
import { detailNumber } from '../people/api';
import { showBanner } from '../notify/banner';
import { playSound } from '../notify/sounds';
import { usePeopleStore, useProfileModal } from '../people/store';
import { closeStoryViewer } from '../stories/viewerStore';
import {
  fetchContact,
  fetchContacts,
  fetchGifts,
  fetchMessages,
  fetchUnreadTotal,
  markRead,
  sendMessage,
  sendTyping,
  setArchived,
  subscribeChatEvents,
} from './api';
import { draftKey, restoreDraft } from './drafts';
import {
  addProvisional,
  canAfford,
  chatPath,
  CONTACTS_PAGE,
  cutPreview,
  GIFTS_PAGE,
  hasMessage,
  imagePrice,
  isPicture,
  lowerUnread,
  makeClientId,
  markIncomingSeen,
  markMineSeen,
  MESSAGES_PAGE,
  minCreditsToSend,
  oldestId,
  partnerOf,
  previewOf,
  provisionalMessage,
  reconcile,
  removeByClientId,
  sendableText,
  setPendingState,
  setUploaded,
  setUploadProgress,
  textPrice,
  unreadAfterMessage,
  unsentClientIds,
  unseenIncomingIds,
  withLastMessage,
  type LocalMessage,
  type Outgoing,
} from './rules';
import {
  conversationOf,
  createChatStore,
  findContact,
  type ChatState,
  type Conversation,
  type ListKind,
} from './store';
import { TypingIndicators, TypingSender } from './typing';

const app = () => useAppStore.getState();

/** An uploaded picture, as media/upload.ts answers it. */
export interface UploadedLink {
  link: string;
}

/** POST /upload (media/upload.ts): rejects with an error carrying the server's `code`, or with an
 *  AbortError when the signal cancels it. */
export type Uploader = (
  file: File,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
) => Promise<UploadedLink>;

/** What the chat needs from media/upload.ts (ChatRuntime passes it; tests pass their own). */
export interface ChatServiceOptions {
  upload: Uploader;
  /** Whether the browser can draw `file` itself (a HEIC it often cannot). */
  canPreview: (file: File) => boolean;
}

/** Upload refusals that the same file would meet again: the bubble goes and a notice says why
 *  (spec §8). Anything else (no answer, busy) leaves it failed, with a retry. */
const UPLOAD_REFUSALS: ReadonlySet<string> = new Set([
  'invalid_file_type',
  'invalid_image',
  'image_too_large',
  'missing_file',
  'payload_too_large',
  'unsupported_media_type',
]);

/** The error code an upload rejected with: the server's, or `network` when it was never reached
 *  (media/upload.ts rejects with an ApiError). */
export function uploadErrorCode(error: unknown): string {
  if (!(error instanceof ApiError)) return 'network';
  return error.network ? 'network' : error.code;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** How a send ended, for a screen that waits for it (the story viewer's reply). */
export type SendResult = 'sent' | 'not_sent' | 'not_enough_credits' | 'failed';

/**
 * The chat of one signed-in member: created once per session (ChatRuntime), reached by the
 * screens through useChat(). It owns the chat's state (its own store) and everything that must
 * not outlive the session: request generations, debounce timers, the ids of messages already
 * applied and the messages held while their contact loads.
 */
export class ChatService {
  readonly store: StoreApi<ChatState> = createChatStore();

  private navigateTo: (to: string) => void = () => undefined;
  private readonly listGeneration: Record<ListKind, number> = { contacts: 0, archived: 0 };
  private readonly listInflight: Record<ListKind, boolean> = { contacts: false, archived: false };
  private unreadTimer: ReturnType<typeof setTimeout> | null = null;
  private refreshTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly contactRequests = new Map<number, Promise<Contact | 'not_found' | null>>();
  private giftsInflight = false;
  /** Message ids already applied, so a repeated event changes nothing (spec §4: duplicates). */
  private readonly handled = new Set<number>();
  /** Messages from someone the client doesn't know yet, held while their contact loads. */
  private readonly held = new Map<number, ChatMessage[]>();
  /** The files of images not uploaded yet (a retry uploads them again), by client_id, with the
   *  object URL of their local preview and the controller that cancels their upload. */
  private readonly pictures = new Map<
    string,
    { file: File; preview: string | null; upload: AbortController | null }
  >();
  private readonly upload: Uploader;
  private readonly canPreview: (file: File) => boolean;
  /** Tells partners that the member is typing; a notice that can't go now is not worth queuing. */
  private readonly typingSender = new TypingSender((partnerId) => {
    if (app().connection === 'live') sendTyping(partnerId);
  });
  /** Who is typing to the member, into the store. */
  private readonly typingIndicators = new TypingIndicators((ids) => this.chat.setTyping(ids));

  constructor(options: ChatServiceOptions) {
    this.upload = options.upload;
    this.canPreview = options.canPreview;
  }

  private get chat(): ChatState {
    return this.store.getState();
  }

  private myId(): number | null {
    return app().user?.id ?? null;
  }

  /** The router's navigate, for banners that open a chat. */
  setNavigator(navigate: (to: string) => void): void {
    this.navigateTo = navigate;
  }

  conversationOf(partnerId: number): Conversation {
    return conversationOf(this.chat, partnerId);
  }

  /**
   * Runs the chat for a signed-in member: loads the contacts and the unread total, applies the
   * chat events, refreshes after a reconnect or a return to the tab. Returns what stops it and
   * forgets its state (sign-out, the screen unmounted).
   */
  start(): () => void {
    // Spec §4: on authentication, contacts and the unread total.
    void this.loadList('contacts');
    void this.refreshUnreadNow();
    const unsubscribe = subscribeChatEvents({
      // A reconnect validates again: then contacts, unread and the open chat are read anew, and
      // messages left unsent by the lost connection go again with their own client_id.
      reauthenticated: () => {
        this.refreshAll();
        this.resendUnsent();
      },
      lateSendReply: (reply) => this.handleSendReply(reply),
      newMessage: (message) => this.handleNewMessage(message),
      read: (details) => this.handleRead(details),
      credits: (credits) => this.handleCredits(credits),
      presence: (event) => this.handlePresence(event),
      typing: (userId) => this.handleTyping(userId),
    });

    // Spec §4: a hidden tab shows loaders after 3 s; coming back reloads the chat and contacts.
    let hiddenTimer: ReturnType<typeof setTimeout> | null = null;
    const onVisibility = () => {
      if (hiddenTimer !== null) clearTimeout(hiddenTimer);
      hiddenTimer = null;
      if (document.visibilityState === 'hidden') {
        hiddenTimer = setTimeout(() => {
          hiddenTimer = null;
          if (this.chat.openPartnerId !== null) this.chat.setStale(true);
        }, HIDDEN_TAB_LOADER_DELAY_MS);
      } else {
        this.refreshAll();
      }
    };
    document.addEventListener('visibilitychange', onVisibility);

    return () => {
      unsubscribe();
      document.removeEventListener('visibilitychange', onVisibility);
      if (hiddenTimer !== null) clearTimeout(hiddenTimer);
      this.reset();
    };
  }

  private isBlocked(userId: number): boolean {
    return usePeopleStore.getState().hiddenIds.includes(userId);
  }

  private isOpen(partnerId: number): boolean {
    return this.chat.openPartnerId === partnerId;
  }

  private setUnreadTotal(total: number): void {
    app().setUnreadTotal(Math.max(0, total));
  }

  private setCredits(credits: number): void {
    const user = app().user;
    if (user && user.credits !== credits) app().setUser({ ...user, credits });
  }

  // ---- lists ----

  /** Loads the first page of a list again (on authentication, reconnect, return to the tab). */
  async loadList(kind: ListKind = 'contacts'): Promise<void> {
    const gen = ++this.listGeneration[kind];
    this.listInflight[kind] = true;
    if (this.chat.lists[kind].state !== 'ready') this.chat.patchList(kind, { state: 'loading' });
    const page = await fetchContacts(0, kind === 'archived');
    if (gen !== this.listGeneration[kind]) return;
    this.listInflight[kind] = false;
    if (page === null) {
      if (this.chat.lists[kind].state !== 'ready') this.chat.patchList(kind, { state: 'failed' });
      return;
    }
    this.chat.applyPage(kind, 0, page, page.length < CONTACTS_PAGE);
  }

  /** The next page of 10 (spec §9), when the list is scrolled to its bottom. */
  async loadMore(kind: ListKind = 'contacts'): Promise<void> {
    const list = this.chat.lists[kind];
    if (this.listInflight[kind] || list.ended || list.state !== 'ready') return;
    const gen = this.listGeneration[kind];
    this.listInflight[kind] = true;
    this.chat.patchList(kind, { loadingMore: true });
    const offset = list.items.length;
    const page = await fetchContacts(offset, kind === 'archived');
    if (gen !== this.listGeneration[kind]) return;
    this.listInflight[kind] = false;
    this.chat.patchList(kind, { loadingMore: false });
    if (page !== null) this.chat.applyPage(kind, offset, page, page.length < CONTACTS_PAGE);
  }

  /** `user/contacts/unread` into the app store's unread total (the tab bar badge). */
  async refreshUnreadNow(): Promise<void> {
    const total = await fetchUnreadTotal();
    if (total !== null) this.setUnreadTotal(total);
  }

  /** The unread total again, once a burst of events has passed (spec §9: refreshes debounced). */
  refreshUnread(): void {
    if (this.unreadTimer !== null) clearTimeout(this.unreadTimer);
    this.unreadTimer = setTimeout(() => {
      this.unreadTimer = null;
      void this.refreshUnreadNow();
    }, REFRESH_DEBOUNCE_MS);
  }

  /** Contacts, unread total and the open chat again (reconnect, the tab visible again). */
  refreshAll(delay: number = REFRESH_DEBOUNCE_MS): void {
    if (this.refreshTimer !== null) clearTimeout(this.refreshTimer);
    this.refreshTimer = setTimeout(() => {
      this.refreshTimer = null;
      void this.loadList('contacts');
      void this.refreshUnreadNow();
      const open = this.chat.openPartnerId;
      if (open !== null) void this.loadConversation(open);
      else this.chat.setStale(false);
    }, delay);
  }

  /** Forgets timers and state; replies still on their way change nothing. */
  private reset(): void {
    for (const timer of [this.unreadTimer, this.refreshTimer]) {
      if (timer !== null) clearTimeout(timer);
    }
    this.unreadTimer = null;
    this.refreshTimer = null;
    this.listGeneration.contacts += 1;
    this.listGeneration.archived += 1;
    this.listInflight.contacts = false;
    this.listInflight.archived = false;
    this.handled.clear();
    this.held.clear();
    this.typingSender.reset();
    this.typingIndicators.reset();
    for (const clientId of [...this.pictures.keys()]) this.forgetPicture(clientId);
    this.chat.reset();
  }

  // ---- one conversation ----

  /** The contact of a chat that is not in a list yet (opened from a profile), fetched once. */
  ensureContact(partnerId: number): Promise<Contact | 'not_found' | null> {
    const known = findContact(this.chat, partnerId);
    if (known) return Promise.resolve(known);
    const running = this.contactRequests.get(partnerId);
    if (running) return running;
    const request = fetchContact(partnerId).then((outcome) => {
      this.contactRequests.delete(partnerId);
      if (outcome?.kind === 'ok') {
        this.chat.remember(outcome.contact);
        return outcome.contact;
      }
      return outcome?.kind ?? null;
    });
    this.contactRequests.set(partnerId, request);
    return request;
  }

  /** Spec §4: opening a chat loads its newest 20 messages, then marks the unseen incoming read. */
  async loadConversation(partnerId: number): Promise<void> {
    const before = this.conversationOf(partnerId);
    if (before.state !== 'ready') this.chat.setConversation(partnerId, { state: 'loading' });
    const outcome = await fetchMessages(partnerId);
    if (outcome.kind !== 'ok') {
      if (this.conversationOf(partnerId).state !== 'ready') {
        this.chat.setConversation(partnerId, { state: 'failed' });
      }
      this.chat.setStale(false);
      return;
    }
    this.chat.replaceMessages(partnerId, outcome.messages);
    this.chat.setConversation(partnerId, {
      state: 'ready',
      olderLoading: false,
      olderEnded: outcome.messages.length < MESSAGES_PAGE,
    });
    this.chat.setStale(false);
    if (this.isOpen(partnerId)) await this.markConversationRead(partnerId);
  }

  /** message/read for what is unseen, and the unread counts lowered at once. */
  async markConversationRead(partnerId: number): Promise<void> {
    const me = this.myId();
    if (me === null) return;
    const contact = findContact(this.chat, partnerId);
    if (contact && contact.unread > 0) {
      this.setUnreadTotal(lowerUnread(app().unreadTotal, contact.unread));
      this.chat.patchContact(partnerId, { unread: 0 });
    }
    const ids = unseenIncomingIds(this.conversationOf(partnerId).messages, me);
    const upTo = ids.at(-1);
    if (upTo === undefined) return;
    this.chat.updateMessages(partnerId, (list) => markIncomingSeen(list, me, upTo));
    const total = await markRead(ids);
    if (total !== null) this.setUnreadTotal(total);
  }

  /** Older messages above the loaded ones (`before_id` paging); resolves when they are in. */
  async loadOlder(partnerId: number): Promise<boolean> {
    const conversation = this.conversationOf(partnerId);
    if (conversation.state !== 'ready' || conversation.olderLoading || conversation.olderEnded) {
      return false;
    }
    const before = oldestId(conversation.messages);
    if (before === null) {
      this.chat.setConversation(partnerId, { olderEnded: true });
      return false;
    }
    this.chat.setConversation(partnerId, { olderLoading: true });
    const outcome = await fetchMessages(partnerId, before);
    if (outcome.kind !== 'ok') {
      this.chat.setConversation(partnerId, { olderLoading: false });
      return false;
    }
    this.chat.addMessages(partnerId, outcome.messages);
    this.chat.setConversation(partnerId, {
      olderLoading: false,
      olderEnded: outcome.messages.length < MESSAGES_PAGE,
    });
    return outcome.messages.length > 0;
  }

  /** The chat pane reports that it shows `partnerId` (null when it closes). */
  setOpenChat(partnerId: number | null): void {
    this.chat.setOpenPartner(partnerId);
  }

  // ---- sending ----

  /** What a send needs: its price and the least balance that may send it (spec §5). */
  private needOf(outgoing: Outgoing, giftPrice: number, required?: number | null): CreditsNeed {
    const { configs } = app();
    const price =
      outgoing.type === 'text'
        ? textPrice(configs)
        : outgoing.type === 'gift'
          ? giftPrice
          : imagePrice(configs);
    const kind: CreditsNeed['kind'] =
      outgoing.type === 'text'
        ? outgoing.storyId !== undefined
          ? 'story'
          : 'text'
        : outgoing.type === 'gift'
          ? 'gift'
          : 'image';
    return { kind, price, required: required ?? Math.max(minCreditsToSend(configs), price) };
  }

  /** Spec §5: at least 50 credits (and a gift's price); otherwise the story viewer closes and the
   *  credits modal opens and says why. */
  private ensureCredits(outgoing: Outgoing, giftPrice = 0): boolean {
    const { user, configs } = app();
    if (canAfford(user?.credits ?? 0, minCreditsToSend(configs), giftPrice)) return true;
    closeStoryViewer();
    app().setCreditsModalOpen(true, this.needOf(outgoing, giftPrice));
    return false;
  }

  /** The paid-send notice: in the chat it was sent from (above the composer, clear of the header),
   *  or as a banner when that chat is no longer on screen. */
  private announceSpent(partnerId: number, amount: number): void {
    playSound('credit_spent');
    if (this.isOpen(partnerId)) {
      this.chat.showSpent(partnerId, amount);
      return;
    }
    showBanner({ type: 'credits', message: i18next.t('chat.creditsSpent', { count: amount }) });
  }

  /** The contact's last message after a send or an event; fetched when the client lacks it. */
  private showOnContact(partnerId: number, message: ChatMessage, me: number): void {
    const contact = findContact(this.chat, partnerId);
    if (contact) {
      this.chat.putOnTop(withLastMessage(contact, message, me, this.isOpen(partnerId)));
      return;
    }
    void this.ensureContact(partnerId).then((fetched) => {
      if (fetched && fetched !== 'not_found') this.chat.putOnTop(fetched);
    });
  }

  /** Shows a new provisional message of mine: `picture` is what an image or a profile photo shows
   *  meanwhile, `story` the picture of the story a text replies to. */
  private addPending(
    partnerId: number,
    outgoing: Outgoing,
    clientId: string,
    gift: ChatMessage['gift'],
    picture: string | null = null,
    story: string | null = null,
  ): boolean {
    const me = this.myId();
    if (me === null) return false;
    const message = provisionalMessage(
      clientId,
      outgoing,
      me,
      partnerId,
      nowSeconds(),
      gift,
      picture,
    );
    this.chat.updateMessages(partnerId, (list) => addProvisional(list, { ...message, story }));
    return true;
  }

  /** The send_message request of an outgoing message. */
  private requestOf(
    partnerId: number,
    me: number,
    outgoing: Outgoing,
    clientId: string,
  ): SendMessageRequest {
    const request: SendMessageRequest = {
      client_id: clientId,
      sender_id: me,
      receiver_id: partnerId,
      message_type: outgoing.type,
    };
    switch (outgoing.type) {
      case 'text':
        request.message_text = outgoing.text;
        if (outgoing.storyId !== undefined) {
          request.story = 1;
          request.story_id = outgoing.storyId;
        }
        break;
      case 'gift':
        request.gift_id = outgoing.giftId;
        break;
      case 'image':
        request.message_text = outgoing.link ?? '';
        break;
      case 'pphoto':
        request.photo_id = outgoing.photoId;
        break;
    }
    return request;
  }

  /** Sends the provisional message `clientId` (already on screen) and applies the answer. */
  private async dispatch(
    partnerId: number,
    outgoing: Outgoing,
    clientId: string,
    gift: ChatMessage['gift'],
  ): Promise<SendResult> {
    const me = this.myId();
    if (me === null) return 'not_sent';
    this.chat.updateMessages(partnerId, (list) => setPendingState(list, clientId, 'sending'));
    const outcome = await sendMessage(this.requestOf(partnerId, me, outgoing, clientId));
    if (outcome.kind === 'ok') {
      this.handled.add(outcome.message.id);
      this.chat.updateMessages(partnerId, (list) => reconcile(list, outcome.message));
      this.forgetPicture(clientId);
      if (outcome.credits !== null) this.setCredits(outcome.credits);
      this.showOnContact(partnerId, outcome.message, me);
      // A replayed send (the same client_id again) charged nothing.
      if (!outcome.replayed && outcome.creditsSpent > 0) {
        this.announceSpent(partnerId, outcome.creditsSpent);
      }
      return 'sent';
    }
    if (outcome.kind === 'not_enough_credits') {
      // Spec §8: remove the provisional message, close the story viewer and the profile modal,
      // open the credits modal. A chat text goes back to the composer, unsent.
      this.chat.updateMessages(partnerId, (list) => removeByClientId(list, clientId));
      this.forgetPicture(clientId);
      if (outgoing.type === 'text' && outgoing.storyId === undefined) {
        restoreDraft(draftKey(me, partnerId), outgoing.text);
      }
      if (outcome.credits !== null) this.setCredits(outcome.credits);
      closeStoryViewer();
      useProfileModal.getState().close();
      app().setCreditsModalOpen(true, this.needOf(outgoing, gift?.price ?? 0, outcome.required));
      return 'not_enough_credits';
    }
    this.chat.updateMessages(partnerId, (list) =>
      setPendingState(list, clientId, 'failed', outcome.code ?? 'network'),
    );
    return 'failed';
  }

  /** The composer's draft for `partnerId` changed: the partner may be told that I am typing. */
  draftChanged(partnerId: number, text: string): void {
    if (partnerId === this.myId()) return;
    this.typingSender.draftChanged(partnerId, text);
  }

  /** Sends a text; false when nothing was sent (empty, or too few credits). */
  sendText(partnerId: number, text: string): boolean {
    const body = sendableText(text);
    if (body === null) return false;
    this.typingSender.stop(partnerId);
    const outgoing: Outgoing = { type: 'text', text: body };
    if (!this.ensureCredits(outgoing)) return false;
    const clientId = makeClientId();
    if (!this.addPending(partnerId, outgoing, clientId, null)) return false;
    void this.dispatch(partnerId, outgoing, clientId, null);
    return true;
  }

  /**
   * Replies to `storyId`, a live story of `partnerId`'s (spec §4: only others' stories, never
   * empty; it costs like a text). The reply joins the conversation like any text of mine, with the
   * story's picture. Resolves when the server has answered.
   */
  async sendStoryReply(
    partnerId: number,
    storyId: number,
    text: string,
    storyPicture: string | null,
  ): Promise<SendResult> {
    const body = sendableText(text);
    if (body === null || partnerId === this.myId()) return 'not_sent';
    const outgoing: Outgoing = { type: 'text', text: body, storyId };
    if (!this.ensureCredits(outgoing)) return 'not_enough_credits';
    const clientId = makeClientId();
    if (!this.addPending(partnerId, outgoing, clientId, null, null, storyPicture)) {
      return 'not_sent';
    }
    return this.dispatch(partnerId, outgoing, clientId, null);
  }

  /** Sends a gift; false when the balance is below max(50, its price). */
  sendGift(partnerId: number, gift: GiftEntry): boolean {
    const outgoing: Outgoing = { type: 'gift', giftId: gift.id };
    if (!this.ensureCredits(outgoing, gift.price)) return false;
    const language = app().language;
    const shown = {
      id: gift.id,
      icon: gift.icon,
      gift: gift.names[language] ?? gift.gift,
      price: gift.price,
    };
    const clientId = makeClientId();
    if (!this.addPending(partnerId, outgoing, clientId, shown)) return false;
    void this.dispatch(partnerId, outgoing, clientId, shown);
    return true;
  }

  /** Sends one of my own profile photos (`photo` is what the bubble shows meanwhile). */
  sendProfilePhoto(partnerId: number, photoId: number, photo: string | null): boolean {
    const outgoing: Outgoing = { type: 'pphoto', photoId };
    if (!this.ensureCredits(outgoing)) return false;
    const clientId = makeClientId();
    if (!this.addPending(partnerId, outgoing, clientId, null, photo)) return false;
    void this.dispatch(partnerId, outgoing, clientId, null);
    return true;
  }

  /**
   * Sends a picture from the device: a provisional bubble at once (the browser's own preview, or a
   * placeholder for a HEIC), the upload's progress inside it, then send_message with the link.
   * False when nothing was started (too few credits: the credits modal opens before any upload).
   */
  sendImage(partnerId: number, file: File): boolean {
    const outgoing: Outgoing = { type: 'image', link: null };
    if (!this.ensureCredits(outgoing)) return false;
    const clientId = makeClientId();
    const preview = this.canPreview(file) ? URL.createObjectURL(file) : null;
    this.pictures.set(clientId, { file, preview, upload: null });
    if (!this.addPending(partnerId, outgoing, clientId, null, preview)) {
      this.forgetPicture(clientId);
      return false;
    }
    void this.uploadAndSend(partnerId, clientId);
    return true;
  }

  /** Whether a picture of mine is going up in this chat (one upload at a time, spec §5). */
  isUploading(partnerId: number): boolean {
    return this.conversationOf(partnerId).messages.some((m) => m.pending?.state === 'uploading');
  }

  /** Cancels an image that is going up, or one that failed: its bubble goes. */
  cancelImage(partnerId: number, clientId: string): void {
    this.chat.updateMessages(partnerId, (list) => removeByClientId(list, clientId));
    this.forgetPicture(clientId);
  }

  private forgetPicture(clientId: string): void {
    const picture = this.pictures.get(clientId);
    if (!picture) return;
    this.pictures.delete(clientId);
    picture.upload?.abort();
    if (picture.preview) URL.revokeObjectURL(picture.preview);
  }

  private async uploadAndSend(partnerId: number, clientId: string): Promise<void> {
    const picture = this.pictures.get(clientId);
    if (!picture) return;
    const controller = new AbortController();
    picture.upload = controller;
    this.chat.updateMessages(partnerId, (list) =>
      setUploadProgress(setPendingState(list, clientId, 'uploading'), clientId, 0),
    );
    let link: string;
    try {
      ({ link } = await this.upload(
        picture.file,
        (fraction) =>
          this.chat.updateMessages(partnerId, (list) =>
            setUploadProgress(list, clientId, fraction),
          ),
        controller.signal,
      ));
    } catch (error) {
      // Cancelled, or the session ended meanwhile: nothing is left to update.
      if (isAbort(error) || this.pictures.get(clientId) !== picture) return;
      picture.upload = null;
      const code = uploadErrorCode(error);
      if (UPLOAD_REFUSALS.has(code)) {
        // Spec §8: a refused upload says why in a notice; the same file would fail again.
        this.cancelImage(partnerId, clientId);
        const notice = uploadErrorKey(error);
        if (notice) showBanner({ type: 'error', message: i18next.t(notice.key, notice.params) });
        return;
      }
      this.chat.updateMessages(partnerId, (list) =>
        setPendingState(list, clientId, 'failed', code),
      );
      return;
    }
    if (this.pictures.get(clientId) !== picture) return;
    picture.upload = null;
    this.chat.updateMessages(partnerId, (list) => setUploaded(list, clientId, link));
    await this.dispatch(partnerId, { type: 'image', link }, clientId, null);
  }

  /** Sends a failed message again: an image not uploaded yet goes up again first. */
  private resume(partnerId: number, message: LocalMessage): void {
    const { pending, client_id: clientId } = message;
    if (!pending || !clientId) return;
    if (pending.outgoing.type === 'image' && pending.outgoing.link === null) {
      if (this.pictures.has(clientId)) void this.uploadAndSend(partnerId, clientId);
      return;
    }
    void this.dispatch(partnerId, pending.outgoing, clientId, message.gift);
  }

  /** Sends a failed message again with its own client_id, so the server never charges twice. */
  retrySend(partnerId: number, clientId: string): void {
    const message = this.conversationOf(partnerId).messages.find(
      (m) => m.pending && m.client_id === clientId,
    );
    if (message?.pending?.state !== 'failed') return;
    if (!this.ensureCredits(message.pending.outgoing, message.gift?.price ?? 0)) return;
    this.resume(partnerId, message);
  }

  /**
   * After a reconnect: every message that failed for want of an answer goes again with its own
   * client_id. One the server already holds comes back as it was stored (`replayed`, nothing
   * charged) and shows as sent; one it never got is sent now, once. The balance is the server's
   * (session/validate, then each reply).
   */
  resendUnsent(): void {
    for (const [key, conversation] of Object.entries(this.chat.conversations)) {
      const partnerId = Number(key);
      for (const clientId of unsentClientIds(conversation.messages)) {
        const message = conversation.messages.find((m) => m.client_id === clientId);
        if (message) this.resume(partnerId, message);
      }
    }
  }

  /**
   * A send_message reply that no request waits for any more (it came after a timeout): when it is
   * the server's copy of a message still shown as unsent, that message is sent, and the balance is
   * the reply's.
   */
  handleSendReply(reply: Reply<'send_message'>): void {
    const me = this.myId();
    const message = reply.data;
    if (me === null || reply.request_status !== 1 || !message?.client_id) return;
    if (message.sender_id !== me) return;
    const partnerId = message.receiver_id;
    const waiting = this.conversationOf(partnerId).messages.some(
      (m) => m.pending?.state === 'failed' && m.client_id === message.client_id,
    );
    if (!waiting) return;
    this.handled.add(message.id);
    this.chat.updateMessages(partnerId, (list) => reconcile(list, message));
    const credits = detailNumber(reply.request_details, 'credits');
    if (credits !== null) this.setCredits(credits);
    this.showOnContact(partnerId, message, me);
  }

  // ---- archive ----

  /** `conversation/archive`: the chat leaves the inbox. */
  async archiveConversation(partnerId: number): Promise<boolean> {
    const ok = await setArchived(partnerId, true);
    if (ok) {
      const contact = findContact(this.chat, partnerId);
      this.chat.dropContact(partnerId, 'contacts');
      if (contact) this.chat.remember({ ...contact, archived: 1 });
    }
    return ok;
  }

  /** `conversation/unarchive`: the chat goes back to the inbox, in its place by time. */
  async unarchiveConversation(partnerId: number): Promise<boolean> {
    const ok = await setArchived(partnerId, false);
    if (ok) {
      this.chat.dropContact(partnerId, 'archived');
      void this.loadList('contacts');
    }
    return ok;
  }

  /** After a block from the chat: the person leaves every list and their unread count goes. */
  forgetBlocked(partnerId: number): void {
    const contact = findContact(this.chat, partnerId);
    if (contact && contact.unread > 0) {
      this.setUnreadTotal(lowerUnread(app().unreadTotal, contact.unread));
    }
    usePeopleStore.getState().forget(partnerId);
    this.typingIndicators.clear(partnerId);
    this.chat.dropContact(partnerId);
    this.refreshUnread();
  }

  // ---- gifts ----

  /** `gifts`, 40 a page; the first page once, the next ones on demand. */
  async loadGifts(more = false): Promise<void> {
    const { gifts, giftsEnded, giftsState } = this.chat;
    if (this.giftsInflight || (more ? giftsEnded : giftsState === 'ready')) return;
    this.giftsInflight = true;
    const offset = more ? gifts.length : 0;
    if (!more) this.chat.setGiftsState('loading');
    const page = await fetchGifts(offset);
    this.giftsInflight = false;
    if (page === null) {
      if (!more) this.chat.setGiftsState('failed');
      return;
    }
    this.chat.applyGiftsPage(offset, page, page.length < GIFTS_PAGE);
  }

  // ---- server events ----

  private notifyIncoming(contact: Contact, message: ChatMessage): void {
    const me = this.myId();
    showBanner({
      type: 'message',
      title: contact.name.trim() || i18next.t('chat.banner.newMessage'),
      message: me === null ? i18next.t('chat.banner.newMessage') : bannerPreview(message, me),
      photo: contact.photo,
      onClick: () => this.navigateTo(chatPath(contact.id)),
    });
    playSound('message');
  }

  /** After an incoming message: read at once in the open chat, otherwise counted and announced. */
  private afterIncoming(partnerId: number, message: ChatMessage, contact: Contact): void {
    if (this.isOpen(partnerId)) {
      const me = this.myId();
      if (me !== null) {
        this.chat.updateMessages(partnerId, (list) => markIncomingSeen(list, me, message.id));
      }
      void markRead([message.id]).then((total) => {
        if (total !== null) this.setUnreadTotal(total);
      });
    } else {
      this.notifyIncoming(contact, message);
    }
  }

  /** Spec §4 "New message". */
  handleNewMessage(message: ChatMessage): void {
    const me = this.myId();
    if (me === null) return;
    const partnerId = partnerOf(message, me);
    if (this.isBlocked(partnerId)) return;
    // Their message is what they were typing.
    if (message.sender_id !== me) this.typingIndicators.clear(message.sender_id);
    const conversation = this.conversationOf(partnerId);
    const duplicate =
      this.handled.has(message.id) ||
      conversation.messages.some((m) => m.pending === undefined && m.id === message.id);
    if (duplicate) return;
    this.handled.add(message.id);
    // My own provisional copy (same client_id) is replaced, never shown twice.
    if (
      conversation.state === 'ready' ||
      conversation.state === 'loading' ||
      hasMessage(conversation.messages, message)
    ) {
      this.chat.addMessages(partnerId, [message]);
    }
    const incoming = message.sender_id !== me;
    const open = this.isOpen(partnerId);
    const contact = findContact(this.chat, partnerId);
    if (!contact) {
      this.hold(partnerId, message);
      return;
    }
    this.chat.putOnTop(withLastMessage(contact, message, me, open));
    if (incoming) {
      this.setUnreadTotal(unreadAfterMessage(app().unreadTotal, incoming, open));
      this.afterIncoming(partnerId, message, contact);
      this.refreshUnread();
    }
  }

  private hold(partnerId: number, message: ChatMessage): void {
    const waiting = this.held.get(partnerId);
    if (waiting) {
      waiting.push(message);
      return;
    }
    this.held.set(partnerId, [message]);
    void fetchContact(partnerId).then((outcome) => {
      const messages = this.held.get(partnerId) ?? [];
      this.held.delete(partnerId);
      if (outcome?.kind !== 'ok') return;
      // The server's contact already counts these messages (last message, unread).
      const contact = this.isOpen(partnerId) ? { ...outcome.contact, unread: 0 } : outcome.contact;
      this.chat.putOnTop(contact);
      const me = this.myId();
      const lastIncoming = messages.findLast((m) => m.sender_id !== me);
      if (lastIncoming) this.afterIncoming(partnerId, lastIncoming, contact);
      this.refreshUnread();
    });
  }

  /** message/read: my other tab read a chat, or my partner read my messages (a seen tick). */
  handleRead(details: MessageReadEvent['request_details']): void {
    const me = this.myId();
    if (me === null) return;
    if (details.reader_id === me) {
      const partnerId = details.partner_id;
      this.chat.patchContact(partnerId, { unread: details.unread ?? 0 });
      if (details.total_unread !== undefined) this.setUnreadTotal(details.total_unread);
      if (this.chat.conversations[partnerId]) {
        this.chat.updateMessages(partnerId, (list) => markIncomingSeen(list, me, details.up_to_id));
      }
      return;
    }
    const partnerId = details.reader_id;
    if (this.chat.conversations[partnerId]) {
      this.chat.updateMessages(partnerId, (list) => markMineSeen(list, me, details.up_to_id));
    }
  }

  /** credits: the balance changed in another tab. */
  handleCredits(credits: number): void {
    this.setCredits(credits);
  }

  /** typing: "typing…" in the chat header and on the contact's row, for 5 s (typing.ts). */
  handleTyping(userId: number): void {
    const me = this.myId();
    if (me === null || userId === me || this.isBlocked(userId)) return;
    this.typingIndicators.typing(userId);
  }

  /** onlines: the contact's online dot and the chat header. */
  handlePresence(event: OnlinesEvent): void {
    this.chat.patchContact(event.user_id, { status: event.type === 'online' ? 1 : 0 });
  }
}

/** The banner's preview line: the text itself, cut short, or what kind of message it is. */
export function bannerPreview(message: ChatMessage, me: number): string {
  const preview = previewOf(
    {
      last_m: message.message ?? '',
      s_id: message.sender_id,
      gift: message.type === 'gift' ? 1 : 0,
      last_m_is_photo: isPicture(message) ? 1 : 0,
      last_type: message.type,
    },
    me,
  );
  return preview.kind === 'text'
    ? cutPreview(preview.text, true)
    : i18next.t(`chat.preview.${preview.key}`);
}
