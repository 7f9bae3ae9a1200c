// The frame every configuration section shares: its card, the drafts' inputs with what the server
// would refuse beside each, and the save that lists what changes and waits for the admin's
// confirmation. A section only describes its fields and how its drafts become the request.
import { useId, useState, type ReactNode } from 'react';
import type { Problem, Problems } from '../configForm';
import { useConfirmedSave, useConsoleT } from '../hooks';
import type { AdminConfig } from '../protocol';
import type { Outcome } from '../service';
import { ConfirmDialog, ErrorLine } from '../ui';

export interface SectionProps<T> {
  value: T;
  /** The configuration as the server holds it after a save. */
  onSaved: (config: AdminConfig) => void;
}

export function ConfigSection({
  testId,
  title,
  lead,
  drafts,
  canSave,
  changes,
  onReset,
  save,
  onSaved,
  onRefused,
  extra,
  children,
}: {
  /** Of the card; its save button is `${testId}-save`. */
  testId: string;
  title: string;
  lead?: string;
  /** What the admin edits: any change to it forgets a confirmation or refusal about the old. */
  drafts: unknown;
  canSave: boolean;
  /** What saving changes, one line each, for the confirmation. */
  changes: readonly string[];
  onReset: () => void;
  save: () => Promise<Outcome<AdminConfig>>;
  onSaved: (config: AdminConfig) => void;
  onRefused?: (refusal: Extract<Outcome<AdminConfig>, { ok: false }>) => void;
  /** Buttons beside reset and save (adding a row). */
  extra?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useConsoleT();
  const confirm = useConfirmedSave();
  const [shownDrafts, setShownDrafts] = useState(drafts);
  if (shownDrafts !== drafts) {
    setShownDrafts(drafts);
    confirm.reset();
  }
  const submit = async () => {
    const outcome = await confirm.run(save);
    if (outcome.ok) onSaved(outcome.value);
    else onRefused?.(outcome);
  };

  return (
    <section className="cs-card cs-config__card" data-testid={testId}>
      <div className="cs-card__head">
        <h3 className="cs-card__title">{title}</h3>
      </div>
      {lead ? <p className="cs-muted">{lead}</p> : null}
      {children}
      <div className="cs-config__actions">
        {extra}
        <span className="cs-config__spacer" />
        <button
          type="button"
          className="cs-btn cs-btn--ghost"
          onClick={() => {
            confirm.reset();
            onReset();
          }}
        >
          {t('console.config.reset')}
        </button>
        <button
          type="button"
          className="cs-btn cs-btn--primary"
          disabled={!canSave || confirm.busy}
          onClick={() => confirm.ask(true)}
          data-testid={`${testId}-save`}
        >
          {t('console.config.save')}
        </button>
      </div>
      <ErrorLine error={confirm.error} />
      {confirm.pending ? (
        <ConfirmDialog
          title={t('console.config.confirmTitle')}
          body={t('console.config.confirmBody')}
          confirmLabel={t('console.config.confirm')}
          busy={confirm.busy}
          onClose={confirm.cancel}
          onConfirm={() => void submit()}
          testId="config-confirm"
        >
          <ul className="cs-config__changes" data-testid="config-changes">
            {changes.map((line) => (
              <li key={line}>
                <bdi>{line}</bdi>
              </li>
            ))}
          </ul>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

/** One draft value as typed, with what the server would refuse about it beside it. */
export function DraftInput({
  value,
  onValue,
  problem,
  label,
  inputMode = 'numeric',
  dir = 'ltr',
  lang,
  text = false,
  disabled,
  testId,
}: {
  value: string;
  onValue: (value: string) => void;
  problem: Problem | undefined;
  /** The accessible name, where no visible label surrounds the input (a table cell). */
  label?: string;
  inputMode?: 'numeric' | 'decimal' | 'text';
  dir?: 'ltr' | 'rtl';
  lang?: string;
  /** A name rather than a number: a wider input. */
  text?: boolean;
  disabled?: boolean;
  testId?: string;
}) {
  const { t } = useConsoleT();
  const problemId = useId();
  return (
    <>
      <input
        className={`input cs-config__input${text ? ' cs-config__input--text' : ''}`}
        inputMode={inputMode}
        value={value}
        onChange={(e) => onValue(e.target.value)}
        aria-label={label}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? problemId : undefined}
        dir={dir}
        lang={lang}
        disabled={disabled}
        data-testid={testId}
      />
      {problem ? (
        <span id={problemId} className="cs-config__problem">
          {t(`console.config.problem.${problem}`)}
        </span>
      ) : null}
    </>
  );
}

/** A draft value under its visible label. */
export function DraftField({
  label,
  ...input
}: { label: string } & Omit<Parameters<typeof DraftInput>[0], 'label'>) {
  return (
    <label className="field cs-config__price">
      <span className="field-label">{label}</span>
      <DraftInput {...input} />
    </label>
  );
}

type StringField<D> = { [K in keyof D]: D[K] extends string ? K : never }[keyof D] & string;

/** A column of a draft table: the row's number or name (`head`), a typed field (`input`), or
 *  anything else in a cell (`cell`). */
export type DraftColumn<D> =
  | { kind: 'head'; header: ReactNode; cell: (row: D, index: number) => ReactNode }
  | {
      kind: 'input';
      field: StringField<D>;
      header: string;
      /** The input's accessible name; the header unless given. */
      label?: (row: D) => string;
      inputMode?: 'numeric' | 'decimal' | 'text';
      dir?: 'ltr' | 'rtl';
      lang?: string;
      text?: boolean;
      disabled?: (row: D) => boolean;
      testId?: (row: D) => string;
    }
  | { kind: 'cell'; header: ReactNode; cell: (row: D, index: number) => ReactNode; num?: boolean };

/** Rows of drafts, one column per field; problems are keyed "id:field". */
export function DraftTable<D extends { id: number }>({
  rows,
  columns,
  problems,
  onEdit,
  rowTestId,
  className,
}: {
  rows: readonly D[];
  columns: readonly DraftColumn<D>[];
  problems: Problems;
  onEdit: (id: number, change: (row: D) => D) => void;
  rowTestId?: (row: D) => string;
  /** Beside `cs-table-wrap`, on the table's scrolling frame. */
  className?: string;
}) {
  const keyOf = (column: DraftColumn<D>, index: number) =>
    column.kind === 'input' ? column.field : `${column.kind}-${index}`;
  return (
    <div className={className ? `cs-table-wrap ${className}` : 'cs-table-wrap'}>
      <table className="cs-table cs-config__table">
        <thead>
          <tr>
            {columns.map((column, i) => (
              <th
                key={keyOf(column, i)}
                scope="col"
                className={column.kind === 'cell' && column.num ? 'cs-num' : undefined}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={row.id} data-testid={rowTestId?.(row)}>
              {columns.map((column, i) => {
                const key = keyOf(column, i);
                if (column.kind === 'head') {
                  return (
                    <th key={key} scope="row">
                      {column.cell(row, index)}
                    </th>
                  );
                }
                if (column.kind === 'cell') {
                  return (
                    <td key={key} className={column.num ? 'cs-num' : undefined}>
                      {column.cell(row, index)}
                    </td>
                  );
                }
                const { field } = column;
                return (
                  <td key={key}>
                    <DraftInput
                      value={row[field] as string}
                      onValue={(value) => onEdit(row.id, (r) => ({ ...r, [field]: value }))}
                      problem={problems[`${row.id}:${field}`]}
                      label={column.label?.(row) ?? column.header}
                      inputMode={column.inputMode}
                      dir={column.dir}
                      lang={column.lang}
                      text={column.text}
                      disabled={column.disabled?.(row)}
                      testId={column.testId?.(row)}
                    />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The last column of a table whose rows can be removed down to `least`. */
export function removeColumn<D extends { id: number }>(
  label: string,
  rows: readonly D[],
  least: number,
  onRemove: (id: number) => void,
): DraftColumn<D> {
  return {
    kind: 'cell',
    header: <span className="cs-visually-hidden">{label}</span>,
    cell: (row) => (
      <button
        type="button"
        className="cs-btn cs-btn--ghost cs-btn--small"
        disabled={rows.length <= least}
        onClick={() => onRemove(row.id)}
      >
        {label}
      </button>
    ),
  };
}
