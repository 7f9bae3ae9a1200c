// The member's photo slots (spec §2 profile edit, the registration's photo step): the first photo
// is the main one, a slot opens once the one before it is filled, each upload shows its progress
// over a preview of the chosen picture (a placeholder for HEIC until the server's JPEG arrives),
// and a photo is deleted after a confirmation.
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../ui/icons';
import { ConfirmDialog } from '../people/ConfirmDialog';
import type { PendingPhoto, Slot } from './photoSlots';
import { PictureInput } from './PictureInput';
import { usePhotoEditor } from './usePhotoEditor';
import './media.css';

interface PhotoSlotsProps {
  /** How many slots to show: 6 on the profile, fewer on the registration step. */
  count: number;
  /** `profile`: three columns; `register`: four, for the main photo and four more. */
  layout?: 'profile' | 'register';
  /** Describes the slots (a hint under them), for the list's aria-describedby. */
  describedBy?: string;
  /** Told when an upload starts and when it has ended. */
  onBusyChange?: (busy: boolean) => void;
}

export function PhotoSlots({
  count,
  layout = 'profile',
  describedBy,
  onBusyChange,
}: PhotoSlotsProps) {
  const { t } = useTranslation();
  const editor = usePhotoEditor(count);
  const uploading = editor.uploading;
  useEffect(() => onBusyChange?.(uploading), [uploading, onBusyChange]);
  const input = useRef<HTMLInputElement>(null);
  const errorId = useId();

  const confirming = editor.confirming;
  const confirmingMain = confirming !== null && editor.photos[0]?.id === confirming.id;

  return (
    <div className={`photo-slots photo-slots--${layout}`} data-testid="photo-slots">
      <ol
        className="photo-slots__grid"
        aria-label={t('media.slots.label')}
        aria-describedby={
          [describedBy, editor.error ? errorId : null].filter(Boolean).join(' ') || undefined
        }
      >
        {editor.slots.map((slot) => (
          <li
            key={slot.index}
            className={`photo-slot photo-slot--${slot.kind}${slot.index === 0 ? ' photo-slot--main' : ''}`}
            data-testid="photo-slot"
            data-slot={slot.index}
            data-state={slot.kind}
            data-photo-id={slot.kind === 'photo' ? slot.photo.id : undefined}
          >
            <SlotContent
              slot={slot}
              onAdd={() => input.current?.click()}
              onDelete={() => slot.kind === 'photo' && editor.askDelete(slot.photo)}
            />
          </li>
        ))}
      </ol>
      <PictureInput
        inputRef={input}
        onPick={(file) => void editor.add(file)}
        testId="photo-input"
      />
      {editor.error ? (
        <p id={errorId} className="photo-slots__error" role="alert" data-testid="photo-error">
          <Icon name="cancel" size={18} />
          <span>{t(editor.error.key, editor.error.params)}</span>
        </p>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title={t('media.delete.title')}
          body={confirmingMain ? t('media.delete.bodyMain') : t('media.delete.body')}
          confirmLabel={t('media.delete.confirm')}
          onConfirm={() => void editor.confirmDelete()}
          onCancel={editor.cancelDelete}
          busy={editor.deleting}
          error={editor.deleteError ? t(editor.deleteError.key) : null}
          danger
        >
          <img className="photo-slots__confirm-photo" src={confirming.thumb} alt="" />
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

function SlotContent({
  slot,
  onAdd,
  onDelete,
}: {
  slot: Slot;
  onAdd: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const n = slot.index + 1;
  const main = slot.index === 0;
  switch (slot.kind) {
    case 'photo':
      return (
        <>
          <img
            className="photo-slot__image"
            // The main slot is large: the display size stays sharp there.
            src={main ? slot.photo.photo : slot.photo.thumb}
            alt={main ? t('media.slots.main') : t('media.slots.photo', { n })}
            decoding="async"
            data-testid="photo-slot-image"
          />
          {main ? <span className="photo-slot__badge">{t('media.slots.main')}</span> : null}
          <button
            type="button"
            className="photo-slot__delete"
            onClick={onDelete}
            aria-label={t('media.slots.delete', { n })}
            data-testid="photo-slot-delete"
          >
            <Icon name="trash" size={18} strokeWidth={2} />
          </button>
        </>
      );
    case 'uploading':
      return <Uploading pending={slot.pending} n={n} />;
    case 'open':
      return (
        <button
          type="button"
          className="photo-slot__add"
          onClick={onAdd}
          data-testid="photo-slot-add"
        >
          <span className="photo-slot__plus" aria-hidden="true">
            <Icon name={main ? 'camera' : 'plus'} size={main ? 28 : 22} strokeWidth={2.2} />
          </span>
          <span className="photo-slot__label">
            {main ? t('media.slots.addMain') : t('media.slots.add')}
          </span>
        </button>
      );
    case 'locked':
      return (
        <button
          type="button"
          className="photo-slot__add"
          disabled
          aria-label={t('media.slots.locked', { n })}
        >
          <span className="photo-slot__plus" aria-hidden="true">
            <Icon name="plus" size={20} strokeWidth={2} />
          </span>
        </button>
      );
  }
}

function Uploading({ pending, n }: { pending: PendingPhoto; n: number }) {
  const { t } = useTranslation();
  // The server's JPEG once it answered, else the browser's own preview, else a placeholder.
  const picture = pending.link ?? pending.preview;
  const percent = Math.round(pending.progress * 100);
  const sent = pending.progress >= 1;
  return (
    <>
      {picture ? (
        <img className="photo-slot__image" src={picture} alt="" data-testid="photo-slot-preview" />
      ) : (
        <span className="photo-slot__placeholder" data-testid="photo-slot-placeholder">
          <Icon name="image" size={30} />
          <span>{t('media.slots.preparing')}</span>
        </span>
      )}
      <span className="photo-slot__veil" aria-hidden="true" />
      <span className="photo-slot__status">
        <span className="photo-slot__percent" dir="ltr" aria-hidden="true">
          {sent ? t('media.slots.processing') : `${percent}%`}
        </span>
        <span
          className="photo-slot__progress"
          role="progressbar"
          aria-label={t('media.slots.uploading', { n })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          data-testid="photo-slot-progress"
        >
          <span
            className={sent ? 'photo-slot__bar photo-slot__bar--done' : 'photo-slot__bar'}
            style={{ inlineSize: `${percent}%` }}
          />
        </span>
      </span>
    </>
  );
}
