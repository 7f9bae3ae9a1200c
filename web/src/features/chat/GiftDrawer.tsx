// The gift drawer (spec §2): a bottom drawer under 865 px, a grid overlay above (chat.css); gifts
// 40 a page with icon, name and price. Choosing one checks the balance (at least max(50, price),
// spec §5, else the credits modal) and asks for confirmation before the gift is sent.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../app/format';
import { useAppStore } from '../../app/store';
import type { GiftEntry } from '../../realtime/protocol';
import { LoadError } from '../lists/LoadError';
import { useInView } from '../lists/useInView';
import { ConfirmDialog } from '../people/ConfirmDialog';
import { CoinIcon } from '../shell/icons';
import { loadGifts, sendGift } from './actions';
import { ChatOverlay } from './ChatOverlay';
import { canAfford, minCreditsToSend } from './rules';
import { useChatStore } from './store';
import '../../ui/Modal.css';

interface GiftDrawerProps {
  partnerId: number;
  partnerName: string;
  onClose: () => void;
}

export function GiftDrawer({ partnerId, partnerName, onClose }: GiftDrawerProps) {
  const { t } = useTranslation();
  const language = useAppStore((s) => s.language);
  const credits = useAppStore((s) => s.user?.credits ?? 0);
  const minimum = useAppStore((s) => minCreditsToSend(s.configs));
  const gifts = useChatStore((s) => s.gifts);
  const state = useChatStore((s) => s.giftsState);
  const ended = useChatStore((s) => s.giftsEnded);
  const [chosen, setChosen] = useState<GiftEntry | null>(null);
  const [sentinel, nearEnd] = useInView<HTMLDivElement>('160px');

  useEffect(() => {
    void loadGifts();
  }, []);

  useEffect(() => {
    if (nearEnd && state === 'ready' && !ended) void loadGifts(true);
  }, [nearEnd, state, ended, gifts.length]);

  const nameOf = (gift: GiftEntry) => gift.names[language] ?? gift.gift;
  const price = (count: number) => formatNumber(count, language);

  const choose = (gift: GiftEntry) => {
    if (!canAfford(credits, minimum, gift.price)) {
      onClose();
      useAppStore.getState().setCreditsModalOpen(true, {
        kind: 'gift',
        price: gift.price,
        required: Math.max(minimum, gift.price),
      });
      return;
    }
    setChosen(gift);
  };

  const confirm = () => {
    if (chosen && sendGift(partnerId, chosen)) onClose();
    else setChosen(null);
  };

  let body;
  if (state === 'failed') {
    body = (
      <LoadError
        message={t('chat.gifts.failed')}
        retryLabel={t('chat.retry')}
        onRetry={() => void loadGifts()}
      />
    );
  } else if (state !== 'ready') {
    body = (
      <ul className="gift-grid" aria-busy="true" aria-label={t('chat.gifts.loading')}>
        {Array.from({ length: 8 }, (_, i) => (
          <li key={i} className="gift-tile gift-tile--skeleton skeleton" />
        ))}
      </ul>
    );
  } else if (gifts.length === 0) {
    body = <p className="muted gift-drawer__empty">{t('chat.gifts.empty')}</p>;
  } else {
    body = (
      <>
        <ul className="gift-grid" data-testid="gift-grid">
          {gifts.map((gift) => (
            <li key={gift.id}>
              <button
                type="button"
                className="gift-tile"
                onClick={() => choose(gift)}
                aria-label={t('chat.gifts.choose', { name: nameOf(gift), count: gift.price })}
                data-testid="gift-tile"
                data-gift-id={gift.id}
              >
                <img className="gift-tile__icon" src={gift.icon} alt="" />
                <bdi className="gift-tile__name">{nameOf(gift)}</bdi>
                <span className="gift-tile__price">
                  <CoinIcon size={14} />
                  {price(gift.price)}
                </span>
              </button>
            </li>
          ))}
        </ul>
        {!ended ? <div ref={sentinel} className="list-sentinel" aria-hidden="true" /> : null}
      </>
    );
  }

  return (
    <>
      <ChatOverlay
        className="gift-drawer"
        testId="gift-drawer"
        icon="gift"
        title={t('chat.gifts.title')}
        closeLabel={t('chat.gifts.close')}
        onClose={onClose}
        headerExtra={
          <span className="gift-drawer__balance" data-testid="gift-balance">
            <CoinIcon size={16} />
            {price(credits)}
          </span>
        }
      >
        <div className="gift-drawer__body">{body}</div>
      </ChatOverlay>
      {chosen ? (
        <ConfirmDialog
          title={t('chat.gifts.confirmTitle', { gift: nameOf(chosen), name: partnerName })}
          body={t('chat.gifts.confirmBody', { count: chosen.price })}
          confirmLabel={t('chat.gifts.confirm')}
          onConfirm={confirm}
          onCancel={() => setChosen(null)}
        >
          <div className="gift-confirm">
            <img className="gift-confirm__icon" src={chosen.icon} alt="" />
            <span className="gift-confirm__price" data-testid="gift-confirm-price">
              <CoinIcon size={18} />
              {t('chat.gifts.price', { count: chosen.price })}
            </span>
            <span className="muted gift-confirm__balance">
              {t('chat.gifts.balance', { amount: price(credits) })}
            </span>
          </div>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
