// What the composer holds and has not sent, per conversation. It lives in sessionStorage, so a
// reload (or a lost connection that ends in one) keeps the text, and it dies with the tab. Keys
// name the signed-in member too, so another account in the same tab never sees it.
import { create } from 'zustand';

const PREFIX = 'kesher.draft.';

export function draftKey(myId: number | null, partnerId: number): string {
  return `${PREFIX}${myId ?? 0}.${partnerId}`;
}

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    // Storage can be refused (privacy settings); drafts then last as long as the page.
    return null;
  }
}

function readStored(key: string): string {
  try {
    return storage()?.getItem(key) ?? '';
  } catch {
    return '';
  }
}

function writeStored(key: string, text: string): void {
  try {
    if (text === '') storage()?.removeItem(key);
    else storage()?.setItem(key, text);
  } catch {
    // A full or refused storage keeps the draft in memory only.
  }
}

interface DraftState {
  drafts: Record<string, string>;
  setDraft(key: string, text: string): void;
  clear(): void;
}

export const useDraftStore = create<DraftState>()((set) => ({
  drafts: {},
  setDraft: (key, text) => {
    writeStored(key, text);
    set((s) => ({ drafts: { ...s.drafts, [key]: text } }));
  },
  clear: () => set({ drafts: {} }),
}));

/** The unsent text of a conversation: what this page typed, else what the tab stored. */
export function draftOf(key: string): string {
  return useDraftStore.getState().drafts[key] ?? readStored(key);
}

export function setDraft(key: string, text: string): void {
  useDraftStore.getState().setDraft(key, text);
}

/** Puts refused text back in the composer, before anything typed since. */
export function restoreDraft(key: string, text: string): void {
  const current = draftOf(key);
  setDraft(key, current.trim() === '' ? text : `${text}\n${current}`);
}

/** Forgets every draft (logout): they are private to the member who wrote them. */
export function clearAllDrafts(): void {
  const store = storage();
  if (store) {
    try {
      const keys = Array.from({ length: store.length }, (_, i) => store.key(i));
      for (const key of keys) if (key?.startsWith(PREFIX)) store.removeItem(key);
    } catch {
      // Nothing stored, or storage refused.
    }
  }
  useDraftStore.getState().clear();
}
