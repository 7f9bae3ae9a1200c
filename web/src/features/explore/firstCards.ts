// The first cards the server drew into the pre-rendered /explore (web/build/explorePage.ts,
// server/src/pages/explore_page.hpp): the same people its socket's first `explore` would give,
// as JSON beside the drawn cards. The deck starts from them, so that the app takes the page over
// with the very cards on screen and asks the socket only for more.
import type { Person } from '../../realtime/protocol';
import { isPerson } from '../../realtime/parse';

export const FIRST_CARDS_ID = 'kesher-first-cards';

/** The people in the page's first-cards element, once: the element goes with the reading, so a
 *  later visit to /explore in the same tab asks the socket as usual. null when the page has none
 *  or they do not read as people. */
export function takeFirstCards(doc: Document = document): Person[] | null {
  const element = doc.getElementById(FIRST_CARDS_ID);
  if (!element) return null;
  element.remove();
  let parsed: unknown;
  try {
    parsed = JSON.parse(element.textContent ?? '');
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || !parsed.every(isPerson)) return null;
  return parsed;
}
