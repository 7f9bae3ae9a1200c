// Leaving the in-app browser: the URL that opens this page in the real browser (with a one-time
// token when signed in), and the navigation to it. The navigation is a seam of its own: the
// browser tests watch the `kesher:escape` event, as no test browser can follow an intent.
import type { BrowserDetection } from './detect';
import { escapeTarget, intentUrl, safariUrl } from './plan';

export const ESCAPE_EVENT = 'kesher:escape';

export interface OpenDeps {
  detection: BrowserDetection;
  member: boolean;
  location: { protocol: string; host: string; pathname: string; search: string; origin: string };
  requestToken: () => Promise<string>;
  navigate: (url: string) => void;
}

/** Where the real browser should go: an Android intent for Chrome, Safari's scheme on iOS, the
 *  plain address elsewhere. A failed token request still opens the page, through /reconnect. */
export async function openInBrowser(deps: OpenDeps): Promise<string> {
  const { detection, member, location } = deps;
  let token: string | null = null;
  if (member) token = await deps.requestToken().catch(() => null);
  const target = escapeTarget(location.pathname + location.search, token, member);
  const url =
    detection.os === 'android'
      ? intentUrl(location, target)
      : detection.os === 'ios'
        ? safariUrl(location, target)
        : location.origin + target;
  deps.navigate(url);
  return url;
}

/** The page's own navigation, announced first (ESCAPE_EVENT, detail: the URL). */
export function navigateAway(url: string): void {
  window.dispatchEvent(new CustomEvent(ESCAPE_EVENT, { detail: url }));
  window.location.href = url;
}
