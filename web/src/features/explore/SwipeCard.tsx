// One card of the deck. The top card follows the pointer (mouse and touch), tilts with the drag,
// fades in its LIKE / NOPE stamp, and on release either flies out or snaps back. The drag writes
// straight to the element's style, so a moving card never re-renders React.
//
// Direction is physical on purpose, in RTL too: dragging right (and the right-hand button) is a
// like, dragging left is a pass. That is the convention people know from every swipe app, and a
// gesture mirrored per language would teach Hebrew and English users opposite habits.
import { useEffect, useRef, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../shell/icons';
import type { Person } from '../../realtime/protocol';
import {
  LanguageBadge,
  OnlineDot,
  PersonPhoto,
  useLocationLine,
  VirtualBadge,
} from '../people/PersonBadges';
import { dragRotation, FLY_MS, releaseDecision, stampOpacity } from './deck';

const TAP_SLOP_PX = 6;

export type Leaving = 'like' | 'pass' | null;

interface SwipeCardProps {
  person: Person;
  /** 0 for the top card, 1 and 2 for the ones peeking behind it. */
  depth: number;
  leaving: Leaving;
  onDecide: (like: boolean) => void;
  onOpen: () => void;
  /** Drag progress 0–1, so the card behind can rise as the top one moves away. */
  onProgress: (progress: number) => void;
}

interface Drag {
  pointerId: number;
  x: number;
  y: number;
  t: number;
  dx: number;
  dy: number;
  moved: boolean;
}

export function SwipeCard({
  person,
  depth,
  leaving,
  onDecide,
  onOpen,
  onProgress,
}: SwipeCardProps) {
  const { t } = useTranslation();
  const locationLine = useLocationLine();
  const card = useRef<HTMLElement>(null);
  const drag = useRef<Drag | null>(null);
  // A tap opens the profile on the click that follows it, not on pointerup: on touch screens the
  // browser sends compatibility mouse events after pointerup, and a profile opened earlier would
  // take that mousedown on its backdrop and close at once.
  const tapped = useRef(false);
  const top = depth === 0;

  const paint = (dx: number, dy: number, animate: boolean) => {
    const el = card.current;
    if (!el) return;
    el.style.transition = animate ? 'transform 320ms cubic-bezier(0.2, 0.9, 0.3, 1.25)' : 'none';
    el.style.transform =
      dx === 0 && dy === 0 ? '' : `translate(${dx}px, ${dy}px) rotate(${dragRotation(dx)}deg)`;
    const { like, nope } = stampOpacity(dx, el.offsetWidth || 360);
    el.style.setProperty('--like', String(like));
    el.style.setProperty('--nope', String(nope));
    onProgress(Math.max(like, nope));
  };

  // A decision (drag, button or key) sends the card off screen in its direction.
  useEffect(() => {
    const el = card.current;
    if (!el || !leaving) return;
    const sign = leaving === 'like' ? 1 : -1;
    const distance = Math.max(window.innerWidth, 600) * 1.1;
    const dy = drag.current?.dy ?? 0;
    el.style.transition = `transform ${FLY_MS}ms ease-in, opacity ${FLY_MS}ms ease-in`;
    el.style.transform = `translate(${sign * distance}px, ${dy + 40}px) rotate(${sign * 24}deg)`;
    el.style.opacity = '0.6';
    el.style.setProperty(leaving === 'like' ? '--like' : '--nope', '1');
    onProgress(1);
    drag.current = null;
  }, [leaving, onProgress]);

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    tapped.current = false;
    if (!top || leaving || (event.pointerType === 'mouse' && event.button !== 0)) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = {
      pointerId: event.pointerId,
      x: event.clientX,
      y: event.clientY,
      t: performance.now(),
      dx: 0,
      dy: 0,
      moved: false,
    };
  };

  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== event.pointerId) return;
    d.dx = event.clientX - d.x;
    d.dy = event.clientY - d.y;
    if (!d.moved && Math.hypot(d.dx, d.dy) > TAP_SLOP_PX) d.moved = true;
    if (d.moved) paint(d.dx, d.dy * 0.4, false);
  };

  const onPointerUp = (event: PointerEvent<HTMLElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== event.pointerId) return;
    if (!d.moved) {
      drag.current = null;
      tapped.current = true;
      return;
    }
    const elapsed = Math.max(1, performance.now() - d.t);
    const decision = releaseDecision(d.dx, d.dx / elapsed, card.current?.offsetWidth || 360);
    if (decision) {
      d.dy *= 0.4;
      onDecide(decision === 'like');
    } else {
      drag.current = null;
      paint(0, 0, true);
    }
  };

  const onPointerCancel = () => {
    if (!drag.current) return;
    drag.current = null;
    paint(0, 0, true);
  };

  const place = locationLine(person);
  return (
    <article
      ref={card}
      className={`swipe-card swipe-card--depth-${depth}`}
      data-testid="explore-card"
      data-person-id={person.id}
      aria-label={t('people.nameAge', { name: person.name, age: person.age })}
      aria-hidden={top ? undefined : true}
      inert={!top}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerCancel}
      onClick={() => {
        if (!tapped.current) return;
        tapped.current = false;
        onOpen();
      }}
    >
      <PersonPhoto
        person={person}
        src={person.photo}
        className="swipe-card__photo"
        eager={depth < 2}
      />
      <span className="swipe-card__shade" aria-hidden="true" />
      <div className="swipe-card__top">
        {person.virtual === 1 && <VirtualBadge className="swipe-card__virtual" />}
        {person.photos_count > 1 && (
          <span
            className="swipe-card__count"
            aria-label={t('explore.photoCount', { n: person.photos_count })}
          >
            <Icon name="camera" size={14} strokeWidth={2} />
            {person.photos_count}
          </span>
        )}
      </div>
      {/* The stamps follow the physical drag direction, so they sit in an LTR box. */}
      <div className="swipe-card__stamps" dir="ltr" aria-hidden="true">
        <span className="stamp stamp--like">{t('explore.stampLike')}</span>
        <span className="stamp stamp--nope">{t('explore.stampNope')}</span>
      </div>
      <div className="swipe-card__info">
        <h2 className="swipe-card__name">
          <span className="swipe-card__first">{person.name}</span>
          <span className="swipe-card__age">{person.age}</span>
          <OnlineDot online={person.status === 1} className="swipe-card__online" />
        </h2>
        {place && (
          <p className="swipe-card__place">
            <Icon name="pin" size={15} strokeWidth={2} />
            {place}
          </p>
        )}
        <LanguageBadge person={person} className="swipe-card__language" />
        {person.bio.trim() && (
          // A bio keeps its own direction (a Hebrew bio in the English UI, and the reverse).
          <p className="swipe-card__bio" dir="auto">
            {person.bio}
          </p>
        )}
        <button
          type="button"
          className="swipe-card__more"
          onPointerDown={(event) => event.stopPropagation()}
          onClick={onOpen}
          aria-label={t('explore.viewProfile', { name: person.name })}
          tabIndex={top ? 0 : -1}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path
              d="m6 14 6-6 6 6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.4"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </button>
      </div>
    </article>
  );
}
