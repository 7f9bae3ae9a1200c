// One profile extra as an input: chips (real radio or checkbox inputs) for a choice, a select for
// the long lists (industry) and for height. Used by the registration's extras steps and by profile
// edit, so both ask the same way. Texts are the `extras` translation part.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExtraFieldId, ExtraValue } from '../../../realtime/protocol';
import {
  extraField,
  fieldLabelKey,
  HEIGHT_MAX_CM,
  HEIGHT_MIN_CM,
  MAX_INTERESTS,
  optionKey,
} from './catalog';
import type { ExtraProblem } from './catalog';
import './extras.css';

/** Single choices with more options than this (industry) are a select rather than chips. */
const CHIPS_UP_TO = 12;

export interface ExtraInputProps {
  id: ExtraFieldId;
  value: ExtraValue | undefined;
  /** undefined clears the answer. */
  onChange: (value: ExtraValue | undefined) => void;
  /** Shown as the group's heading: the question (a registration step) or the label (edit). */
  heading: 'question' | 'label' | 'hidden';
  problem?: ExtraProblem | null;
  /** A prefix for the inputs' test ids. */
  testId: string;
}

export function ExtraInput({ id, value, onChange, heading, problem, testId }: ExtraInputProps) {
  const { t } = useTranslation();
  const uid = useId();
  const field = extraField(id);
  const title = t(heading === 'question' ? `extras.fields.${id}.question` : fieldLabelKey(id));
  const errorId = `${uid}-error`;
  const error = problem ? (
    <p id={errorId} className="field-error" role="alert" data-testid={`${testId}-error`}>
      {t(`extras.problems.${problem}`, {
        min: HEIGHT_MIN_CM,
        max: field.kind === 'multi' ? MAX_INTERESTS : HEIGHT_MAX_CM,
      })}
    </p>
  ) : null;

  if (field.kind === 'number' || (field.kind === 'single' && field.options.length > CHIPS_UP_TO)) {
    const selectId = `${uid}-select`;
    const numbers =
      field.kind === 'number'
        ? Array.from({ length: HEIGHT_MAX_CM - HEIGHT_MIN_CM + 1 }, (_, i) => HEIGHT_MIN_CM + i)
        : [];
    return (
      <div className="field extra-input" data-field={id}>
        <label
          className={heading === 'hidden' ? 'visually-hidden' : 'field-label extra-input__title'}
          htmlFor={selectId}
        >
          {title}
        </label>
        <select
          id={selectId}
          className="input"
          value={value === undefined ? '' : String(value)}
          onChange={(e) => {
            const raw = e.target.value;
            if (raw === '') onChange(undefined);
            else onChange(field.kind === 'number' ? Number(raw) : raw);
          }}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
          data-testid={testId}
        >
          <option value="">{t('extras.unset')}</option>
          {field.kind === 'number'
            ? numbers.map((cm) => (
                <option key={cm} value={cm}>
                  {t('extras.heightValue', { cm })}
                </option>
              ))
            : field.options.map((option) => (
                <option key={option} value={option}>
                  {t(optionKey(id, option))}
                </option>
              ))}
        </select>
        {error}
      </div>
    );
  }

  const multi = field.kind === 'multi';
  const chosen = multi ? (Array.isArray(value) ? value : []) : [];
  const full = multi && chosen.length >= (field.max ?? MAX_INTERESTS);

  function toggle(option: string) {
    if (!multi) {
      onChange(option);
      return;
    }
    const next = chosen.includes(option) ? chosen.filter((o) => o !== option) : [...chosen, option];
    onChange(next.length > 0 ? field.options.filter((o) => next.includes(o)) : undefined);
  }

  return (
    <fieldset
      className="extra-input extra-chips"
      data-field={id}
      aria-describedby={problem ? errorId : multi ? `${uid}-hint` : undefined}
      aria-invalid={problem ? true : undefined}
    >
      <legend
        className={heading === 'hidden' ? 'visually-hidden' : 'field-label extra-input__title'}
      >
        {title}
      </legend>
      {multi ? (
        <p id={`${uid}-hint`} className="muted extra-input__hint" aria-live="polite">
          {chosen.length > 0
            ? t('extras.interestsCount', { count: chosen.length, max: field.max ?? MAX_INTERESTS })
            : t('extras.interestsHint', { max: field.max ?? MAX_INTERESTS })}
        </p>
      ) : null}
      <div className="extra-chips__list">
        {field.options.map((option) => {
          const checked = multi ? chosen.includes(option) : value === option;
          return (
            <label key={option} className={`extra-chip${checked ? ' extra-chip--on' : ''}`}>
              <input
                type={multi ? 'checkbox' : 'radio'}
                name={`${uid}-${id}`}
                value={option}
                checked={checked}
                disabled={multi && full && !checked}
                onChange={() => toggle(option)}
                className="extra-chip__input"
                data-testid={`${testId}-${option}`}
              />
              <span>{t(optionKey(id, option))}</span>
            </label>
          );
        })}
      </div>
      {!multi && value !== undefined ? (
        <button
          type="button"
          className="extra-input__clear"
          onClick={() => onChange(undefined)}
          data-testid={`${testId}-clear`}
        >
          {t('extras.clear')}
        </button>
      ) : null}
      {error}
    </fieldset>
  );
}
