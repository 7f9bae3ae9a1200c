// /stories: rings 20 a page, deduplicated, mine first; the empty state; adding a story (a fake
// upload, then stories/add); without premium, a hint that opens the subscriptions.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../app/store';
import type { StoryRing } from '../../realtime/protocol';
import { TEST_USER } from '../../realtime/testing';
import { setTestLanguage } from '../auth/testUtils';
import { answer, ME, renderChat, sent } from '../chat/testing';
import { newChatTest } from '../chat/testReset';
import { uploadPicture } from '../media/upload';
import { showBanner } from '../notify/banner';
import { usePremiumModal } from '../premium/store';
import StoriesPage from './StoriesPage';
import { resetStories } from './store';

vi.mock('../../realtime', () => import('../chat/testing'));
vi.mock('../notify/banner', (original) =>
  import('../chat/testing').then((m) => m.mockBanner(original)),
);
vi.mock('../notify/sounds', (original) =>
  import('../chat/testing').then((m) => m.mockSounds(original)),
);
vi.mock('../media/upload', async (original) => ({
  ...(await original<typeof import('../media/upload')>()),
  uploadPicture: vi.fn(),
}));

function ring(userId: number, storyId: number, patch: Partial<StoryRing> = {}): StoryRing {
  return {
    story_id: storyId,
    user_id: userId,
    name: `Person ${userId}`,
    photo: null,
    thumb: null,
    count: 1,
    time: Math.floor(Date.now() / 1000) - 3600,
    virtual: 0,
    mine: 0,
    ...patch,
  };
}

let chat: ReturnType<typeof newChatTest>;

function renderPage() {
  return renderChat(chat, <StoriesPage />, '/stories');
}

const cards = () =>
  screen.getAllByTestId('story-ring').map((card) => Number(card.getAttribute('data-user-id')));

beforeAll(async () => {
  await setTestLanguage('en');
});

beforeEach(() => {
  chat = newChatTest();
  resetStories();
  usePremiumModal.setState({ subscriptionsOpen: false });
});

afterEach(() => {
  vi.mocked(uploadPicture).mockReset();
});

describe('the stories page', () => {
  it('lists my ring first, then the others, each once', async () => {
    answer('stories', () => ({
      module: 'stories',
      request_status: 1,
      data: [ring(41, 9), ring(ME, 5, { mine: 1, name: 'Dana' }), ring(42, 8), ring(42, 8)],
    }));
    renderPage();
    await waitFor(() => expect(cards()).toEqual([ME, 41, 42]));
    expect(sent('stories')[0]).toEqual({ currentLength: 0, recordsToTake: 20 });
    expect(within(screen.getAllByTestId('story-ring')[0] as HTMLElement).getByText('Your story'));
    expect(screen.queryByTestId('stories-empty')).not.toBeInTheDocument();
  });

  it('says so when nobody has a story, and offers to add one', async () => {
    answer('stories', () => ({ module: 'stories', request_status: 1, data: [] }));
    renderPage();
    const empty = await screen.findByTestId('stories-empty');
    expect(empty).toHaveTextContent('No stories yet');
    expect(within(empty).getByRole('button', { name: 'Add a story' })).toBeInTheDocument();
  });

  it('without premium a hint opens the subscriptions; with it, none', async () => {
    answer('stories', () => ({ module: 'stories', request_status: 1, data: [] }));
    useAppStore.setState({ user: { ...TEST_USER, premium: 0 } });
    const first = renderPage();
    fireEvent.click(await screen.findByTestId('stories-premium'));
    expect(usePremiumModal.getState().subscriptionsOpen).toBe(true);
    first.unmount();
    useAppStore.setState({ user: { ...TEST_USER, premium: 1 } });
    renderPage();
    await screen.findByTestId('stories-empty');
    expect(screen.queryByTestId('stories-premium')).not.toBeInTheDocument();
  });

  it('adds a story: the upload’s progress on the card, then stories/add and the list again', async () => {
    let progress: ((fraction: number) => void) | undefined;
    let finish: ((value: Awaited<ReturnType<typeof uploadPicture>>) => void) | undefined;
    vi.mocked(uploadPicture).mockImplementation((_file, onProgress) => {
      progress = onProgress;
      return new Promise((resolve) => {
        finish = resolve;
      });
    });
    let listed: StoryRing[] = [];
    answer('stories', () => ({ module: 'stories', request_status: 1, data: listed }));
    answer('stories/add', (p) => ({
      module: 'stories/add',
      request_status: 1,
      data: {
        id: 5,
        story_id: 5,
        user_id: ME,
        story_photo: String(p.photo),
        time: 1,
        expires_at: 2,
        mine: 1,
      },
    }));
    renderPage();
    await screen.findByTestId('stories-empty');
    const input = screen.getByTestId('story-add-input');
    fireEvent.change(input, {
      target: { files: [new File(['x'], 'me.jpg', { type: 'image/jpeg' })] },
    });
    act(() => progress?.(0.6));
    expect(await screen.findByTestId('story-add-progress')).toHaveAttribute('aria-valuenow', '60');
    listed = [ring(ME, 5, { mine: 1 })];
    await act(async () =>
      finish?.({ link: '/media/u/new.jpg?sig=x', media: { id: 'n', width: 10, height: 10 } }),
    );
    await waitFor(() => expect(cards()).toEqual([ME]));
    expect(sent('stories/add')).toEqual([{ photo: '/media/u/new.jpg?sig=x' }]);
    expect(showBanner).toHaveBeenCalledWith({
      type: 'success',
      message: 'Your story is live for the next 24 hours',
    });
    expect(screen.queryByTestId('story-add-progress')).not.toBeInTheDocument();
  });
});
