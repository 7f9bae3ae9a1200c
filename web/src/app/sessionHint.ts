// The session cookie is HttpOnly, so the client cannot see it. This flag remembers that the last
// validation succeeded, which tells the realtime client to retry a failed validation (spec §4)
// instead of treating the visitor as a guest at once.
import { SESSION_HINT_KEY } from './constants';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage can be blocked (privacy modes); the hint is only an optimisation
  }
}

export function readSessionHint(): boolean {
  return storage()?.getItem(SESSION_HINT_KEY) === '1';
}

export function writeSessionHint(signedIn: boolean): void {
  const s = storage();
  if (!s) return;
  try {
    if (signedIn) s.setItem(SESSION_HINT_KEY, '1');
    else s.removeItem(SESSION_HINT_KEY);
  } catch {
    // quota or privacy mode: see above
  }
}
