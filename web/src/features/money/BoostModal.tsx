// The boost purchase modal (spec §2: title, description, price, button, close; §1, §9): a boost
// (first in Discover for 100 people), 24 hours at the top of search, or the spotlight (featured
// 100 times), paid from the credits at the configured price. A client id made when the modal
// opens makes the purchase idempotent: a second tap, or a retry after a lost answer, pays once.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber } from '../../app/format';
import { useAppStore } from '../../app/store';
import type { BoostKind, BoostStatusEntry } from '../../realtime/protocol';
import { Modal } from '../../ui/Modal';
import { CoinIcon, Icon, type IconName } from '../../ui/icons';
import { buyBoost, fetchBoostStatus } from './api';
import { newClientId } from './clientId';
import { useMoneyStore } from './store';
import './money.css';

export const BOOST_KINDS: readonly BoostKind[] = ['boost', 'top_search', 'spotlight'];
const ICONS: Record<BoostKind, IconName> = {
  boost: 'flame',
  top_search: 'crown',
  spotlight: 'sparkle',
};
/** Spec §1, §9 prices when the configuration has none. */
const DEFAULT_PRICES: Record<BoostKind, number> = { boost: 500, top_search: 400, spotlight: 300 };

export function BoostModalHost() {
  const kind = useMoneyStore((s) => s.boostKind);
  const close = useCallback(() => useMoneyStore.getState().closeBoost(), []);
  return kind ? <BoostModal initial={kind} onClose={close} /> : null;
}

type State = { kind: 'idle' } | { kind: 'buying' } | { kind: 'done' } | { kind: 'error' };

function BoostModal({ initial, onClose }: { initial: BoostKind; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useAppStore((s) => s.language);
  const credits = useAppStore((s) => s.user?.credits ?? 0);
  const prices = useAppStore((s) => s.configs.prices);
  const [kind, setKind] = useState<BoostKind>(initial);
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [status, setStatus] = useState<BoostStatusEntry[]>([]);
  // One id per choice: switching the kind is a different purchase.
  const [clientId, setClientId] = useState(() => newClientId('b'));

  useEffect(() => {
    let live = true;
    void fetchBoostStatus().then((list) => {
      if (live && list) setStatus(list.filter((entry) => entry.ends_at * 1000 > Date.now()));
    });
    return () => {
      live = false;
    };
  }, [state.kind]);

  const priceOf = (k: BoostKind) =>
    prices?.find((p) => p.feature === k)?.price ?? DEFAULT_PRICES[k];
  const price = priceOf(kind);
  const running = status.find((s) => s.kind === kind);

  const choose = (next: BoostKind) => {
    if (next === kind || state.kind === 'buying') return;
    setKind(next);
    setClientId(newClientId('b'));
    setState({ kind: 'idle' });
  };

  const buy = async () => {
    if (state.kind === 'buying') return;
    if (credits < price) {
      useAppStore.getState().setCreditsModalOpen(true);
      return;
    }
    setState({ kind: 'buying' });
    const outcome = await buyBoost(kind, clientId);
    if (outcome.kind === 'not_enough_credits') {
      setState({ kind: 'idle' });
      useAppStore.getState().setCreditsModalOpen(true);
      return;
    }
    if (outcome.kind === 'error') {
      setState({ kind: 'error' });
      return;
    }
    if (outcome.credits !== null) useAppStore.getState().setCredits(outcome.credits);
    setClientId(newClientId('b'));
    setState({ kind: 'done' });
  };

  return (
    <Modal open onClose={onClose} labelledBy="boost-title" className="money-modal boost-modal">
      <div data-testid="boost-modal">
        <div className="boost-modal__art" aria-hidden="true">
          <Icon name={ICONS[kind]} size={34} strokeWidth={1.9} />
        </div>
        <h2 id="boost-title" className="money-modal__title" data-testid="boost-title">
          {t(`money.boost.kinds.${kind}.title`)}
        </h2>
        <p className="muted boost-modal__desc" data-testid="boost-desc">
          {t(`money.boost.kinds.${kind}.desc`)}
        </p>
        <div className="boost-kinds" role="radiogroup" aria-label={t('money.boost.choose')}>
          {BOOST_KINDS.map((k) => (
            <button
              key={k}
              type="button"
              role="radio"
              aria-checked={k === kind}
              className={`boost-kind${k === kind ? ' is-selected' : ''}`}
              onClick={() => choose(k)}
              data-testid={`boost-kind-${k}`}
            >
              <Icon name={ICONS[k]} size={18} strokeWidth={2} />
              <span className="boost-kind__name">{t(`money.boost.kinds.${k}.title`)}</span>
              <span className="boost-kind__price">
                <CoinIcon size={14} />
                {formatNumber(priceOf(k), language)}
              </span>
            </button>
          ))}
        </div>
        <p className="boost-modal__price" data-testid="boost-price">
          <CoinIcon size={22} />
          {t('money.boost.price', { price: formatNumber(price, language) })}
        </p>
        {running ? (
          <p className="boost-modal__running" data-testid="boost-running">
            <Icon name="check" size={16} strokeWidth={2.6} />
            {running.impressions_left !== null
              ? t('money.boost.activeViews', {
                  count: formatNumber(running.impressions_left, language),
                })
              : t('money.boost.activeUntil', {
                  time: formatDateTime(running.ends_at, language),
                })}
          </p>
        ) : null}
        <button
          type="button"
          className="btn btn-primary btn-block money-modal__buy"
          onClick={() => void buy()}
          disabled={state.kind === 'buying'}
          aria-busy={state.kind === 'buying'}
          data-testid="boost-buy"
        >
          {state.kind === 'buying'
            ? t('money.boost.buying')
            : t('money.boost.buy', { price: formatNumber(price, language) })}
        </button>
        <p
          className={`boost-modal__note${state.kind === 'error' ? ' is-error' : ''}${state.kind === 'done' ? ' is-done' : ''}`}
          role="status"
          data-testid="boost-status"
        >
          {state.kind === 'done'
            ? t('money.boost.done')
            : state.kind === 'error'
              ? t('money.boost.error')
              : t('money.boost.fromBalance', { amount: formatNumber(credits, language) })}
        </p>
      </div>
    </Modal>
  );
}
