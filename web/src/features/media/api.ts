// The profile photo calls (docs/protocol.md "user/photos/add", "user/photos/delete"), each
// resolved into a plain outcome; none throws. The pictures themselves travel over HTTP
// (./upload.ts).
import { realtime } from '../../realtime';
import { isPhotoAddDetails, isPhotosDetails } from '../../realtime/parse';
import type { ErrorCode, PhotoEntry } from '../../realtime/protocol';

export type PhotosOutcome =
  | { kind: 'ok'; photos: PhotoEntry[] }
  | { kind: 'refused'; code: ErrorCode | null }
  /** No answer (timeout, socket lost). */
  | { kind: 'network' };

/** `user/photos/add` {user_id, photo}: the upload's link joins the first free slot. */
export async function addPhoto(userId: number, link: string): Promise<PhotosOutcome> {
  try {
    const reply = await realtime.request('user/photos/add', { user_id: userId, photo: link });
    if (reply.request_status !== 1) return { kind: 'refused', code: reply.error_code ?? null };
    return isPhotoAddDetails(reply.request_details)
      ? { kind: 'ok', photos: reply.request_details.photos }
      : { kind: 'refused', code: null };
  } catch {
    return { kind: 'network' };
  }
}

/** `user/photos/delete` {id}: the later photos move up a slot. */
export async function deletePhoto(id: number): Promise<PhotosOutcome> {
  try {
    const reply = await realtime.request('user/photos/delete', { id });
    if (reply.request_status !== 1) return { kind: 'refused', code: reply.error_code ?? null };
    return isPhotosDetails(reply.request_details)
      ? { kind: 'ok', photos: reply.request_details.photos }
      : { kind: 'refused', code: null };
  } catch {
    return { kind: 'network' };
  }
}
