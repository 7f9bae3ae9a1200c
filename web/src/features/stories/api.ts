// The stories' calls (docs/protocol.md "Story", "stories", "stories/get", "stories/add",
// "stories/delete"), each resolved into a plain outcome. None throws: a lost socket or a timeout
// is an outcome like a refusal. A reply to a story is a chat message: the ChatService sends it.
import { realtime } from '../../realtime';
import type { ErrorCode, Story, StoryRing } from '../../realtime/protocol';
import { STORIES_PAGE } from './rules';

/** A page of `stories` (20 rings at most, mine first), or null when it failed. */
export async function fetchStoryRings(offset: number): Promise<StoryRing[] | null> {
  try {
    const reply = await realtime.request('stories', {
      currentLength: offset,
      recordsToTake: STORIES_PAGE,
    });
    return reply.request_status === 1 && Array.isArray(reply.data) ? reply.data : null;
  } catch {
    return null;
  }
}

export type StoriesOutcome =
  | { kind: 'ok'; stories: Story[] }
  /** Only premium members watch other people's stories. */
  | { kind: 'premium_required' }
  /** Unknown, blocked either way. */
  | { kind: 'not_found' }
  | { kind: 'error' };

/** `stories/get`: a member's live stories, oldest first. */
export async function fetchStories(userId: number): Promise<StoriesOutcome> {
  try {
    const reply = await realtime.request('stories/get', { user_id: userId });
    if (reply.request_status === 1 && Array.isArray(reply.data)) {
      return { kind: 'ok', stories: reply.data };
    }
    if (reply.error_code === 'premium_required') return { kind: 'premium_required' };
    if (reply.error_code === 'not_found') return { kind: 'not_found' };
    return { kind: 'error' };
  } catch {
    return { kind: 'error' };
  }
}

export type AddStoryOutcome =
  { kind: 'ok'; story: Story } | { kind: 'error'; code: ErrorCode | null };

/** `stories/add` with the link an upload answered. */
export async function addStory(photo: string): Promise<AddStoryOutcome> {
  try {
    const reply = await realtime.request('stories/add', { photo });
    if (reply.request_status === 1 && reply.data) return { kind: 'ok', story: reply.data };
    return { kind: 'error', code: reply.error_code ?? 'internal_error' };
  } catch {
    return { kind: 'error', code: null };
  }
}

/** `stories/delete`: true once the story is gone. */
export async function deleteStory(storyId: number): Promise<boolean> {
  try {
    const reply = await realtime.request('stories/delete', { story_id: storyId });
    return reply.request_status === 1;
  } catch {
    return false;
  }
}
