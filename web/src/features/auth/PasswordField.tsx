import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SolidIcon } from '../../ui/icons';
import { FieldError } from './FieldError';
import './PasswordField.css';

interface PasswordFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  error?: string | null;
  hint?: string;
  testId: string;
  autoFocus?: boolean;
}

export function PasswordField({
  id,
  label,
  value,
  onChange,
  autoComplete,
  error,
  hint,
  testId,
  autoFocus,
}: PasswordFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null]
    .filter(Boolean)
    .join(' ');

  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className="password-field">
        <input
          id={id}
          className="input password-field-input"
          type={visible ? 'text' : 'password'}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          autoComplete={autoComplete}
          autoCapitalize="off"
          spellCheck={false}
          maxLength={128}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          data-testid={testId}
          autoFocus={autoFocus}
        />
        <button
          type="button"
          className="password-field-toggle"
          onClick={() => setVisible((v) => !v)}
          aria-pressed={visible}
          aria-controls={id}
          aria-label={visible ? t('auth.password.hide') : t('auth.password.show')}
          data-testid={`${testId}-toggle`}
        >
          <SolidIcon d={visible ? EYE_OFF : EYE} size={22} />
        </button>
      </div>
      {hint && !error ? (
        <span id={`${id}-hint`} className="password-field-hint muted">
          {hint}
        </span>
      ) : null}
      <FieldError fieldId={id} error={error} />
    </div>
  );
}

const EYE =
  'M12 5C6.5 5 2.7 9.2 1.5 12c1.2 2.8 5 7 10.5 7s9.3-4.2 10.5-7C21.3 9.2 17.5 5 12 5Zm0 11.5a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9Zm0-2.2a2.3 2.3 0 1 0 0-4.6 2.3 2.3 0 0 0 0 4.6Z';
const EYE_OFF =
  'M3.3 2 2 3.3l3.1 3.1C3.3 7.8 2.1 9.8 1.5 12c1.2 2.8 5 7 10.5 7 1.9 0 3.6-.5 5-1.3l3.7 3.7 1.3-1.3L3.3 2Zm8.7 14.5a4.5 4.5 0 0 1-4.1-6.3l1.7 1.7a2.3 2.3 0 0 0 2.9 2.9l1.7 1.7c-.7.3-1.4.5-2.2.5ZM12 5c-1.5 0-2.9.3-4.1.8l1.9 1.9c.7-.3 1.4-.5 2.2-.5a4.5 4.5 0 0 1 4.5 4.5c0 .8-.2 1.5-.5 2.2l2.9 2.9c1.6-1.3 2.8-2.9 3.6-4.8C21.3 9.2 17.5 5 12 5Z';
