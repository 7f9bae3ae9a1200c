// Pure rules of the stories list (spec §4 "Lists", §9): pages of 20 rings, deduplicated by
// story_id, one's own ring first.
import type { StoryRing } from '../../realtime/protocol';

/** Spec §9: stories come 20 a page. */
export const STORIES_PAGE = 20;

/**
 * Appends a page of rings: a ring whose story_id is already listed is dropped (spec §4), and so is
 * a second ring of someone already listed (their newest story changed between two pages). Mine
 * stays first.
 */
export function mergeRings(current: readonly StoryRing[], page: readonly StoryRing[]): StoryRing[] {
  const stories = new Set<number>();
  const members = new Set<number>();
  const out: StoryRing[] = [];
  for (const ring of [...current, ...page]) {
    if (stories.has(ring.story_id) || members.has(ring.user_id)) continue;
    stories.add(ring.story_id);
    members.add(ring.user_id);
    out.push(ring);
  }
  return mineFirst(out);
}

/** One's own ring first, the others in the server's order (newest story first). */
export function mineFirst(rings: readonly StoryRing[]): StoryRing[] {
  return [...rings.filter((r) => r.mine === 1), ...rings.filter((r) => r.mine !== 1)];
}

/** The list without `userId` (blocked, or their last story deleted). */
export function withoutMember(rings: readonly StoryRing[], userId: number): StoryRing[] {
  return rings.filter((r) => r.user_id !== userId);
}
