// Layout rules of spec §2 as pure functions.
import { BREAKPOINT_WIDE, CONTACTS_REDIRECT_MIN_WIDTH } from './constants';

export type TabBarMode = 'hidden' | 'dark' | 'light';

const TABBAR_HIDDEN = new Set(['/support', '/privacy', '/terms-and-conditions']);

function normalize(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed.toLowerCase();
}

export function tabBarMode(pathname: string): TabBarMode {
  const path = normalize(pathname);
  if (TABBAR_HIDDEN.has(path)) return 'hidden';
  if (path === '/stories' || path.startsWith('/stories/')) return 'dark';
  return 'light';
}

/** Whether a nav item for `to` is the current page (its own path or a sub-path). */
export function isActivePath(pathname: string, to: string): boolean {
  const path = normalize(pathname);
  return path === to || path.startsWith(`${to}/`);
}

/** /contacts has no page of its own on wide screens: the contacts list sits in the side column. */
export function contactsRedirect(viewportWidth: number): string | null {
  return viewportWidth > CONTACTS_REDIRECT_MIN_WIDTH ? '/profile' : null;
}

export const WIDE_QUERY = `(min-width: ${BREAKPOINT_WIDE}px)`;
export const CONTACTS_REDIRECT_QUERY = `(min-width: ${CONTACTS_REDIRECT_MIN_WIDTH + 1}px)`;
