// Stepping through a sequence of pictures or stories where "next" follows the reading direction:
// in Hebrew the next one sits to the left, so ArrowLeft and a swipe to the right reveal it.
import { useRef, type PointerEvent } from 'react';

/** A shorter horizontal move is a tap or a wobble, not a swipe. */
export const SWIPE_MIN_PX = 40;

export type Step = 1 | -1;

/** The step an arrow key asks for, or null for any other key. */
export function arrowStep(key: string, rtl: boolean): Step | null {
  if (key !== 'ArrowLeft' && key !== 'ArrowRight') return null;
  return (key === 'ArrowLeft') === rtl ? 1 : -1;
}

/** The step a pointer moved by (dx, dy) asks for, or null when it was no horizontal swipe. */
export function swipeStep(dx: number, dy: number, rtl: boolean): Step | null {
  if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < Math.abs(dy)) return null;
  // A physical swipe to the left shows the next picture in LTR.
  return dx < 0 !== rtl ? 1 : -1;
}

/** Pointer handlers for an element that steps by swipe. */
export function useSwipeStep(rtl: boolean, step: (delta: Step) => void) {
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  return {
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      start.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
    },
    onPointerUp: (event: PointerEvent<HTMLElement>) => {
      const from = start.current;
      start.current = null;
      if (!from || from.id !== event.pointerId) return;
      const delta = swipeStep(event.clientX - from.x, event.clientY - from.y, rtl);
      if (delta !== null) step(delta);
    },
    onPointerCancel: () => {
      start.current = null;
    },
  };
}
