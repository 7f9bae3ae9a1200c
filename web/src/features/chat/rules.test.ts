// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Configs } from '../../realtime/protocol';
import { formatRelativeTime } from '../../ui/relativeTime';
import {
  canAfford,
  composerHeight,
  cutPreview,
  expiresAt,
  isListed,
  keepScrollAfterPrepend,
  lowerUnread,
  makeClientId,
  markIncomingSeen,
  markMineSeen,
  mergeContacts,
  mergeMessages,
  minCreditsToSend,
  moveToTop,
  nearBottom,
  nearTop,
  oldestId,
  partnerOf,
  previewOf,
  provisionalMessage,
  reconcile,
  removeByClientId,
  replaceWithPage,
  sendableText,
  setPendingState,
  skeletonWidth,
  unreadAfterMessage,
  unseenIncomingIds,
  setUploaded,
  setUploadProgress,
  nextExpiry,
  pictureView,
  storyImageOf,
  viewerPictures,
  withLastMessage,
  type LocalMessage,
} from './rules';
import { makeContact, makeMessage, ME, mine } from './testing';

describe('contacts list rules', () => {
  it('lists a contact only with a name and a last message', () => {
    expect(isListed(makeContact(1))).toBe(true);
    expect(isListed(makeContact(1, { name: '  ' }))).toBe(false);
    expect(isListed(makeContact(1, { last_m: '' }))).toBe(false);
    expect(isListed(makeContact(1, { last_m: ' ' }))).toBe(false);
  });

  it('lists a conversation whose last message is a picture (its last_m is empty)', () => {
    expect(isListed(makeContact(1, { last_m: '', last_m_is_photo: 1, last_type: 'image' }))).toBe(
      true,
    );
    expect(isListed(makeContact(1, { last_m: '', last_m_is_photo: 1, last_type: null }))).toBe(
      true,
    );
    expect(isListed(makeContact(1, { last_m: '', last_type: 'pphoto' }))).toBe(true);
    expect(isListed(makeContact(1, { last_m: '', gift: 1, last_type: 'gift' }))).toBe(true);
    expect(isListed(makeContact(1, { name: '', last_m_is_photo: 1 }))).toBe(false);
  });

  it('previews by type and side, the text as is, and "New message" otherwise', () => {
    const from = (patch: Parameters<typeof makeContact>[1]) =>
      previewOf(makeContact(41, patch), ME);
    expect(from({ last_type: 'gift', s_id: ME })).toEqual({ kind: 'key', key: 'sentGift' });
    expect(from({ last_type: 'gift', s_id: 41 })).toEqual({ kind: 'key', key: 'gotGift' });
    expect(from({ last_type: 'image', s_id: ME })).toEqual({ kind: 'key', key: 'sentImage' });
    expect(from({ last_type: 'image', s_id: 41 })).toEqual({ kind: 'key', key: 'receivedImage' });
    expect(from({ last_type: 'pphoto', s_id: ME })).toEqual({
      kind: 'key',
      key: 'sentProfilePhoto',
    });
    expect(from({ last_type: 'pphoto', s_id: 41 })).toEqual({
      kind: 'key',
      key: 'receivedProfilePhoto',
    });
    expect(from({ last_m: 'Hi there', s_id: ME })).toEqual({ kind: 'text', text: 'Hi there' });
    expect(from({ last_m: '   ', s_id: 41 })).toEqual({ kind: 'key', key: 'newMessage' });
    // Without last_type, the spec's flags decide.
    expect(from({ last_type: null, gift: 1, s_id: 41 })).toEqual({ kind: 'key', key: 'gotGift' });
    expect(from({ last_type: null, last_m_is_photo: 1, s_id: ME })).toEqual({
      kind: 'key',
      key: 'sentImage',
    });
  });

  it('cuts previews: to 30 past 40 characters on wide screens, to 20 past 25 on narrow', () => {
    const forty = 'a'.repeat(40);
    expect(cutPreview(forty, true)).toBe(forty);
    expect(cutPreview(`${forty}b`, true)).toBe(`${'a'.repeat(30)}…`);
    const twentyFive = 'b'.repeat(25);
    expect(cutPreview(twentyFive, false)).toBe(twentyFive);
    expect(cutPreview(`${twentyFive}c`, false)).toBe(`${'b'.repeat(20)}…`);
    // Characters, not UTF-16 units: an emoji is not split.
    expect(cutPreview('😀'.repeat(26), false)).toBe(`${'😀'.repeat(20)}…`);
    expect(cutPreview('שלום\nמה נשמע', false)).toBe('שלום מה נשמע');
  });

  it('says relative times in the UI language', () => {
    const now = 1_800_000_000;
    expect(formatRelativeTime(now - 10, now, 'en')).toBe('now');
    expect(formatRelativeTime(now - 3 * 3600, now, 'en')).toBe('3 hours ago');
    expect(formatRelativeTime(now - 86_400, now, 'en')).toBe('yesterday');
    expect(formatRelativeTime(now - 2 * 3600, now, 'he')).toBe('לפני שעתיים');
  });

  it('merges pages without duplicates, fresher copies in place', () => {
    const merged = mergeContacts(
      [makeContact(1), makeContact(2)],
      [makeContact(2, { unread: 3 }), makeContact(3)],
    );
    expect(merged.map((c) => c.id)).toEqual([1, 2, 3]);
    expect(merged[1]?.unread).toBe(3);
  });

  it('moves the contact of a new message to the top', () => {
    const list = [makeContact(1), makeContact(2), makeContact(3)];
    expect(moveToTop(list, makeContact(3)).map((c) => c.id)).toEqual([3, 1, 2]);
    expect(moveToTop(list, makeContact(9)).map((c) => c.id)).toEqual([9, 1, 2, 3]);
  });

  it('counts an incoming message as unread only while its chat is closed', () => {
    const contact = makeContact(41, { unread: 2, archived: 1 });
    const incoming = makeMessage(100, { message: 'Hey', timestamp: 1_900_000_000 });
    const closed = withLastMessage(contact, incoming, ME, false);
    expect(closed).toMatchObject({
      unread: 3,
      last_m: 'Hey',
      s_id: 41,
      time: 1_900_000_000,
      archived: 0,
    });
    expect(withLastMessage(contact, incoming, ME, true).unread).toBe(0);
    expect(withLastMessage(contact, mine(101), ME, false).unread).toBe(2);
    const gift = withLastMessage(contact, mine(102, 41, { type: 'gift' }), ME, false);
    expect(gift).toMatchObject({ gift: 1, last_type: 'gift', s_id: ME });
  });

  it('keeps the unread total right', () => {
    expect(unreadAfterMessage(4, true, false)).toBe(5);
    expect(unreadAfterMessage(4, true, true)).toBe(4);
    expect(unreadAfterMessage(4, false, false)).toBe(4);
    expect(lowerUnread(5, 3)).toBe(2);
    expect(lowerUnread(2, 3)).toBe(0);
    expect(lowerUnread(2, -1)).toBe(2);
  });
});

describe('message rules', () => {
  const provisional = (clientId: string, text = 'hi'): LocalMessage =>
    provisionalMessage(clientId, { type: 'text', text }, ME, 41, 1_800_000_500);

  it('knows the partner of a message', () => {
    expect(partnerOf(makeMessage(1), ME)).toBe(41);
    expect(partnerOf(mine(2, 77), ME)).toBe(77);
  });

  it('merges by id in id order, ignoring duplicates and never unseeing', () => {
    const list = mergeMessages([makeMessage(5, { seen: 1 }), makeMessage(3)], [makeMessage(4)]);
    expect(list.map((m) => m.id)).toEqual([3, 4, 5]);
    const again = mergeMessages(list, [makeMessage(5, { seen: 0 }), makeMessage(4)]);
    expect(again.map((m) => m.id)).toEqual([3, 4, 5]);
    expect(again.find((m) => m.id === 5)?.seen).toBe(1);
  });

  it('keeps provisional messages after the confirmed ones', () => {
    const list = mergeMessages([provisional('c-a')], [makeMessage(10), makeMessage(9)]);
    expect(list.map((m) => m.client_id ?? m.id)).toEqual([9, 10, 'c-a']);
    expect(list.at(-1)?.pending?.state).toBe('sending');
  });

  it('reconciles a send by client_id: the provisional message becomes the server one', () => {
    const list = [makeMessage(9), provisional('c-a', 'one'), provisional('c-b', 'two')];
    const server = mine(20, 41, { client_id: 'c-b', message: 'two' });
    const after = reconcile(list, server);
    expect(after.map((m) => m.client_id ?? m.id)).toEqual([9, 'c-b', 'c-a']);
    expect(after.find((m) => m.client_id === 'c-b')).toMatchObject({ id: 20 });
    expect(after.find((m) => m.client_id === 'c-b')?.pending).toBeUndefined();
    // The echo of the same message from another tab adds nothing.
    expect(mergeMessages(after, [server])).toHaveLength(3);
  });

  it('marks, removes and refreshes provisional messages', () => {
    const list = [makeMessage(9), provisional('c-a')];
    const failed = setPendingState(list, 'c-a', 'failed', 'rate_limited');
    expect(failed[1]?.pending).toMatchObject({ state: 'failed', error: 'rate_limited' });
    expect(failed[0]).toBe(list[0]);
    expect(removeByClientId(failed, 'c-a').map((m) => m.id)).toEqual([9]);
    const page = replaceWithPage(failed, [makeMessage(30), makeMessage(31)]);
    expect(page.map((m) => m.client_id ?? m.id)).toEqual([30, 31, 'c-a']);
    // A message that arrived while the page was on its way stays.
    const late = replaceWithPage([makeMessage(9), makeMessage(40)], [makeMessage(30)]);
    expect(late.map((m) => m.id)).toEqual([30, 40]);
  });

  it('shows read receipts up to an id', () => {
    const list = [mine(1), mine(2), makeMessage(3), mine(4)];
    const seen = markMineSeen(list, ME, 2);
    expect(seen.map((m) => m.seen)).toEqual([1, 1, 0, 0]);
    expect(markMineSeen(seen, ME, 2)).toBe(seen);
    const read = markIncomingSeen(list, ME, 10);
    expect(read.map((m) => m.seen)).toEqual([0, 0, 1, 0]);
  });

  it('lists the unseen incoming ids for message/read, 100 at most', () => {
    const list = [makeMessage(5), makeMessage(3, { seen: 1 }), mine(4), makeMessage(7)];
    expect(unseenIncomingIds(list, ME)).toEqual([5, 7]);
    const many = Array.from({ length: 130 }, (_, i) => makeMessage(i + 1));
    const ids = unseenIncomingIds(many, ME);
    expect(ids).toHaveLength(100);
    expect(ids[0]).toBe(31);
    expect(ids.at(-1)).toBe(130);
  });

  it('pages back from the oldest confirmed message', () => {
    expect(oldestId([provisional('c-a'), makeMessage(8), makeMessage(6)])).toBe(6);
    expect(oldestId([provisional('c-a')])).toBeNull();
  });
});

describe('sending rules', () => {
  it('needs 50 credits (or the configured minimum) and a gift its price', () => {
    expect(minCreditsToSend({})).toBe(50);
    expect(minCreditsToSend({ site: { min_credits_to_send: 70 } } as Partial<Configs>)).toBe(70);
    expect(canAfford(50, 50)).toBe(true);
    expect(canAfford(49, 50)).toBe(false);
    expect(canAfford(79, 50, 80)).toBe(false);
    expect(canAfford(80, 50, 80)).toBe(true);
    expect(canAfford(60, 50, 20)).toBe(true);
  });

  it('never sends empty text', () => {
    expect(sendableText('')).toBeNull();
    expect(sendableText(' \n\t ')).toBeNull();
    expect(sendableText('  hi \n')).toBe('hi');
  });

  it('makes client ids the server accepts, different each time', () => {
    const id = makeClientId(1_800_000_000_000, () => 0.5);
    expect(id).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(id.startsWith('c-')).toBe(true);
    expect(makeClientId(1, () => 0)).toMatch(/^c-1-0{6}$/);
    expect(makeClientId()).not.toBe(makeClientId());
  });

  it('gives provisional messages unique negative ids and a sending state', () => {
    const a = provisionalMessage('c-a', { type: 'text', text: 'x' }, ME, 41, 5);
    const b = provisionalMessage('c-b', { type: 'gift', giftId: 3 }, ME, 41, 5, {
      id: 3,
      icon: '/gifts/rose.svg',
      gift: 'Rose',
      price: 80,
    });
    expect(a.id).toBeLessThan(0);
    expect(b.id).toBeLessThan(a.id);
    expect(a).toMatchObject({ message: 'x', sender_id: ME, receiver_id: 41, isMe: 1 });
    expect(b).toMatchObject({ type: 'gift', message: '/gifts/rose.svg', price: 80 });
    expect(b.pending).toEqual({
      state: 'sending',
      outgoing: { type: 'gift', giftId: 3 },
      error: null,
    });
  });
});

describe('screen rules', () => {
  it('loads older messages within 10 px of the top', () => {
    expect(nearTop(0)).toBe(true);
    expect(nearTop(10)).toBe(true);
    expect(nearTop(11)).toBe(false);
  });

  it('knows when the reader is at the newest message', () => {
    expect(nearBottom(900, 1500, 600)).toBe(true);
    expect(nearBottom(700, 1500, 600)).toBe(false);
  });

  it('keeps the same message in view after older ones are put above', () => {
    expect(keepScrollAfterPrepend(1000, 4, 1800)).toBe(804);
    expect(keepScrollAfterPrepend(1000, 0, 1000)).toBe(0);
  });

  it('grows the composer from 48 to 100 px', () => {
    expect(composerHeight(20)).toBe(48);
    expect(composerHeight(72.2)).toBe(73);
    expect(composerHeight(400)).toBe(100);
  });

  it('draws skeletons 20 to 60 percent wide', () => {
    expect(skeletonWidth(() => 0)).toBe(20);
    expect(skeletonWidth(() => 0.999)).toBe(60);
    expect(skeletonWidth(() => 0.5)).toBe(40);
    for (let i = 0; i < 50; i += 1) {
      const width = skeletonWidth();
      expect(width).toBeGreaterThanOrEqual(20);
      expect(width).toBeLessThanOrEqual(60);
    }
  });

  it('shows chat images until expires_at, an hour after sending without it', () => {
    expect(expiresAt({ timestamp: 1000, expires_at: 2000 })).toBe(2000);
    expect(expiresAt({ timestamp: 1000, expires_at: null })).toBe(4600);
    expect(expiresAt({ timestamp: 1000 })).toBe(4600);
  });
});

describe('pictures', () => {
  const T = 1_800_000_000;
  const image = (id: number, patch: Partial<LocalMessage> = {}): LocalMessage =>
    makeMessage(id, {
      type: 'image',
      message: `/media/u/${id}.jpg?exp=1&sig=a`,
      thumb: `/media/u/${id}-t.jpg?exp=1&sig=b`,
      timestamp: T,
      expires_at: T + 3600,
      ...patch,
    });

  it('shows the thumbnail in the bubble and the display size in the viewer', () => {
    expect(pictureView(image(1), T + 10)).toEqual({
      kind: 'picture',
      thumb: '/media/u/1-t.jpg?exp=1&sig=b',
      full: '/media/u/1.jpg?exp=1&sig=a',
    });
    expect(pictureView(image(1, { thumb: undefined }), T)).toMatchObject({
      thumb: '/media/u/1.jpg?exp=1&sig=a',
    });
  });

  it('is expired at expires_at, with expired: 1, or once the server sends no link', () => {
    expect(pictureView(image(1), T + 3599).kind).toBe('picture');
    expect(pictureView(image(1), T + 3600)).toEqual({ kind: 'expired' });
    expect(pictureView(image(1, { expired: 1, message: null, thumb: null }), T)).toEqual({
      kind: 'expired',
    });
    expect(pictureView(image(1, { message: null }), T)).toEqual({ kind: 'expired' });
    // Without expires_at, an hour after it was sent (spec §9).
    expect(pictureView(image(1, { expires_at: undefined }), T + 3600)).toEqual({
      kind: 'expired',
    });
  });

  it('a picture of mine going up shows its preview, or a placeholder (HEIC), never "expired"', () => {
    const going = provisionalMessage(
      'c-1',
      { type: 'image', link: null },
      ME,
      41,
      T - 9999,
      null,
      'blob:x',
    );
    expect(going.pending).toMatchObject({ state: 'uploading', progress: 0 });
    expect(pictureView(going, T)).toMatchObject({ kind: 'picture', thumb: 'blob:x' });
    const heic = provisionalMessage('c-2', { type: 'image', link: null }, ME, 41, T, null, null);
    expect(pictureView(heic, T)).toEqual({ kind: 'placeholder' });
  });

  it('records the upload’s progress, then the link (shown when there was no preview)', () => {
    const heic = provisionalMessage('c-2', { type: 'image', link: null }, ME, 41, T, null, null);
    const halfway = setUploadProgress([heic], 'c-2', 0.5);
    expect(halfway[0]?.pending?.progress).toBe(0.5);
    expect(setUploadProgress([heic], 'c-2', 7)[0]?.pending?.progress).toBe(1);
    const uploaded = setUploaded(halfway, 'c-2', '/media/u/new.jpg?exp=1&sig=c');
    expect(uploaded[0]?.pending?.outgoing).toEqual({
      type: 'image',
      link: '/media/u/new.jpg?exp=1&sig=c',
    });
    expect(uploaded[0]?.message).toBe('/media/u/new.jpg?exp=1&sig=c');
    const previewed = provisionalMessage(
      'c-3',
      { type: 'image', link: null },
      ME,
      41,
      T,
      null,
      'blob:y',
    );
    expect(setUploaded([previewed], 'c-3', '/media/u/z.jpg')[0]?.message).toBe('blob:y');
  });

  it('a story reply shows the story’s picture under the same expiry rule', () => {
    const reply = makeMessage(5, { story_id: 3, story: '/media/u/s.jpg', expires_at: T + 3600 });
    expect(storyImageOf(reply, T)).toBe('/media/u/s.jpg');
    expect(storyImageOf(reply, T + 3600)).toBeNull();
    expect(storyImageOf({ ...reply, story: null }, T)).toBeNull();
  });

  it('knows when the next picture or replied story on screen expires', () => {
    const list: LocalMessage[] = [
      image(1, { expires_at: T + 100 }),
      image(2, { expires_at: T + 50 }),
      image(3, { expires_at: T - 5 }),
      makeMessage(4, { story_id: 9, story: '/s.jpg', expires_at: T + 20 }),
      makeMessage(5),
    ];
    expect(nextExpiry(list, T)).toBe(T + 20);
    expect(nextExpiry(list, T + 20)).toBe(T + 50);
    expect(nextExpiry(list, T + 100)).toBeNull();
    expect(nextExpiry([makeMessage(6)], T)).toBeNull();
  });

  it('the viewer steps through the conversation’s live pictures, oldest first', () => {
    const list: LocalMessage[] = [
      image(1),
      makeMessage(2),
      image(3, { type: 'pphoto' }),
      image(4, { expires_at: T - 1 }),
      provisionalMessage('c-9', { type: 'image', link: null }, ME, 41, T, null, 'blob:z'),
    ];
    expect(viewerPictures(list, T).map((p) => [p.key, p.type])).toEqual([
      ['id-1', 'image'],
      ['id-3', 'pphoto'],
    ]);
  });

  it('a picture is last on the contact with an empty last_m, as the server lists it', () => {
    const contact = withLastMessage(makeContact(41), image(9, { sender_id: ME }), ME, false);
    expect(contact).toMatchObject({ last_m: '', last_m_is_photo: 1, last_type: 'image', s_id: ME });
    expect(previewOf(contact, ME)).toEqual({ kind: 'key', key: 'sentImage' });
    const incoming = withLastMessage(makeContact(41), image(10, { type: 'pphoto' }), ME, false);
    expect(previewOf(incoming, ME)).toEqual({ kind: 'key', key: 'receivedProfilePhoto' });
  });
});
