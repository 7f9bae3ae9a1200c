// The bottom bar of the chat (spec §2): gifts, a text area growing from 48 to 100 px, and send.
// Enter sends, Shift+Enter starts a new line; empty text is never sent, and below the minimum
// balance the credits modal opens instead (spec §5). The text is the conversation's draft
// (drafts.ts): it survives a reload and is cleared by a send. Above the bar, the paid-send notice.
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../app/format';
import { useAppStore } from '../../app/store';
import { CoinIcon, Icon } from '../shell/icons';
import { sendText } from './actions';
import { draftKey, draftOf, setDraft, useDraftStore } from './drafts';
import { GiftDrawer } from './GiftDrawer';
import { composerHeight, MESSAGE_MAX_CHARS, sendableText } from './rules';
import { useChatStore } from './store';

const SPENT_NOTICE_MS = 2600;

/** "−50 credits · 150 left", for a moment, just above the composer of the chat that paid. */
function SpentNotice({ partnerId }: { partnerId: number }) {
  const { t } = useTranslation();
  const spent = useChatStore((s) => (s.spent?.partnerId === partnerId ? s.spent : null));
  const credits = useAppStore((s) => s.user?.credits ?? null);
  const language = useAppStore((s) => s.language);
  useEffect(() => {
    if (!spent) return;
    const timer = setTimeout(() => useChatStore.getState().hideSpent(spent.id), SPENT_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [spent]);
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

export function Composer({ partnerId, partnerName }: { partnerId: number; partnerName: string }) {
  const { t } = useTranslation();
  const myId = useAppStore((s) => s.user?.id ?? null);
  const key = draftKey(myId, partnerId);
  const text = useDraftStore((s) => s.drafts[key]) ?? draftOf(key);
  const setText = (value: string) => setDraft(key, value);
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
