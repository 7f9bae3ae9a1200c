// The story viewer on screen, with fake timers: 10 s a story (1 % every 100 ms once its picture
// has loaded), the same member's next story, then the next member's; a tap pauses and resumes,
// prev goes back; it closes at the end of one's own stories. Others' stories take a reply (a
// paid text with story_id); one's own can be deleted. Premium gates others' stories.
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../app/store';
import type { Story, StoryRing } from '../../realtime/protocol';
import { setTestLanguage } from '../auth/testUtils';
import { ChatProvider } from '../chat/context';
import type { ChatService } from '../chat/service';
import { answer, ME, mine, sent } from '../chat/testing';
import { newChatTest } from '../chat/testReset';
import { showBanner } from '../notify/banner';
import { useProfileModal } from '../people/store';
import { usePremiumModal } from '../premium/store';
import { openStoryRing } from './open';
import StoryViewer from './StoryViewer';
import { useStoryViewer, type StoryViewerRequest } from './viewerStore';

vi.mock('../../realtime', () => import('../chat/testing'));
vi.mock('../notify/banner', (original) =>
  import('../chat/testing').then((m) => m.mockBanner(original)),
);
vi.mock('../notify/sounds', (original) =>
  import('../chat/testing').then((m) => m.mockSounds(original)),
);

const NOW = Math.floor(Date.now() / 1000);

function ring(userId: number, patch: Partial<StoryRing> = {}): StoryRing {
  return {
    story_id: userId * 10,
    user_id: userId,
    name: `Person ${userId}`,
    photo: null,
    thumb: null,
    count: 1,
    time: NOW - 600,
    virtual: 0,
    mine: 0,
    ...patch,
  };
}

function story(id: number, userId: number, patch: Partial<Story> = {}): Story {
  return {
    id,
    story_id: id,
    user_id: userId,
    story_photo: `/media/u/story-${id}.jpg?sig=s`,
    time: NOW - 600,
    expires_at: NOW + 80_000,
    mine: userId === ME ? 1 : 0,
    ...patch,
  };
}

const MINE = ring(ME, { mine: 1, name: 'Dana' });
const NOA = ring(41, { name: 'Noa', count: 2, virtual: 1 });
const MAYA = ring(42, { name: 'Maya' });
const RINGS = [MINE, NOA, MAYA];

let chat: ChatService;

/** Opens the viewer on `start`, as openStoryRing does, and renders it. */
function openViewer(start: number, loaded: StoryViewerRequest['loaded']) {
  act(() => useStoryViewer.getState().open({ rings: RINGS, start, loaded }));
  const request = useStoryViewer.getState().request;
  if (!request) throw new Error('not open');
  return render(
    <ChatProvider service={chat}>
      <StoryViewer request={request} />
    </ChatProvider>,
  );
}

const frame = () => screen.getByTestId('story-frame');
const progress = () => Number(screen.getByTestId('story-progress').getAttribute('data-percent'));
/** The story's picture arrives: from now its 10 s run. */
const loadPicture = () => fireEvent.load(screen.getByTestId('story-image'));
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const flush = () => act(async () => vi.advanceTimersByTimeAsync(0));

beforeAll(async () => {
  await setTestLanguage('en');
});

beforeEach(() => {
  chat = newChatTest();
  useAppStore.setState({ configs: { prices: [{ feature: 'text', price: 50 }] } });
  useStoryViewer.setState({ request: null });
  useProfileModal.setState({ userId: null });
  usePremiumModal.setState({ subscriptionsOpen: false });
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the story viewer', () => {
  it('runs 10 s a story, then the same member’s next, then the next member, then closes', async () => {
    answer('stories/get', () => ({
      module: 'stories/get',
      request_status: 1,
      data: [story(3, 42)],
    }));
    openViewer(1, { 41: [story(1, 41), story(2, 41)] });
    expect(frame()).toHaveAttribute('data-user-id', '41');
    // Nothing runs until the picture is there.
    advance(3_000);
    expect(progress()).toBe(0);
    loadPicture();
    advance(100);
    expect(progress()).toBe(1);
    advance(4_900);
    expect(progress()).toBe(50);
    advance(5_000);
    expect(frame()).toHaveAttribute('data-story-id', '2');
    loadPicture();
    advance(10_000);
    // Maya's stories load when she comes up.
    await flush();
    expect(sent('stories/get')).toEqual([{ user_id: 42 }]);
    expect(frame()).toHaveAttribute('data-user-id', '42');
    loadPicture();
    advance(9_900);
    expect(useStoryViewer.getState().request).not.toBeNull();
    advance(100);
    expect(useStoryViewer.getState().request).toBeNull();
  });

  it('a tap pauses and resumes; prev goes back', () => {
    openViewer(1, { 41: [story(1, 41), story(2, 41)] });
    loadPicture();
    advance(3_000);
    fireEvent.click(screen.getByTestId('story-tap'));
    expect(frame()).toHaveAttribute('data-paused', 'true');
    advance(20_000);
    expect(progress()).toBe(30);
    fireEvent.click(screen.getByTestId('story-tap'));
    advance(1_000);
    expect(progress()).toBe(40);
    fireEvent.click(screen.getByTestId('story-next'));
    expect(frame()).toHaveAttribute('data-story-id', '2');
    loadPicture();
    advance(2_000);
    fireEvent.click(screen.getByTestId('story-prev'));
    expect(frame()).toHaveAttribute('data-story-id', '1');
    expect(progress()).toBe(0);
  });

  it('one’s own stories: no reply, the avatar opens nothing, the end closes the viewer', () => {
    openViewer(0, { [ME]: [story(7, ME)] });
    expect(screen.queryByTestId('story-reply-input')).not.toBeInTheDocument();
    const owner = screen.getByTestId('story-owner');
    expect(owner.tagName).not.toBe('BUTTON');
    fireEvent.click(owner);
    expect(useProfileModal.getState().userId).toBeNull();
    expect(within(owner).getByText('Your story')).toBeInTheDocument();
    loadPicture();
    // Others follow in the list, but one's own stories end the viewing.
    advance(10_000);
    expect(useStoryViewer.getState().request).toBeNull();
    expect(sent('stories/get')).toEqual([]);
  });

  it('the owner deletes a story after confirming', async () => {
    answer('stories/delete', () => ({ module: 'stories/delete', request_status: 1 }));
    openViewer(0, { [ME]: [story(7, ME), story(8, ME)] });
    loadPicture();
    fireEvent.click(screen.getByRole('button', { name: 'Delete this story' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete this story?' });
    // The story waits while the question is open.
    advance(20_000);
    expect(useStoryViewer.getState().request).not.toBeNull();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await flush();
    expect(sent('stories/delete')).toEqual([{ story_id: 7 }]);
    expect(frame()).toHaveAttribute('data-story-id', '8');
    expect(showBanner).toHaveBeenCalledWith({ type: 'success', message: 'Your story was deleted' });
  });

  it('others’ stories: the name opens their profile, a virtual profile says so', () => {
    openViewer(1, { 41: [story(1, 41)] });
    expect(screen.getByTestId('story-virtual-notice')).toHaveTextContent(/virtual profile/i);
    fireEvent.click(screen.getByRole('button', { name: "Open Noa's profile" }));
    expect(useProfileModal.getState().userId).toBe(41);
    expect(useStoryViewer.getState().request).toBeNull();
  });

  it('a reply is a paid text with story_id; typing holds the story; it is never empty', async () => {
    answer('send_message', (p) => ({
      module: 'send_message',
      request_status: 1,
      data: mine(900, 41, {
        client_id: String(p.client_id),
        message: String(p.message_text),
        story_id: 1,
      }),
      request_details: { credits: 150, credits_spent: 50 },
    }));
    openViewer(1, { 41: [story(1, 41)] });
    loadPicture();
    advance(2_000);
    const input = screen.getByRole('textbox', { name: "Reply to Noa's story" });
    const send = screen.getByRole('button', { name: 'Send reply' });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '   ' } });
    expect(send).toBeDisabled();
    advance(30_000);
    expect(progress()).toBe(20);
    fireEvent.change(input, { target: { value: 'Beautiful!' } });
    fireEvent.click(send);
    await flush();
    expect(sent('send_message')[0]).toMatchObject({
      receiver_id: 41,
      message_type: 'text',
      message_text: 'Beautiful!',
      story: 1,
      story_id: 1,
    });
    expect(screen.getByTestId('story-reply-note')).toHaveTextContent('Reply sent');
    expect(input).toHaveValue('');
    // The reply is in the conversation too.
    expect(chat.conversationOf(41).messages[0]).toMatchObject({ id: 900, story_id: 1 });
  });

  it('premium_required for the next member closes the viewer with the premium notice', async () => {
    answer('stories/get', () => ({
      module: 'stories/get',
      request_status: 0,
      error_code: 'premium_required',
    }));
    openViewer(1, { 41: [story(1, 41)] });
    loadPicture();
    advance(10_000);
    await flush();
    expect(useStoryViewer.getState().request).toBeNull();
    expect(showBanner).toHaveBeenCalledWith(
      expect.objectContaining({
        type: 'error',
        message: 'Only with premium access you can view stories',
      }),
    );
  });
});

describe('opening a ring', () => {
  it('without premium: the notice, whose tap opens the subscriptions; no viewer', async () => {
    answer('stories/get', () => ({
      module: 'stories/get',
      request_status: 0,
      error_code: 'premium_required',
    }));
    await openStoryRing(RINGS, 1);
    expect(useStoryViewer.getState().request).toBeNull();
    const banner = vi.mocked(showBanner).mock.calls[0]?.[0];
    expect(banner).toMatchObject({
      type: 'error',
      message: 'Only with premium access you can view stories',
    });
    banner?.onClick?.();
    expect(usePremiumModal.getState().subscriptionsOpen).toBe(true);
  });

  it('with the stories fetched, the viewer opens on them', async () => {
    answer('stories/get', () => ({
      module: 'stories/get',
      request_status: 1,
      data: [story(1, 41)],
    }));
    await openStoryRing(RINGS, 1);
    expect(useStoryViewer.getState().request).toMatchObject({
      start: 1,
      loaded: { 41: [story(1, 41)] },
    });
  });
});
