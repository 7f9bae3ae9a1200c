import type { ReactNode } from 'react';
import './ChoiceGroup.css';

export interface Choice<V extends string | number> {
  value: V;
  label: string;
  icon?: ReactNode;
  testId: string;
}

interface ChoiceGroupProps<V extends string | number> {
  name: string;
  legend: string;
  choices: Choice<V>[];
  value: V | null;
  onChange: (value: V) => void;
  errorId?: string;
  columns?: 1 | 2 | 3;
}

/** Real radio inputs styled as cards: arrow keys, form semantics and screen readers just work. */
export function ChoiceGroup<V extends string | number>({
  name,
  legend,
  choices,
  value,
  onChange,
  errorId,
  columns = 1,
}: ChoiceGroupProps<V>) {
  return (
    <fieldset
      className={`choice-group choice-group-cols-${columns}`}
      aria-describedby={errorId}
      aria-invalid={errorId ? true : undefined}
    >
      <legend className="visually-hidden">{legend}</legend>
      {choices.map((choice) => {
        const checked = choice.value === value;
        return (
          <label key={choice.value} className={`choice${checked ? ' choice-checked' : ''}`}>
            <input
              type="radio"
              name={name}
              value={String(choice.value)}
              checked={checked}
              onChange={() => onChange(choice.value)}
              data-testid={choice.testId}
              className="choice-input"
            />
            {choice.icon ? (
              <span className="choice-icon" aria-hidden="true">
                {choice.icon}
              </span>
            ) : null}
            <span className="choice-label">{choice.label}</span>
            <span className="choice-tick" aria-hidden="true" />
          </label>
        );
      })}
    </fieldset>
  );
}
