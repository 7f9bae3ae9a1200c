// A native <select>: it is accessible, works with every mobile OS picker and needs no popover code.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../app/language';
import { useAppStore } from '../../app/store';
import { isLanguageCode, LANGUAGES } from '../../i18n/languages';
import { Icon } from '../../ui/icons';
import './LanguagePicker.css';

interface LanguagePickerProps {
  /** 'onDark' for use over the brand gradient or dark surfaces. */
  tone?: 'default' | 'onDark';
  className?: string;
}

export function LanguagePicker({ tone = 'default', className }: LanguagePickerProps) {
  const { t } = useTranslation();
  const language = useAppStore((s) => s.language);
  const id = useId();
  const classes = [
    'language-picker',
    tone === 'onDark' ? 'language-picker--on-dark' : '',
    className,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={classes}>
      <label htmlFor={id} className="visually-hidden">
        {t('common.language.label')}
      </label>
      <Icon name="globe" size={18} className="language-picker__globe" />
      <select
        id={id}
        className="language-picker__select"
        value={language}
        onChange={(event) => {
          const code = event.target.value;
          if (isLanguageCode(code)) changeLanguage(code);
        }}
      >
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.nativeName}
          </option>
        ))}
      </select>
      <svg
        className="language-picker__caret"
        viewBox="0 0 24 24"
        width="14"
        height="14"
        aria-hidden="true"
      >
        <path
          d="m6 9 6 6 6-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        />
      </svg>
    </div>
  );
}
