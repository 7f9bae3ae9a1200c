// @vitest-environment node
// The ChatService's pictures: an image from the device goes up inside its own bubble (with a fake
// uploader), then send_message carries the link; a profile photo is sent by id; a story reply is
// a paid text with story_id. The credit rules are those of text.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../app/store';
import { TEST_USER } from '../../realtime/testing';
import type { StoryRing } from '../../realtime/protocol';
import { setTestLanguage } from '../auth/testUtils';
import { showBanner } from '../notify/banner';
import { useStoryViewer } from '../stories/viewerStore';
import { draftKey, draftOf } from './drafts';
import { findContact } from './store';
import type { ChatService } from './service';
import { answer, fakeUploads, makeContact, ME, mine, pictureFile, sent } from './testing';
import { newChatTest } from './testReset';

vi.mock('../../realtime', () => import('./testing'));
vi.mock('../notify/banner', (original) => import('./testing').then((m) => m.mockBanner(original)));
vi.mock('../notify/sounds', (original) => import('./testing').then((m) => m.mockSounds(original)));

const LINK = '/media/u/Zk3Q.jpg?exp=1795333600&sig=abc';
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
let chat: ChatService;

function answerPictureOk(credits = 130, spent = 70) {
  answer('send_message', (p) => ({
    module: 'send_message',
    request_status: 1,
    data: mine(950, Number(p.receiver_id), {
      client_id: String(p.client_id),
      type: p.message_type === 'pphoto' ? 'pphoto' : p.message_type === 'text' ? 'text' : 'image',
      message: p.message_type === 'text' ? String(p.message_text) : '/media/u/signed.jpg?sig=r',
      thumb: p.message_type === 'text' ? undefined : '/media/u/signed-t.jpg?sig=r',
      story_id: typeof p.story_id === 'number' ? p.story_id : null,
      story: typeof p.story_id === 'number' ? '/media/u/story.jpg?sig=s' : null,
      expires_at: 1_900_000_000,
      price: spent,
    }),
    request_details: { credits, credits_spent: spent, replayed: 0, id: 950 },
  }));
}

function answerNotEnough() {
  answer('send_message', () => ({
    module: 'send_message',
    request_status: 0,
    error_code: 'not_enough_credits',
    request_details: { credits: 40, required: 70 },
  }));
}

const messages = () => chat.conversationOf(41).messages;

beforeAll(async () => {
  await setTestLanguage('en');
});

beforeEach(() => {
  chat = newChatTest();
  useAppStore.setState({
    configs: {
      prices: [
        { feature: 'text', price: 50 },
        { feature: 'image', price: 70 },
      ],
    },
  });
  chat.store.getState().applyPage('contacts', 0, [makeContact(41)], true);
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
  useStoryViewer.setState({ request: null });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('an image from the device', () => {
  it('shows a provisional bubble with the local preview and the upload’s progress', async () => {
    expect(chat.sendImage(41, pictureFile())).toBe(true);
    expect(fakeUploads.started).toHaveLength(1);
    expect(messages()).toHaveLength(1);
    expect(messages()[0]).toMatchObject({
      type: 'image',
      message: 'blob:preview',
      pending: { state: 'uploading', progress: 0 },
    });
    fakeUploads.last().progress(0.42);
    expect(messages()[0]?.pending?.progress).toBe(0.42);
    expect(chat.isUploading(41)).toBe(true);
    // Nothing is sent before the upload answers.
    expect(sent('send_message')).toEqual([]);

    answerPictureOk();
    fakeUploads.last().succeed(LINK);
    await flush();
    const [request] = sent('send_message');
    expect(request).toMatchObject({
      receiver_id: 41,
      message_type: 'image',
      message_text: LINK,
    });
    expect(request?.client_id).toBe(messages()[0]?.client_id);
    expect(messages()).toHaveLength(1);
    expect(messages()[0]).toMatchObject({ id: 950, message: '/media/u/signed.jpg?sig=r' });
    expect(messages()[0]?.pending).toBeUndefined();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview');
    expect(useAppStore.getState().user?.credits).toBe(130);
    expect(showBanner).toHaveBeenCalledWith({ type: 'credits', message: '70 credits spent' });
    // The contact's preview: "You sent an image" (its last_m is empty, as the server's).
    expect(findContact(chat.store.getState(), 41)).toMatchObject({
      last_m: '',
      last_m_is_photo: 1,
      last_type: 'image',
    });
  });

  it('a HEIC has no preview of its own: a placeholder, then the server’s picture', async () => {
    chat.sendImage(41, pictureFile('IMG_0001.HEIC', 'image/heic'));
    expect(URL.createObjectURL).not.toHaveBeenCalled();
    expect(messages()[0]).toMatchObject({ message: null, pending: { state: 'uploading' } });
    answer('send_message', () => new Promise(() => undefined));
    fakeUploads.last().succeed(LINK);
    await flush();
    expect(messages()[0]).toMatchObject({ message: LINK, pending: { state: 'sending' } });
  });

  it('below the minimum nothing goes up: the credits modal opens and says a picture costs 70', () => {
    useAppStore.setState({ user: { ...TEST_USER, id: ME, credits: 49 } });
    expect(chat.sendImage(41, pictureFile())).toBe(false);
    expect(fakeUploads.started).toHaveLength(0);
    expect(messages()).toEqual([]);
    expect(useAppStore.getState().creditsNeed).toEqual({ kind: 'image', price: 70, required: 70 });
  });

  it('a refused upload takes the bubble away and says why (spec §8)', async () => {
    chat.sendImage(41, pictureFile('notes.pdf', 'application/pdf'));
    fakeUploads.last().fail('invalid_file_type');
    await flush();
    expect(messages()).toEqual([]);
    expect(showBanner).toHaveBeenCalledWith({
      type: 'error',
      message: 'Invalid file type, please try again',
    });
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview');
  });

  it('an upload that never reached the server fails in place; retry uploads it again', async () => {
    chat.sendImage(41, pictureFile());
    fakeUploads.last().fail('internal_error', true);
    await flush();
    expect(messages()[0]?.pending).toMatchObject({ state: 'failed', error: 'network' });
    answerPictureOk();
    chat.retrySend(41, messages()[0]?.client_id ?? '');
    expect(fakeUploads.started).toHaveLength(2);
    expect(messages()[0]?.pending?.state).toBe('uploading');
    fakeUploads.last().succeed(LINK);
    await flush();
    expect(sent('send_message')).toHaveLength(1);
    expect(messages()[0]?.pending).toBeUndefined();
  });

  it('after a reconnect an image whose upload was lost goes up again by itself', async () => {
    chat.sendImage(41, pictureFile());
    fakeUploads.last().fail('internal_error', true);
    await flush();
    chat.resendUnsent();
    expect(fakeUploads.started).toHaveLength(2);
  });

  it('a send that failed after the upload is retried with the same link and client_id', async () => {
    answer('send_message', () => Promise.reject(new Error('socket closed')));
    chat.sendImage(41, pictureFile());
    fakeUploads.last().succeed(LINK);
    await flush();
    expect(messages()[0]?.pending).toMatchObject({ state: 'failed', error: 'network' });
    answerPictureOk();
    chat.retrySend(41, messages()[0]?.client_id ?? '');
    await flush();
    expect(fakeUploads.started).toHaveLength(1);
    const [first, second] = sent('send_message');
    expect(second).toMatchObject({ message_text: LINK, client_id: first?.client_id });
  });

  it('cancelling an upload aborts it and takes the bubble away', async () => {
    chat.sendImage(41, pictureFile());
    const clientId = messages()[0]?.client_id ?? '';
    chat.cancelImage(41, clientId);
    await flush();
    expect(fakeUploads.last().aborted).toBe(true);
    expect(messages()).toEqual([]);
    expect(showBanner).not.toHaveBeenCalled();
  });

  it('not_enough_credits: the bubble goes, the story viewer closes, the credits modal opens', async () => {
    answerNotEnough();
    chat.sendImage(41, pictureFile());
    fakeUploads.last().succeed(LINK);
    await flush();
    expect(messages()).toEqual([]);
    expect(useAppStore.getState().creditsModalOpen).toBe(true);
    expect(useAppStore.getState().creditsNeed).toEqual({ kind: 'image', price: 70, required: 70 });
    expect(useAppStore.getState().user?.credits).toBe(40);
  });
});

describe('a profile photo', () => {
  it('is sent by photo_id and shows the photo meanwhile', async () => {
    answerPictureOk();
    expect(chat.sendProfilePhoto(41, 31, '/media/u/mine.jpg')).toBe(true);
    expect(messages()[0]).toMatchObject({
      type: 'pphoto',
      message: '/media/u/mine.jpg',
      pending: { state: 'sending' },
    });
    await flush();
    expect(sent('send_message')[0]).toMatchObject({ message_type: 'pphoto', photo_id: 31 });
    expect(sent('send_message')[0]?.message_text).toBeUndefined();
    expect(fakeUploads.started).toHaveLength(0);
    expect(findContact(chat.store.getState(), 41)).toMatchObject({ last_type: 'pphoto' });
  });
});

describe('a reply to a story', () => {
  const ring: StoryRing = {
    story_id: 5,
    user_id: 41,
    name: 'Noa',
    photo: null,
    thumb: null,
    count: 1,
    time: 1,
    virtual: 0,
    mine: 0,
  };

  it('is a text with story: 1 and story_id, in the conversation with the story’s picture', async () => {
    answerPictureOk(150, 50);
    const result = chat.sendStoryReply(41, 5, '  Love this!  ', '/media/u/story.jpg');
    expect(messages()[0]).toMatchObject({
      type: 'text',
      message: 'Love this!',
      story_id: 5,
      story: '/media/u/story.jpg',
    });
    expect(await result).toBe('sent');
    expect(sent('send_message')[0]).toMatchObject({
      message_type: 'text',
      message_text: 'Love this!',
      story: 1,
      story_id: 5,
    });
    expect(messages()[0]).toMatchObject({ id: 950, story_id: 5 });
  });

  it('is never empty, and never to oneself', async () => {
    expect(await chat.sendStoryReply(41, 5, '   ', null)).toBe('not_sent');
    expect(await chat.sendStoryReply(ME, 5, 'hi', null)).toBe('not_sent');
    expect(sent('send_message')).toEqual([]);
  });

  it('not_enough_credits closes the viewer, opens the credits modal, keeps no chat draft', async () => {
    answerNotEnough();
    useStoryViewer.getState().open({ rings: [ring], start: 0 });
    expect(await chat.sendStoryReply(41, 5, 'hi', null)).toBe('not_enough_credits');
    expect(useStoryViewer.getState().request).toBeNull();
    expect(useAppStore.getState().creditsModalOpen).toBe(true);
    expect(useAppStore.getState().creditsNeed?.kind).toBe('story');
    expect(messages()).toEqual([]);
    expect(draftOf(draftKey(ME, 41))).toBe('');
  });

  it('below the minimum it is not sent: the viewer closes and the credits modal opens', async () => {
    useAppStore.setState({ user: { ...TEST_USER, id: ME, credits: 10 } });
    useStoryViewer.getState().open({ rings: [ring], start: 0 });
    expect(await chat.sendStoryReply(41, 5, 'hi', null)).toBe('not_enough_credits');
    expect(useStoryViewer.getState().request).toBeNull();
    expect(useAppStore.getState().creditsModalOpen).toBe(true);
    expect(sent('send_message')).toEqual([]);
  });
});
