// The bottom bar of the chat (spec §2): gifts, a text area growing from 48 to 100 px, and send.
// Enter sends, Shift+Enter starts a new line; empty text is never sent, and below the minimum
// balance the credits modal opens instead (spec §5).
import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../shell/icons';
import { sendText } from './actions';
import { GiftDrawer } from './GiftDrawer';
import { composerHeight, MESSAGE_MAX_CHARS, sendableText } from './rules';

export function Composer({ partnerId, partnerName }: { partnerId: number; partnerName: string }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [gifts, setGifts] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);
  const empty = sendableText(text) === null;

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
    if (sendText(partnerId, text)) setText('');
    area.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  return (
    <>
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
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          data-testid="chat-input"
        />
        <button
          type="submit"
          className="chat-composer__send"
          disabled={empty}
          aria-label={t('chat.composer.send')}
          data-testid="chat-send"
        >
          <Icon name="send" size={20} strokeWidth={2} />
        </button>
      </form>
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
