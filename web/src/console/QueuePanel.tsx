// The queue: every conversation waiting for a persona's answer, the longest wait first, live.
import { useMemo, useState } from 'react';
import { PersonPhoto } from '../ui/PersonPhoto';
import { useConsole, useService } from './context';
import { formatDuration } from './format';
import { useConsoleT, useNow } from './hooks';
import type { QueueItem } from './protocol';
import { countByLanguage, filterQueue, lockView, type LanguageFilter } from './queue';
import { ConfirmDialog, PressedButtons } from './ui';

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
        <PressedButtons
          options={FILTERS}
          value={filter}
          onChange={setFilter}
          label={t('console.queue.filter')}
          labelOf={(f) => (
            <>
              {t(`console.queue.language.${f}`)}
              <span className="cs-filter__n">{counts[f]}</span>
            </>
          )}
          className="cs-filter"
          buttonClassName="cs-filter__btn"
          testId={(f) => `queue-filter-${f}`}
        />
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
        <ConfirmDialog
          title={t('console.queue.breakTitle')}
          body={t('console.queue.breakBody', {
            email: item.lock.email,
            member: item.member.name,
            persona: item.persona.name,
          })}
          confirmLabel={t('console.queue.breakConfirm')}
          cancelLabel={t('console.queue.breakCancel')}
          onClose={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            void service.breakLock(item);
          }}
          testId="queue-break-confirm"
        />
      ) : null}
    </li>
  );
}
