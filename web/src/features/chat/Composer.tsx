// The bottom bar of the chat (spec §2): picture, gifts, a text area growing from 48 to 100 px, and
// send. The picture button chooses a file (png, jpeg, webp, heic, heif) that goes up inside its
// own bubble, or, for a member with profile photos, opens a small menu that also offers those.
// Enter sends, Shift+Enter starts a new line; empty text is never sent, and below the minimum
// balance the credits modal opens instead (spec §5). The text is the conversation's draft
// (drafts.ts): it survives a reload and is cleared by a send. While it changes, the partner is told
// that the member is typing (typing.ts). Above the bar, the paid-send notice.
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../app/format';
import { useAppStore } from '../../app/store';
import type { PhotoEntry } from '../../realtime/protocol';
import { CoinIcon, Icon } from '../../ui/icons';
import { draftKey, draftOf, setDraft, useDraftStore } from './drafts';
import { PictureInput } from '../media/PictureInput';
import { ChatOverlay } from './ChatOverlay';
import { GiftDrawer } from './GiftDrawer';
import { composerHeight, imagePrice, MESSAGE_MAX_CHARS, sendableText } from './rules';
import { useChat, useChatState } from './context';
import { conversationOf } from './store';

const SPENT_NOTICE_MS = 2600;

/** "−50 credits · 150 left", for a moment, just above the composer of the chat that paid. */
function SpentNotice({ partnerId }: { partnerId: number }) {
  const { t } = useTranslation();
  const chat = useChat();
  const spent = useChatState((s) => (s.spent?.partnerId === partnerId ? s.spent : null));
  const credits = useAppStore((s) => s.user?.credits ?? null);
  const language = useAppStore((s) => s.language);
  useEffect(() => {
    if (!spent) return;
    const timer = setTimeout(() => chat.store.getState().hideSpent(spent.id), SPENT_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [chat, spent]);
  return (
    <div className="chat-spent-region" role="status" data-testid="chat-spent-region">
      {spent ? (
        <p key={spent.id} className="chat-spent" data-testid="chat-spent">
          <CoinIcon size={20} />
          <span>{t('chat.creditsSpent', { count: spent.amount })}</span>
          {credits !== null ? (
            <span className="chat-spent__left">
              {t('chat.creditsLeft', { amount: formatNumber(credits, language) })}
            </span>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}

/** The picture menu: a file from the device, or one of my profile photos (a `pphoto`). */
function PictureMenu({
  onDevice,
  onPhoto,
  onClose,
}: {
  onDevice: () => void;
  onPhoto: (photo: PhotoEntry) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const photos = useAppStore((s) => s.user?.photos ?? []);
  const price = useAppStore((s) => imagePrice(s.configs));
  const language = useAppStore((s) => s.language);
  return (
    <ChatOverlay
      className="picture-menu"
      testId="picture-menu"
      icon="image"
      title={t('chat.composer.pictureTitle')}
      closeLabel={t('chat.gifts.close')}
      onClose={onClose}
    >
      <div className="picture-menu__body">
        <button
          type="button"
          className="picture-menu__device"
          onClick={onDevice}
          data-testid="picture-from-device"
        >
          <span className="picture-menu__device-icon" aria-hidden="true">
            <Icon name="camera" size={24} />
          </span>
          <span className="picture-menu__device-text">
            <strong>{t('chat.composer.fromDevice')}</strong>
            <span className="muted">{t('chat.composer.fromDeviceHint')}</span>
          </span>
        </button>
        <h3 className="picture-menu__heading">{t('chat.composer.profilePhotos')}</h3>
        <ul className="picture-menu__photos">
          {photos.map((photo, index) => (
            <li key={photo.id}>
              <button
                type="button"
                className="picture-menu__photo"
                onClick={() => onPhoto(photo)}
                aria-label={t('chat.composer.sendProfilePhoto', { index: index + 1 })}
                data-testid="picture-profile-photo"
                data-photo-id={photo.id}
              >
                <img src={photo.thumb} alt="" loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
        <p className="picture-menu__price muted">
          <CoinIcon size={14} />
          {t('chat.composer.picturePrice', { count: price, amount: formatNumber(price, language) })}
        </p>
      </div>
    </ChatOverlay>
  );
}

export function Composer({ partnerId, partnerName }: { partnerId: number; partnerName: string }) {
  const { t } = useTranslation();
  const chat = useChat();
  const myId = useAppStore((s) => s.user?.id ?? null);
  const key = draftKey(myId, partnerId);
  const text = useDraftStore((s) => s.drafts[key]) ?? draftOf(key);
  const setText = (value: string) => setDraft(key, value);
  const [gifts, setGifts] = useState(false);
  const [pictureMenu, setPictureMenu] = useState(false);
  const hasPhotos = useAppStore((s) => (s.user?.photos.length ?? 0) > 0);
  // One upload at a time (spec §5): the picture button waits while one goes up here.
  const uploading = useChatState((s) =>
    conversationOf(s, partnerId).messages.some((m) => m.pending?.state === 'uploading'),
  );
  const area = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const empty = sendableText(text) === null;

  const chooseFile = () => {
    setPictureMenu(false);
    fileInput.current?.click();
  };

  useLayoutEffect(() => {
    const el = area.current;
    if (!el) return;
    el.style.blockSize = 'auto';
    const height = composerHeight(el.scrollHeight);
    el.style.blockSize = `${height}px`;
    el.style.overflowY = el.scrollHeight > height ? 'auto' : 'hidden';
  }, [text]);

  const send = () => {
    if (empty) return;
    if (chat.sendText(partnerId, text)) setText('');
    area.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  return (
    <>
      <SpentNotice partnerId={partnerId} />
      <form
        className="chat-composer"
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
        data-testid="chat-composer"
      >
        <button
          type="button"
          className="chat-icon-btn chat-composer__picture"
          onClick={() => (hasPhotos ? setPictureMenu(true) : chooseFile())}
          disabled={uploading}
          aria-label={t('chat.composer.picture')}
          aria-haspopup={hasPhotos ? 'dialog' : undefined}
          data-testid="chat-picture"
        >
          <Icon name="image" size={22} />
        </button>
        <PictureInput
          inputRef={fileInput}
          onPick={(file) => chat.sendImage(partnerId, file)}
          testId="chat-picture-input"
        />
        <button
          type="button"
          className="chat-icon-btn chat-composer__gift"
          onClick={() => setGifts(true)}
          aria-label={t('chat.composer.gifts')}
          aria-haspopup="dialog"
          data-testid="chat-gifts"
        >
          <Icon name="gift" size={22} />
        </button>
        <textarea
          ref={area}
          className="chat-composer__input"
          rows={1}
          value={text}
          maxLength={MESSAGE_MAX_CHARS}
          placeholder={t('chat.composer.placeholder')}
          aria-label={t('chat.composer.label')}
          dir="auto"
          onChange={(event) => {
            setText(event.target.value);
            chat.draftChanged(partnerId, event.target.value);
          }}
          onKeyDown={onKeyDown}
          data-testid="chat-input"
        />
        <button
          type="submit"
          className="send-button chat-composer__send"
          disabled={empty}
          aria-label={t('chat.composer.send')}
          data-testid="chat-send"
        >
          <Icon name="send" size={20} strokeWidth={2} />
        </button>
      </form>
      {pictureMenu ? (
        <PictureMenu
          onDevice={chooseFile}
          onPhoto={(photo) => {
            setPictureMenu(false);
            chat.sendProfilePhoto(partnerId, photo.id, photo.photo);
          }}
          onClose={() => setPictureMenu(false)}
        />
      ) : null}
      {gifts ? (
        <GiftDrawer
          partnerId={partnerId}
          partnerName={partnerName}
          onClose={() => setGifts(false)}
        />
      ) : null}
    </>
  );
}
