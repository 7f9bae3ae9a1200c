// The blocked users of the settings page (spec §2, §4): user/blocked, and user/unblock per row.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BlockedEntry } from '../../realtime/protocol';
import { usePeopleStore } from '../people/store';
import { Avatar } from '../shell/Avatar';
import { fetchBlocked, unblockUser } from './api';
import { LoadError } from './LoadError';
import './lists.css';

type LoadState = 'loading' | 'ready' | 'failed';

export function BlockedList() {
  const { t } = useTranslation();
  const [entries, setEntries] = useState<BlockedEntry[]>([]);
  const [state, setState] = useState<LoadState>('loading');
  const [busy, setBusy] = useState<number[]>([]);
  const [failedId, setFailedId] = useState<number | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let alive = true;
    void fetchBlocked().then((blocked) => {
      if (!alive) return;
      if (blocked) {
        setEntries(blocked);
        setState('ready');
      } else setState('failed');
    });
    return () => {
      alive = false;
    };
  }, [attempt]);

  async function unblock(id: number) {
    setBusy((ids) => [...ids, id]);
    setFailedId(null);
    const ok = await unblockUser(id);
    if (ok) {
      setEntries((list) => list.filter((entry) => entry.id !== id));
      usePeopleStore.getState().unhide(id);
    } else setFailedId(id);
    setBusy((ids) => ids.filter((other) => other !== id));
  }

  if (state === 'loading') {
    return (
      <ul className="blocked-list" aria-busy="true" data-testid="blocked-list">
        {[0, 1].map((i) => (
          <li key={i} className="blocked-row" aria-hidden="true">
            <span className="skeleton blocked-row__avatar" />
            <span className="skeleton blocked-row__bar" />
          </li>
        ))}
      </ul>
    );
  }
  if (state === 'failed') {
    return (
      <LoadError
        inline
        message={t('lists.error')}
        retryLabel={t('lists.retry')}
        onRetry={() => {
          setState('loading');
          setAttempt((n) => n + 1);
        }}
      />
    );
  }
  if (entries.length === 0) {
    return (
      <p className="muted blocked-empty" data-testid="settings-blocked-empty">
        {t('lists.blocked.empty')}
      </p>
    );
  }
  return (
    <ul className="blocked-list" data-testid="blocked-list">
      {entries.map((entry) => (
        <li
          key={entry.id}
          className="blocked-row"
          data-testid="blocked-row"
          data-person-id={entry.id}
        >
          <Avatar src={entry.photo} name={entry.name} size={44} />
          <span className="blocked-row__name">
            <bdi>{entry.name}</bdi>
            {failedId === entry.id ? (
              <span className="blocked-row__error" role="alert">
                {t('lists.blocked.failed')}
              </span>
            ) : null}
          </span>
          <button
            type="button"
            className="btn btn-secondary blocked-row__unblock"
            onClick={() => void unblock(entry.id)}
            disabled={busy.includes(entry.id)}
            aria-busy={busy.includes(entry.id)}
            data-testid="blocked-unblock"
          >
            {t('lists.blocked.unblock')}
          </button>
        </li>
      ))}
    </ul>
  );
}
