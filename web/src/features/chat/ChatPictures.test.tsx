// Pictures on the chat screen: the composer's picture button (a file goes up inside its own
// bubble, through a fake uploader), the profile-photo menu, the thumbnail that opens the image
// viewer (wrapping around at both ends), the expired placeholder, and story replies.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../app/store';
import { TEST_USER } from '../../realtime/testing';
import { setTestLanguage } from '../auth/testUtils';
import ChatPage from './ChatPage';
import { useChatSync } from './ChatRuntime';
import type { ChatService } from './service';
import {
  answer,
  fakeUploads,
  makeContact,
  makeMessage,
  ME,
  mine,
  pictureFile,
  renderChat,
  sent,
} from './testing';
import { newChatTest } from './testReset';

vi.mock('../../realtime', () => import('./testing'));
vi.mock('../notify/banner', (original) => import('./testing').then((m) => m.mockBanner(original)));
vi.mock('../notify/sounds', (original) => import('./testing').then((m) => m.mockSounds(original)));

const NOW = Math.floor(Date.now() / 1000);
let chat: ChatService;

function Screen() {
  useChatSync();
  return <ChatPage />;
}

function openChat(messages: ReturnType<typeof makeMessage>[] = []) {
  answer('user/contact/get_by_id', (p) => ({
    module: 'user/contact/get_by_id',
    request_status: 1,
    data: makeContact(Number(p.contact_id), { name: 'Noa' }),
  }));
  answer('messages', () => ({ module: 'messages', request_status: 1, data: messages }));
  return renderChat(chat, <Screen />, '/chat/41', '/chat/:slug');
}

const picture = (id: number, patch: Partial<ReturnType<typeof makeMessage>> = {}) =>
  makeMessage(id, {
    type: 'image',
    message: `/media/u/full-${id}.jpg?sig=a`,
    thumb: `/media/u/thumb-${id}.jpg?sig=b`,
    timestamp: NOW - 60,
    expires_at: NOW + 3540,
    ...patch,
  });

beforeAll(async () => {
  await setTestLanguage('en');
});

beforeEach(() => {
  chat = newChatTest();
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the picture button', () => {
  it('uploads a chosen file inside its bubble, then sends the link', async () => {
    const user = userEvent.setup();
    openChat();
    await screen.findByTestId('chat-empty');
    const input = screen.getByTestId('chat-picture-input');
    expect(input).toHaveAttribute('accept', expect.stringContaining('image/heic'));
    // Without profile photos the button goes straight to the file chooser.
    const click = vi.spyOn(input, 'click');
    await user.click(screen.getByRole('button', { name: 'Send a picture' }));
    expect(click).toHaveBeenCalled();

    await user.upload(input as HTMLInputElement, pictureFile());
    const bubble = await screen.findByTestId('message');
    expect(within(bubble).getByRole('img', { name: 'Photo' })).toHaveAttribute(
      'src',
      'blob:preview',
    );
    act(() => fakeUploads.last().progress(0.37));
    expect(within(bubble).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '37');
    expect(within(bubble).getByText('37%')).toBeInTheDocument();
    // One upload at a time: the button waits.
    expect(screen.getByRole('button', { name: 'Send a picture' })).toBeDisabled();

    answer('send_message', (p) => ({
      module: 'send_message',
      request_status: 1,
      data: mine(900, 41, {
        client_id: String(p.client_id),
        type: 'image',
        message: '/media/u/full-900.jpg?sig=a',
        thumb: '/media/u/thumb-900.jpg?sig=b',
        timestamp: NOW,
        expires_at: NOW + 3600,
      }),
      request_details: { credits: 130, credits_spent: 70 },
    }));
    await act(async () => fakeUploads.last().succeed('/media/u/up.jpg?exp=1&sig=c'));
    expect(sent('send_message')[0]).toMatchObject({
      message_type: 'image',
      message_text: '/media/u/up.jpg?exp=1&sig=c',
    });
    await waitFor(() =>
      expect(
        within(screen.getByTestId('message')).getByRole('img', { name: 'Photo' }),
      ).toHaveAttribute('src', '/media/u/thumb-900.jpg?sig=b'),
    );
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send a picture' })).toBeEnabled();
  });

  it('a HEIC shows a placeholder while it goes up', async () => {
    const user = userEvent.setup();
    openChat();
    await screen.findByTestId('chat-empty');
    await user.upload(
      screen.getByTestId('chat-picture-input') as HTMLInputElement,
      pictureFile('IMG_1.heic', 'image/heic'),
    );
    expect(await screen.findByTestId('image-placeholder')).toHaveTextContent(
      'Preparing your photo…',
    );
  });

  it('with profile photos it offers a menu: the device, or one of them (a pphoto)', async () => {
    useAppStore.setState({
      user: {
        ...TEST_USER,
        id: ME,
        photos: [
          { id: 31, photo: '/media/u/p31.jpg', thumb: '/media/u/p31-t.jpg' },
          { id: 32, photo: '/media/u/p32.jpg', thumb: '/media/u/p32-t.jpg' },
        ],
      },
    });
    answer('send_message', () => new Promise(() => undefined));
    const user = userEvent.setup();
    openChat();
    await screen.findByTestId('chat-empty');
    await user.click(screen.getByRole('button', { name: 'Send a picture' }));
    const menu = await screen.findByRole('dialog', { name: 'Send a picture' });
    expect(within(menu).getByText('Choose from your device')).toBeInTheDocument();
    await user.click(within(menu).getByRole('button', { name: 'Send profile photo 2' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent('send_message')[0]).toMatchObject({ message_type: 'pphoto', photo_id: 32 });
    expect(await screen.findByRole('img', { name: 'Profile photo' })).toBeInTheDocument();
  });
});

describe('pictures in the conversation', () => {
  it('shows the thumbnail; a tap opens the full image, and the viewer wraps around', async () => {
    const user = userEvent.setup();
    openChat([
      picture(1),
      makeMessage(2, { message: 'nice' }),
      picture(3, { sender_id: ME, receiver_id: 41, isMe: 1 }),
      picture(4, { type: 'pphoto' }),
    ]);
    const thumbs = await screen.findAllByTestId('message-image');
    expect(thumbs.map((img) => img.getAttribute('src'))).toEqual([
      '/media/u/thumb-1.jpg?sig=b',
      '/media/u/thumb-3.jpg?sig=b',
      '/media/u/thumb-4.jpg?sig=b',
    ]);
    await user.click(screen.getAllByTestId('open-image')[2] as HTMLElement);
    const viewer = await screen.findByTestId('chat-image-viewer');
    const shown = () => within(viewer).getByTestId('chat-viewer-image').getAttribute('src');
    expect(shown()).toBe('/media/u/full-4.jpg?sig=a');
    expect(within(viewer).getByTestId('chat-viewer-counter')).toHaveTextContent('3 of 3');
    // Past the last comes the first; before the first, the last.
    await user.click(within(viewer).getByRole('button', { name: 'Next picture' }));
    expect(shown()).toBe('/media/u/full-1.jpg?sig=a');
    expect(within(viewer).getByText('From Noa')).toBeInTheDocument();
    await user.click(within(viewer).getByRole('button', { name: 'Previous picture' }));
    await user.click(within(viewer).getByRole('button', { name: 'Previous picture' }));
    expect(shown()).toBe('/media/u/full-3.jpg?sig=a');
    expect(within(viewer).getByText('From you')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('chat-image-viewer')).not.toBeInTheDocument();
  });

  it('after expires_at, or expired: 1, says "This image has expired" instead of a picture', async () => {
    openChat([
      picture(1, { timestamp: NOW - 4000, expires_at: NOW - 400 }),
      picture(2, { expired: 1, message: null, thumb: null }),
      picture(3),
    ]);
    const expired = await screen.findAllByTestId('image-expired');
    expect(expired).toHaveLength(2);
    for (const note of expired) expect(note).toHaveTextContent('This image has expired');
    expect(screen.getAllByTestId('message-image')).toHaveLength(1);
  });

  it('turns into the placeholder the moment it expires, not a minute later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const now = Math.floor(Date.now() / 1000);
    openChat([picture(1, { timestamp: now - 3570, expires_at: now + 30 })]);
    expect(await screen.findByTestId('message-image')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTimeAsync(29_000));
    expect(screen.queryByTestId('image-expired')).not.toBeInTheDocument();
    await act(async () => vi.advanceTimersByTimeAsync(2_000));
    expect(screen.getByTestId('image-expired')).toHaveTextContent('This image has expired');
    vi.useRealTimers();
  });

  it('a link the server answers 410 for turns into the expired placeholder', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 410 }));
    vi.stubGlobal('fetch', fetchMock);
    openChat([picture(1)]);
    const image = await screen.findByTestId('message-image');
    fireEvent.error(image);
    expect(await screen.findByTestId('image-expired')).toHaveTextContent('This image has expired');
    expect(fetchMock).toHaveBeenCalledWith('/media/u/thumb-1.jpg?sig=b', {
      method: 'HEAD',
      credentials: 'same-origin',
    });
    vi.unstubAllGlobals();
  });

  it('a story reply shows the story’s picture, and "This story has expired" after', async () => {
    openChat([
      makeMessage(1, {
        message: 'Love it',
        story_id: 5,
        story: '/media/u/story.jpg?sig=s',
        timestamp: NOW - 60,
        expires_at: NOW + 3540,
      }),
      makeMessage(2, {
        message: 'And this',
        story_id: 6,
        story: null,
        timestamp: NOW - 5000,
        expires_at: NOW - 1400,
      }),
    ]);
    const replies = await screen.findAllByTestId('story-reply');
    expect(within(replies[0] as HTMLElement).getByTestId('story-reply-image')).toHaveAttribute(
      'src',
      '/media/u/story.jpg?sig=s',
    );
    expect(within(replies[1] as HTMLElement).getByTestId('story-expired')).toHaveTextContent(
      'This story has expired',
    );
  });
});
