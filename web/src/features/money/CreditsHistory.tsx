// The credits history (settings, issue 10 "Spending is visible"): every ledger entry of the
// member, newest first, 20 a page with infinite scroll: what it was, the signed amount, when, and
// the balance after it.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber, formatSignedNumber } from '../../app/format';
import { useAppStore } from '../../app/store';
import type { LedgerEntry } from '../../realtime/protocol';
import { Modal } from '../../ui/Modal';
import { CoinIcon } from '../../ui/icons';
import { useInView } from '../lists/useInView';
import { fetchCreditsHistory, HISTORY_PAGE } from './api';
import { mergeHistory, reasonKey } from './history';
import { useMoneyStore } from './store';
import './money.css';

export function CreditsHistoryHost() {
  const open = useMoneyStore((s) => s.historyOpen);
  const close = useCallback(() => useMoneyStore.getState().setHistoryOpen(false), []);
  return open ? <CreditsHistory onClose={close} /> : null;
}

interface ListState {
  entries: LedgerEntry[];
  loading: boolean;
  ended: boolean;
  failed: boolean;
}

function CreditsHistory({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const language = useAppStore((s) => s.language);
  const [state, setState] = useState<ListState>({
    entries: [],
    loading: true,
    ended: false,
    failed: false,
  });
  const inflight = useRef(false);
  const offset = useRef(0);
  const [sentinel, nearEnd] = useInView<HTMLLIElement>('300px');

  const load = useCallback(async () => {
    if (inflight.current) return;
    inflight.current = true;
    setState((s) => ({ ...s, loading: true, failed: false }));
    const page = await fetchCreditsHistory(offset.current);
    inflight.current = false;
    if (page === null) {
      setState((s) => ({ ...s, loading: false, failed: true }));
      return;
    }
    offset.current += page.length;
    setState((s) => ({
      entries: mergeHistory(s.entries, page),
      loading: false,
      ended: page.length < HISTORY_PAGE,
      failed: false,
    }));
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    if (nearEnd && !state.loading && !state.ended && !state.failed && state.entries.length > 0) {
      void load();
    }
  }, [nearEnd, state, load]);

  const empty = !state.loading && !state.failed && state.entries.length === 0;

  return (
    <Modal open onClose={onClose} labelledBy="history-title" className="money-modal history-modal">
      <div data-testid="credits-history">
        <h2 id="history-title" className="money-modal__title">
          {t('money.history.title')}
        </h2>
        {empty ? <p className="muted history__empty">{t('money.history.empty')}</p> : null}
        <ol className="history" aria-busy={state.loading}>
          {state.entries.map((entry) => (
            <li key={entry.id} className="history__row" data-testid="history-entry">
              <span
                className={`history__icon${entry.delta >= 0 ? ' is-in' : ''}`}
                aria-hidden="true"
              >
                <CoinIcon size={20} />
              </span>
              <span className="history__what">
                <span className="history__reason">{t(reasonKey(entry.reason))}</span>
                <span className="muted history__time">{formatDateTime(entry.time, language)}</span>
              </span>
              <span className="history__numbers">
                <span
                  className={`history__delta${entry.delta >= 0 ? ' is-in' : ' is-out'}`}
                  dir="ltr"
                  data-testid="history-delta"
                >
                  {formatSignedNumber(entry.delta, language)}
                </span>
                <span className="muted history__balance">
                  {t('money.history.balanceAfter', {
                    balance: formatNumber(entry.balance, language),
                  })}
                </span>
              </span>
            </li>
          ))}
          {state.loading
            ? Array.from({ length: state.entries.length === 0 ? 5 : 2 }, (_, i) => (
                <li key={`skeleton-${i}`} className="history__row history__row--skeleton" />
              ))
            : null}
          <li ref={sentinel} className="history__sentinel" aria-hidden="true" />
        </ol>
        {state.failed ? (
          <div className="history__error" role="alert">
            <p>{t('money.history.error')}</p>
            <button type="button" className="btn btn-secondary" onClick={() => void load()}>
              {t('money.history.retry')}
            </button>
          </div>
        ) : null}
      </div>
    </Modal>
  );
}
