// The queue: every conversation waiting for a persona's answer, the longest wait first, live.
import { useId, useMemo, useState } from 'react';
import { Dialog } from '../ui/Dialog';
import { PersonPhoto } from '../ui/PersonPhoto';
import { useConsole, useService } from './context';
import { formatDuration } from './format';
import { useConsoleT, useNow } from './hooks';
import type { QueueItem } from './protocol';
import { countByLanguage, filterQueue, lockView, type LanguageFilter } from './queue';

const FILTERS: readonly LanguageFilter[] = ['all', 'he', 'en', 'de'];

export function QueuePanel() {
  const { t } = useConsoleT();
  const queue = useConsole((s) => s.queue);
  const loaded = useConsole((s) => s.queueLoaded);
  const [filter, setFilter] = useState<LanguageFilter>('all');
  const shown = useMemo(() => filterQueue(queue, filter), [queue, filter]);
  const counts = useMemo(() => countByLanguage(queue), [queue]);
  const now = useNow(1000);

  return (
    <section className="cs-queue" aria-labelledby="cs-queue-title">
      <div className="cs-panel-head">
        <h2 id="cs-queue-title" className="cs-panel-title">
          {t('console.queue.title')}
          <span className="cs-count">{queue.length}</span>
        </h2>
        <div className="cs-filter" role="group" aria-label={t('console.queue.filter')}>
          {FILTERS.map((f) => (
            <button
              key={f}
              type="button"
              className="cs-filter__btn"
              aria-pressed={filter === f}
              onClick={() => setFilter(f)}
              data-testid={`queue-filter-${f}`}
            >
              {t(`console.queue.language.${f}`)}
              <span className="cs-filter__n">{counts[f]}</span>
            </button>
          ))}
        </div>
      </div>
      {!loaded ? (
        <p className="cs-empty">{t('console.common.loading')}</p>
      ) : shown.length === 0 ? (
        <p className="cs-empty">{t('console.queue.empty')}</p>
      ) : (
        <ol className="cs-queue__list" data-testid="queue-list">
          {shown.map((item) => (
            <QueueRow key={`${item.member_id}:${item.persona_id}`} item={item} now={now} />
          ))}
        </ol>
      )}
    </section>
  );
}

function QueueRow({ item, now }: { item: QueueItem; now: number }) {
  const { t, language } = useConsoleT();
  const service = useService();
  const staffId = useConsole((s) => s.staff?.id);
  const isAdmin = useConsole((s) => s.staff?.role === 'admin');
  const [confirming, setConfirming] = useState(false);
  const view = lockView(item, staffId);
  const waited = Math.max(0, Math.floor(now / 1000) - item.waiting_since);
  const preview =
    item.preview_type === 'text' ? item.preview : t(`console.messageType.${item.preview_type}`);

  return (
    <li>
      <button
        type="button"
        className={`cs-qitem cs-qitem--${view}`}
        onClick={() => void service.claim(item)}
        data-testid="queue-item"
        aria-label={t('console.queue.claim', {
          member: item.member.name,
          persona: item.persona.name,
        })}
      >
        <span className="cs-qitem__photos">
          <PersonPhoto
            src={item.member.photo}
            name={item.member.name}
            seed={item.member.id}
            className="cs-avatar"
          />
          <PersonPhoto
            src={item.persona.photo}
            name={item.persona.name}
            seed={item.persona.id}
            className="cs-avatar cs-avatar--persona"
          />
        </span>
        <span className="cs-qitem__body">
          <span className="cs-qitem__line">
            <bdi className="cs-qitem__member">
              {item.member.name}, {item.member.age}
            </bdi>
            <span className="cs-arrow" aria-hidden="true">
              →
            </span>
            <bdi className="cs-qitem__persona">{item.persona.name}</bdi>
            <span
              className="cs-lang-badge"
              title={t(`console.languageName.${item.member.language}`)}
            >
              {item.member.language.toUpperCase()}
            </span>
          </span>
          <bdi className="cs-qitem__preview">{preview}</bdi>
          <span className="cs-qitem__meta">
            <span className={`cs-wait${waited >= 600 ? ' cs-wait--late' : ''}`}>
              {t('console.queue.waiting', { time: formatDuration(waited, language) })}
            </span>
            {item.waiting > 1 ? (
              <span className="cs-pill">{t('console.queue.unanswered', { n: item.waiting })}</span>
            ) : null}
            {item.lock ? (
              <span className={`cs-lock cs-lock--${view}`} data-testid="queue-lock">
                {view === 'mine'
                  ? t('console.queue.lockedByMe')
                  : t('console.queue.lockedBy', { email: item.lock.email })}
              </span>
            ) : null}
          </span>
        </span>
      </button>
      {isAdmin && view === 'other' && item.lock ? (
        <button
          type="button"
          className="btn btn-ghost cs-break"
          onClick={() => setConfirming(true)}
          data-testid="queue-break-lock"
        >
          {t('console.queue.breakLock')}
        </button>
      ) : null}
      {confirming && item.lock ? (
        <BreakLockDialog
          item={item}
          email={item.lock.email}
          onClose={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            void service.breakLock(item);
          }}
        />
      ) : null}
    </li>
  );
}

function BreakLockDialog({
  item,
  email,
  onClose,
  onConfirm,
}: {
  item: QueueItem;
  email: string;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { t } = useConsoleT();
  const titleId = useId();
  return (
    <Dialog onClose={onClose} labelledBy={titleId} className="cs-dialog" alert>
      <h2 id={titleId} className="cs-dialog__title">
        {t('console.queue.breakTitle')}
      </h2>
      <p>
        {t('console.queue.breakBody', {
          email,
          member: item.member.name,
          persona: item.persona.name,
        })}
      </p>
      <div className="cs-dialog__actions">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {t('console.queue.breakCancel')}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          onClick={onConfirm}
          data-testid="queue-break-confirm"
        >
          {t('console.queue.breakConfirm')}
        </button>
      </div>
    </Dialog>
  );
}
