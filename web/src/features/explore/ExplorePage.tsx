// /explore, "The Slips" (spec §2, §4): a deck of swipe cards. Like and pass by dragging, with the
// buttons, or with ArrowRight / ArrowLeft; a tap opens the profile.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber } from '../../app/format';
import { useAppStore } from '../../app/store';
import type { Person } from '../../realtime/protocol';
import { errorText } from '../people/api';
import { anyDialogOpen } from '../../ui/Dialog';
import { showNotice } from '../people/overlays';
import { openProfile, usePeopleStore, useProfileModal } from '../people/store';
import { createTapGuard } from '../people/tapGuard';
import { Icon, SolidIcon } from '../../ui/icons';
import { FLY_MS } from './deck';
import { loadMoreCards, swipeCard, topUpDeck, useDeckStore, widenSearch } from './deckStore';
import { takeFirstCards } from './firstCards';
import { SwipeCard, type Leaving } from './SwipeCard';
import { nextWidening } from './widen';
import './ExplorePage.css';

const VISIBLE_CARDS = 3;

// On the pre-rendered /explore the deck starts from the cards the server drew (firstCards.ts).
const firstCards = typeof document === 'undefined' ? null : takeFirstCards();
if (firstCards) usePeopleStore.getState().appendCards(firstCards);

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : false;
}

function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

export default function ExplorePage() {
  const { t, i18n } = useTranslation();
  const cards = usePeopleStore((s) => s.cards);
  const pending = useDeckStore((s) => s.pending);
  const exhausted = useDeckStore((s) => s.exhausted);
  const failed = useDeckStore((s) => s.failed);
  const user = useAppStore((s) => s.user);
  const language = useAppStore((s) => s.language);
  const [leaving, setLeaving] = useState<{ id: number; dir: Leaving } | null>(null);
  const [widening, setWidening] = useState(false);
  const deckRef = useRef<HTMLDivElement>(null);
  const tapGuard = useMemo(() => createTapGuard(), []);

  // Coming back to the page (for instance from widening the search) looks again.
  useEffect(() => {
    const { exhausted: wasExhausted, failed: wasFailed } = useDeckStore.getState();
    if (wasExhausted || wasFailed) void loadMoreCards(true);
    else topUpDeck();
  }, []);

  // Fetch more before the deck runs out.
  useEffect(() => {
    topUpDeck();
  }, [cards.length]);

  const topCard: Person | undefined = cards[0];
  const busy = leaving !== null;

  const onProgress = useCallback((progress: number) => {
    deckRef.current?.style.setProperty('--drag', String(progress));
  }, []);

  const decide = useCallback(
    (person: Person, like: boolean) => {
      if (leaving) return;
      setLeaving({ id: person.id, dir: like ? 'like' : 'pass' });
      const flyMs = prefersReducedMotion() ? 0 : FLY_MS;
      void swipeCard(person, like, flyMs, () => {
        setLeaving(null);
        onProgress(0);
      }).then((result) => {
        if (result.kind === 'error') {
          showNotice(
            errorText(t, (key) => i18n.exists(key), result.code),
            'error',
          );
        }
      });
    },
    [leaving, onProgress, t, i18n],
  );

  const decideTop = useCallback(
    (like: boolean) => {
      if (topCard && tapGuard()) decide(topCard, like);
    },
    [topCard, decide, tapGuard],
  );

  // Desktop keys. ArrowRight likes and ArrowLeft passes in every language, RTL included: the keys
  // mirror the physical drag directions (see SwipeCard), not the reading direction.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (isTyping(event.target) || anyDialogOpen() || useProfileModal.getState().userId !== null)
        return;
      event.preventDefault();
      decideTop(event.key === 'ArrowRight');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [decideTop]);

  const open = (person: Person) => {
    if (tapGuard()) openProfile(person.id, 'explore');
  };

  const wider = user ? nextWidening(user) : null;
  const widen = async () => {
    if (!wider || widening) return;
    setWidening(true);
    const result = await widenSearch(wider.update);
    setWidening(false);
    if (result.kind === 'error') {
      showNotice(
        errorText(t, (key) => i18n.exists(key), result.code),
        'error',
      );
    }
  };

  const visible = cards.slice(0, VISIBLE_CARDS);
  const noMore = visible.length === 0 && (failed || (exhausted && !pending));
  let body;
  if (visible.length > 0) {
    body = visible.map((person, depth) => (
      <SwipeCard
        key={person.id}
        person={person}
        depth={depth}
        leaving={leaving?.id === person.id ? leaving.dir : null}
        onDecide={(like) => decide(person, like)}
        onOpen={() => open(person)}
        onProgress={onProgress}
      />
    ));
  } else if (failed) {
    body = (
      <div className="explore-state" role="alert">
        <span className="explore-state__art explore-state__art--muted" aria-hidden="true">
          <Icon name="refresh" size={40} strokeWidth={1.6} />
        </span>
        <h2 className="explore-state__title">{t('explore.error.title')}</h2>
        <p className="explore-state__body">{t('explore.error.body')}</p>
        <button type="button" className="btn btn-primary" onClick={() => void loadMoreCards(true)}>
          {t('explore.error.retry')}
        </button>
      </div>
    );
  } else if (exhausted && !pending) {
    body = (
      <div className="explore-state" data-testid="explore-empty">
        <span className="explore-state__art" aria-hidden="true">
          <span className="explore-state__ring" />
          <span className="explore-state__ring explore-state__ring--2" />
          <span className="explore-state__icon">
            <Icon name="discover" size={40} strokeWidth={1.6} />
          </span>
        </span>
        <h2 className="explore-state__title">{t('explore.empty.title')}</h2>
        <p className="explore-state__body">
          {t(wider ? 'explore.empty.body' : 'explore.empty.bodyWidest')}
        </p>
        {wider ? (
          <button
            type="button"
            className="btn btn-primary"
            data-testid="explore-widen"
            onClick={() => void widen()}
            disabled={widening}
            aria-busy={widening || undefined}
          >
            <Icon name={wider.kind === 'radius' ? 'pin' : 'users'} size={20} />
            {wider.kind === 'radius'
              ? t('explore.empty.widenRadius', { km: formatNumber(wider.radius, language) })
              : t('explore.empty.widenAges', {
                  // Isolated left to right, so that Hebrew shows 18–45 and not 45–18.
                  range: `\u2066${formatNumber(wider.range.min, language)}–${formatNumber(wider.range.max, language)}\u2069`,
                })}
          </button>
        ) : null}
        <div className="explore-state__more">
          <Link
            to="/settings"
            className={wider ? 'btn btn-ghost' : 'btn btn-primary'}
            data-testid="explore-empty-settings"
          >
            <Icon name="settings" size={20} />
            {t('explore.searchSettings')}
          </Link>
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => void loadMoreCards(true)}
            disabled={widening}
          >
            {t('explore.empty.retry')}
          </button>
        </div>
      </div>
    );
  } else {
    body = (
      <div
        className="swipe-card swipe-card--skeleton"
        aria-busy="true"
        data-testid="explore-loading"
      >
        <span className="swipe-card__photo skeleton" />
        <span className="swipe-card__skeleton-lines">
          <span className="skeleton" />
          <span className="skeleton" />
        </span>
        <span className="visually-hidden">{t('explore.loading')}</span>
      </div>
    );
  }

  return (
    <section className="explore" data-testid="explore-page" aria-labelledby="explore-title">
      <header className="explore__header">
        <h1 id="explore-title" className="explore__title">
          <span className="explore__title-icon" aria-hidden="true">
            <Icon name="slips" size={20} strokeWidth={2} />
          </span>
          {t('explore.title')}
        </h1>
        <Link to="/settings" className="explore__settings" aria-label={t('explore.searchSettings')}>
          <Icon name="settings" size={22} />
        </Link>
      </header>

      <div className="explore__deck" ref={deckRef}>
        {body}
      </div>

      {/* Pass sits on the physical left and like on the right, matching the drag directions. */}
      <div className="explore__actions" dir="ltr" hidden={noMore}>
        <DeckButton
          kind="pass"
          label={t('explore.pass')}
          onClick={() => decideTop(false)}
          disabled={!topCard || busy}
          testId="explore-pass"
        >
          <svg viewBox="0 0 24 24" width="30" height="30" aria-hidden="true" focusable="false">
            <path
              d="M6.5 6.5l11 11M17.5 6.5l-11 11"
              stroke="currentColor"
              strokeWidth="2.8"
              strokeLinecap="round"
            />
          </svg>
        </DeckButton>
        <DeckButton
          kind="info"
          label={topCard ? t('explore.viewProfile', { name: topCard.name }) : t('explore.title')}
          onClick={() => topCard && open(topCard)}
          disabled={!topCard || busy}
        >
          <Icon name="user" size={22} strokeWidth={2} />
        </DeckButton>
        <DeckButton
          kind="like"
          label={t('explore.like')}
          onClick={() => decideTop(true)}
          disabled={!topCard || busy}
          testId="explore-like"
        >
          <SolidIcon
            d="M12 20.3s-7.8-4.8-9.7-9.4A5.1 5.1 0 0 1 12 6.1a5.1 5.1 0 0 1 9.7 4.8c-1.9 4.6-9.7 9.4-9.7 9.4z"
            size={34}
          />
        </DeckButton>
      </div>
      <p className="explore__hint" aria-hidden="true" hidden={noMore}>
        <kbd>←</kbd> {t('explore.pass')}
        <span className="explore__hint-sep">·</span>
        <kbd>→</kbd> {t('explore.like')}
      </p>
    </section>
  );
}

interface DeckButtonProps {
  kind: 'pass' | 'info' | 'like';
  label: string;
  onClick: () => void;
  disabled: boolean;
  testId?: string;
  children: ReactNode;
}

/** One of the round buttons under the deck. */
function DeckButton({ kind, label, onClick, disabled, testId, children }: DeckButtonProps) {
  return (
    <button
      type="button"
      className={`deck-btn deck-btn--${kind}`}
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      data-testid={testId}
    >
      {children}
    </button>
  );
}
