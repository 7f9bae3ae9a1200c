// Small pieces the console's screens share: a refusal line, a labelled text field, a row of
// pressed-or-not buttons, and the confirmation every change that matters goes through.
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { Dialog } from '../ui/Dialog';
import { useConsoleT } from './hooks';
import type { MessageKey } from './refusals';

/** What the server refused, read out to assistive technology; nothing when there is none. */
export function ErrorLine({ error }: { error: MessageKey | null }) {
  const { say } = useConsoleT();
  return error ? (
    <p className="cs-error" role="alert">
      {say(error)}
    </p>
  ) : null;
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'className'>;

/** A text input under its visible label; `onValue` gets the text typed. */
export function TextField({
  label,
  value,
  onValue,
  className = 'field',
  inputClassName = 'input',
  ...input
}: InputProps & {
  label: string;
  value: string;
  onValue: (value: string) => void;
  /** Of the label around both; `field cs-grow` makes it take the row's free space. */
  className?: string;
  inputClassName?: string;
}) {
  return (
    <label className={className}>
      <span className="field-label">{label}</span>
      <input
        className={inputClassName}
        value={value}
        onChange={(e) => onValue(e.target.value)}
        {...input}
      />
    </label>
  );
}

/** One choice of several, as a group of buttons with the chosen one pressed. */
export function PressedButtons<V extends string | number>({
  options,
  value,
  onChange,
  label,
  labelOf,
  className,
  buttonClassName,
  testId,
  as = 'group',
}: {
  options: readonly V[];
  value: V;
  onChange: (value: V) => void;
  /** The group's accessible name. */
  label: string;
  labelOf: (option: V) => ReactNode;
  className: string;
  buttonClassName: string;
  testId?: (option: V) => string;
  /** A `nav` for switching between sections, a `group` for a setting. */
  as?: 'nav' | 'group';
}) {
  const buttons = options.map((option) => (
    <button
      key={option}
      type="button"
      className={buttonClassName}
      aria-pressed={option === value}
      onClick={() => onChange(option)}
      data-testid={testId?.(option)}
    >
      {labelOf(option)}
    </button>
  ));
  return as === 'nav' ? (
    <nav className={className} aria-label={label}>
      {buttons}
    </nav>
  ) : (
    <div className={className} role="group" aria-label={label}>
      {buttons}
    </div>
  );
}

/** Asks before a change: a title, what will happen, and the button that does it. */
export function ConfirmDialog({
  title,
  body,
  confirmLabel,
  cancelLabel,
  onClose,
  onConfirm,
  busy = false,
  danger = false,
  testId,
  children,
}: {
  title: string;
  body?: string;
  confirmLabel: string;
  /** "Cancel" unless given. */
  cancelLabel?: string;
  onClose: () => void;
  onConfirm: () => void;
  /** Also keeps the confirmation from being sent twice while the first is under way. */
  busy?: boolean;
  /** The change cannot be undone easily: the button says so in its colour. */
  danger?: boolean;
  /** Of the confirming button. */
  testId: string;
  children?: ReactNode;
}) {
  const { t } = useConsoleT();
  const titleId = useId();
  return (
    <Dialog onClose={onClose} labelledBy={titleId} className="cs-dialog" alert>
      <h2 id={titleId} className="cs-dialog__title">
        {title}
      </h2>
      {body ? <p>{body}</p> : null}
      {children}
      <div className="cs-dialog__actions">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {cancelLabel ?? t('console.common.cancel')}
        </button>
        <button
          type="button"
          className={`btn btn-primary${danger ? ' cs-danger-btn' : ''}`}
          onClick={onConfirm}
          disabled={busy}
          data-testid={testId}
        >
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}

/** A table in its scrolling frame, under a header row: `columns` are keys under `prefix` ('' for
 *  a column without a heading), `numeric` the ones whose figures align to the end; the children
 *  are its rows. */
export function Table({
  prefix,
  columns,
  numeric = [],
  testId,
  children,
}: {
  prefix: string;
  columns: readonly string[];
  numeric?: readonly string[];
  testId?: string;
  children: ReactNode;
}) {
  const { t } = useConsoleT();
  return (
    <div className="cs-table-wrap">
      <table className="cs-table" data-testid={testId}>
        <thead>
          <tr>
            {columns.map((column, i) => (
              <th
                key={column || i}
                scope="col"
                className={numeric.includes(column) ? 'cs-num' : undefined}
              >
                {column ? t(`${prefix}.${column}`) : null}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A password, left to right, with the autocomplete hint password managers go by. */
export function PasswordField({
  isNew = false,
  ...field
}: Omit<Parameters<typeof TextField>[0], 'type' | 'dir' | 'autoComplete'> & {
  /** A password being set rather than the one that signs in. */
  isNew?: boolean;
}) {
  return (
    <TextField
      type="password"
      dir="ltr"
      autoComplete={isNew ? 'new-password' : 'current-password'}
      {...field}
    />
  );
}

/** A compact button in a table row. */
export function SmallButton({
  label,
  onClick,
  disabled,
  testId,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  testId?: string;
}) {
  return (
    <button
      type="button"
      className="cs-btn cs-btn--small"
      disabled={disabled}
      onClick={onClick}
      data-testid={testId}
    >
      {label}
    </button>
  );
}
