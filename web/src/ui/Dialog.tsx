// The one dialog frame of the app: it keeps Tab inside the dialog, restores focus on close, and
// stacks: with a popup over the profile, Escape closes only the popup on top.
import { useEffect, useRef, type KeyboardEventHandler, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import './Dialog.css';

const stack: symbol[] = [];
let savedOverflow = '';
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface DialogProps {
  onClose: () => void;
  labelledBy: string;
  /** Class of the panel; the backdrop gets `${className}-backdrop` unless backdropClassName, on
   *  top of the shared `dialog-backdrop` layout (Dialog.css). */
  className: string;
  backdropClassName?: string;
  testId?: string;
  children: ReactNode;
  /** role="alertdialog" for confirmations. */
  alert?: boolean;
  onKeyDown?: KeyboardEventHandler<HTMLDivElement>;
}

export function Dialog({
  onClose,
  labelledBy,
  className,
  backdropClassName,
  testId,
  children,
  alert,
  onKeyDown,
}: DialogProps) {
  const panel = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const token = Symbol('dialog');
    stack.push(token);
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panel.current?.focus({ preventScroll: true });
    const onKey = (event: KeyboardEvent) => {
      if (stack.at(-1) !== token) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        closeRef.current();
        return;
      }
      if (event.key !== 'Tab' || !panel.current) return;
      const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
        (el) => el.offsetParent !== null || el === document.activeElement,
      );
      const first = items[0];
      const last = items.at(-1);
      if (!first || !last) {
        event.preventDefault();
        return;
      }
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === panel.current)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    if (stack.length === 1) savedOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      stack.splice(stack.indexOf(token), 1);
      if (stack.length === 0) document.body.style.overflow = savedOverflow;
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, []);

  return createPortal(
    <div
      className={`dialog-backdrop ${backdropClassName ?? `${className}-backdrop`}`}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panel}
        className={className}
        role={alert ? 'alertdialog' : 'dialog'}
        aria-modal="true"
        aria-labelledby={labelledBy}
        tabIndex={-1}
        data-testid={testId}
        onKeyDown={onKeyDown}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}

/** True while any dialog is open (the deck ignores its arrow keys then). */
export function anyDialogOpen(): boolean {
  return stack.length > 0;
}
