// The rules of the photo slots (spec §5: up to 6; the first photo is the main one), apart from
// the screens so they can be tested without rendering. The server puts a new photo into the
// first free slot and moves the later ones up when one is deleted, so the slots are always
// filled from the first: a slot opens once the one before it holds a photo.
import type { PhotoEntry } from '../../realtime/protocol';

/** Spec §9 "Photo slots 6"; configs.site.photo_slots says the same. */
export const PHOTO_SLOTS = 6;

/** A picture on its way: chosen, being sent, then being saved to the profile. */
export interface PendingPhoto {
  /** An object URL of the chosen file, or null when the browser cannot draw it (HEIC). */
  preview: string | null;
  /** Share of the file sent, 0 to 1. */
  progress: number;
  /** The server's JPEG, once the upload answered: it replaces the preview or the placeholder. */
  link: string | null;
}

export type Slot =
  | { kind: 'photo'; index: number; photo: PhotoEntry }
  | { kind: 'uploading'; index: number; pending: PendingPhoto }
  /** The next slot to fill. */
  | { kind: 'open'; index: number }
  /** Waits for the slot before it. */
  | { kind: 'locked'; index: number };

/**
 * What each of `count` slots shows. `busy` (a delete under way) keeps every empty slot shut, as
 * does an upload: one runs at a time.
 */
export function slotsOf(
  photos: readonly PhotoEntry[],
  pending: PendingPhoto | null,
  count: number,
  busy = false,
): Slot[] {
  return Array.from({ length: count }, (_, index): Slot => {
    const photo = photos[index];
    if (photo) return { kind: 'photo', index, photo };
    if (index === photos.length && pending) return { kind: 'uploading', index, pending };
    if (index === photos.length && !pending && !busy) return { kind: 'open', index };
    return { kind: 'locked', index };
  });
}

/** Whether another photo may be added now. */
export function canAddPhoto(
  photos: readonly PhotoEntry[],
  pending: PendingPhoto | null,
  count: number,
): boolean {
  return pending === null && photos.length < count;
}
