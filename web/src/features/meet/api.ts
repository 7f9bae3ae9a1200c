// Discover's calls (docs/protocol.md "Discovery and the social graph"), each resolved into a
// plain outcome. None throws: a lost socket or a timeout is an outcome like a refusal.
import { realtime } from '../../realtime';
import type { Person } from '../../realtime/protocol';

export const MEET_PAGE_SIZE = 24;

export type MeetTab = 'meet' | 'popular';

const MODULE = { meet: 'meet', popular: 'meet/popular' } as const;

/** A page of `meet` or `meet/popular` from `offset`, or null when it failed. */
export async function fetchDiscoveryPage(tab: MeetTab, offset: number): Promise<Person[] | null> {
  try {
    const reply = await realtime.request(MODULE[tab], {
      currentLength: offset,
      recordsToTake: MEET_PAGE_SIZE,
    });
    const data = reply.data;
    return reply.request_status === 1 && Array.isArray(data) ? data : null;
  } catch {
    return null;
  }
}

/** `spotlight`: the most popular people with a photo, or null when it failed. */
export async function fetchSpotlight(): Promise<Person[] | null> {
  try {
    const reply = await realtime.request('spotlight', { currentLength: 0 });
    return reply.request_status === 1 && Array.isArray(reply.data) ? reply.data : null;
  } catch {
    return null;
  }
}
