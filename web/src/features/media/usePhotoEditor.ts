// The member's own photos as the slots edit them: one upload at a time with its progress, then
// user/photos/add; delete after a confirmation. The photos themselves live on the session user in
// the app store, so the side column, the profile page and the tab bar follow at once.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAppStore } from '../../app/store';
import type { PhotoEntry } from '../../realtime/protocol';
import type { MessageKey } from '../auth/errors';
import { addPhoto, deletePhoto, type PhotosOutcome } from './api';
import { canAddPhoto, slotsOf, type PendingPhoto, type Slot } from './photoSlots';
import { canPreviewLocally, isUploading, uploadErrorKey, uploadPicture } from './upload';

const NO_PHOTOS: PhotoEntry[] = [];

function addErrorKey(outcome: Exclude<PhotosOutcome, { kind: 'ok' }>): MessageKey {
  if (outcome.kind === 'network') return { key: 'errors.network' };
  return outcome.code === 'photo_limit_reached'
    ? { key: 'errors.photo_limit_reached' }
    : { key: 'errors.upload_failed' };
}

export interface PhotoEditor {
  slots: Slot[];
  photos: PhotoEntry[];
  /** A picture is on its way (uploading, or being saved to the profile). */
  uploading: boolean;
  /** Sends `file` to the next slot; nothing happens without a file or while one is on its way. */
  add(file: File | null | undefined): Promise<void>;
  error: MessageKey | null;
  /** The photo whose delete waits for confirmation. */
  confirming: PhotoEntry | null;
  askDelete(photo: PhotoEntry): void;
  cancelDelete(): void;
  confirmDelete(): Promise<void>;
  deleting: boolean;
  deleteError: MessageKey | null;
}

export function usePhotoEditor(count: number): PhotoEditor {
  const userId = useAppStore((s) => s.user?.id ?? null);
  const photos = useAppStore((s) => s.user?.photos) ?? NO_PHOTOS;
  const [pending, setPending] = useState<PendingPhoto | null>(null);
  const [error, setError] = useState<MessageKey | null>(null);
  const [confirming, setConfirming] = useState<PhotoEntry | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<MessageKey | null>(null);
  const upload = useRef<AbortController | null>(null);
  // Set while this editor's upload is on its way: state arrives a render late, and a second
  // file chosen in between must be ignored (spec §5).
  const busy = useRef(false);

  // Leaving the screen cancels an upload still on its way.
  useEffect(() => () => upload.current?.abort(), []);

  const add = useCallback(
    async (file: File | null | undefined) => {
      if (!file || userId === null) return;
      if (busy.current || isUploading()) return;
      const current = useAppStore.getState().user?.photos ?? NO_PHOTOS;
      if (!canAddPhoto(current, null, count)) {
        setError({ key: 'errors.photo_limit_reached' });
        return;
      }
      busy.current = true;
      setError(null);
      const preview = canPreviewLocally(file) ? URL.createObjectURL(file) : null;
      const controller = new AbortController();
      upload.current = controller;
      setPending({ preview, progress: 0, link: null });
      try {
        const uploaded = await uploadPicture(
          file,
          (progress) => setPending((p) => (p ? { ...p, progress } : p)),
          controller.signal,
        );
        setPending((p) => (p ? { ...p, progress: 1, link: uploaded.link } : p));
        const outcome = await addPhoto(userId, uploaded.link);
        if (outcome.kind === 'ok') {
          setPending(null);
          useAppStore.getState().setPhotos(outcome.photos);
        } else {
          setError(addErrorKey(outcome));
        }
      } catch (failure) {
        setError(uploadErrorKey(failure));
      } finally {
        busy.current = false;
        upload.current = null;
        setPending(null);
        if (preview) URL.revokeObjectURL(preview);
      }
    },
    [count, userId],
  );

  const askDelete = useCallback((photo: PhotoEntry) => {
    setDeleteError(null);
    setConfirming(photo);
  }, []);

  const cancelDelete = useCallback(() => {
    setConfirming(null);
    setDeleteError(null);
  }, []);

  const confirmDelete = useCallback(async () => {
    if (!confirming || deleting) return;
    setDeleting(true);
    setDeleteError(null);
    const outcome = await deletePhoto(confirming.id);
    setDeleting(false);
    if (outcome.kind === 'ok') {
      useAppStore.getState().setPhotos(outcome.photos);
      setConfirming(null);
    } else if (outcome.kind === 'refused' && outcome.code === 'not_found') {
      // Already gone (deleted in another tab): user/photos/changed brings the list.
      setConfirming(null);
    } else {
      setDeleteError(
        outcome.kind === 'network' ? { key: 'errors.network' } : { key: 'errors.internal_error' },
      );
    }
  }, [confirming, deleting]);

  return {
    slots: slotsOf(photos, pending, count, deleting),
    photos,
    uploading: pending !== null,
    add,
    error,
    confirming,
    askDelete,
    cancelDelete,
    confirmDelete,
    deleting,
    deleteError,
  };
}
