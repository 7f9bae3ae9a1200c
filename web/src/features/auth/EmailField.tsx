import { useTranslation } from 'react-i18next';
import { FieldError } from './FieldError';

interface EmailFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'username' | 'email';
  error?: string | null;
  testId: string;
  autoFocus?: boolean;
}

/** An email input with its label and error, the same on login, reset and registration. */
export function EmailField({
  id,
  label,
  value,
  onChange,
  autoComplete,
  error,
  testId,
  autoFocus,
}: EmailFieldProps) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="input"
        type="email"
        inputMode="email"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete={autoComplete}
        autoCapitalize="off"
        spellCheck={false}
        placeholder={t('auth.fields.emailPlaceholder')}
        // Addresses are Latin text even inside a Hebrew form.
        dir="ltr"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        data-testid={testId}
        autoFocus={autoFocus}
      />
      <FieldError fieldId={id} error={error} />
    </div>
  );
}
