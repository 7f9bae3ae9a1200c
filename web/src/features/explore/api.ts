// The deck's calls (docs/protocol.md "Discovery and the social graph"), each resolved into a plain
// outcome. None throws: a lost socket or a timeout is an outcome like a refusal.
import { realtime } from '../../realtime';
import type { Person } from '../../realtime/protocol';

/** `explore` {exclude}: more cards, or null when the server refused or the socket failed. */
export async function fetchCards(exclude: number[]): Promise<Person[] | null> {
  try {
    const reply = await realtime.request('explore', { exclude });
    return reply.request_status === 1 ? (reply.data ?? []) : null;
  } catch {
    return null;
  }
}

// Widening the search from an empty deck saves a search preference, as the settings page does.
export { updateUser, type UpdateOutcome } from '../settings/api';
