import { useMemo } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NAME_INPUT_MAXLENGTH } from '../../app/constants';
import { languageInfo } from '../../i18n/languages';
import type { Gender, LanguageCode, SearchGender } from '../../realtime/protocol';
import { AgeRangeSlider } from './AgeRangeSlider';
import { ChoiceGroup } from './ChoiceGroup';
import type { Choice } from './ChoiceGroup';
import { PasswordField } from './PasswordField';
import { PlaceSearch } from './PlaceSearch';
import { PhotoSlots } from '../media/PhotoSlots';
import { Icon } from './shell';
import type { IconName } from './shell';
import type { RegisterDraft } from './registerStore';
import type { FieldError, FieldName, StepErrors } from './registerSteps';
import { birthYearOptions, daysInMonth, sanitizeNameInput } from './validation';

export interface StepProps {
  draft: RegisterDraft;
  errors: StepErrors;
  language: LanguageCode;
  /** Updates the draft and clears the error shown for that field. */
  change: (field: FieldName, patch: Partial<RegisterDraft>) => void;
}

export function FieldErrorText({ id, error }: { id: string; error?: FieldError }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <p id={id} className="field-error register-error" role="alert" data-testid={`${id}`}>
      {t(error.key, error.params)}
    </p>
  );
}

interface ChoiceStepProps<V extends string | number> {
  /** The field the choice fills; it names the radio group and the error. */
  field: 'gender' | 's_gender' | 'answer';
  legend: string;
  choices: Choice<V>[];
  value: V | null;
  error?: FieldError;
  onChange: (value: V) => void;
  columns?: 1 | 2 | 3;
}

/** A step that is one choice among cards, with the error it may show. */
function ChoiceStep<V extends string | number>({
  field,
  legend,
  choices,
  value,
  error,
  onChange,
  columns,
}: ChoiceStepProps<V>) {
  const errorId = `register-error-${field}`;
  return (
    <>
      <ChoiceGroup
        name={field}
        legend={legend}
        choices={choices}
        value={value}
        onChange={onChange}
        errorId={error ? errorId : undefined}
        columns={columns}
      />
      <FieldErrorText id={errorId} error={error} />
    </>
  );
}

export function GenderStep({ draft, errors, change }: StepProps) {
  const { t } = useTranslation();
  const choices: Choice<Gender>[] = [
    { value: 1, label: t('auth.register.gender.man'), icon: '♂', testId: 'register-gender-man' },
    {
      value: 2,
      label: t('auth.register.gender.woman'),
      icon: '♀',
      testId: 'register-gender-woman',
    },
    {
      value: 3,
      label: t('auth.register.gender.other'),
      icon: '⚧',
      testId: 'register-gender-other',
    },
  ];
  return (
    <ChoiceStep
      field="gender"
      legend={t('auth.register.steps.gender.title')}
      choices={choices}
      value={draft.gender}
      error={errors.gender}
      onChange={(gender) => change('gender', { gender })}
      columns={3}
    />
  );
}

export function LookingForStep({ draft, errors, change }: StepProps) {
  const { t } = useTranslation();
  const choices: Choice<SearchGender>[] = [
    {
      value: 1,
      label: t('auth.register.lookingFor.men'),
      icon: '♂',
      testId: 'register-looking-men',
    },
    {
      value: 2,
      label: t('auth.register.lookingFor.women'),
      icon: '♀',
      testId: 'register-looking-women',
    },
  ];
  return (
    <ChoiceStep
      field="s_gender"
      legend={t('auth.register.steps.looking-for.title')}
      choices={choices}
      value={draft.sGender}
      error={errors.s_gender}
      onChange={(sGender) => change('s_gender', { sGender })}
      columns={2}
    />
  );
}

export function AgeRangeStep({ draft, errors, change }: StepProps) {
  return (
    <>
      <AgeRangeSlider
        id="register-age"
        value={draft.ageRange}
        onChange={(ageRange) => change('s_age', { ageRange })}
        testId="register-age"
      />
      <FieldErrorText id="register-error-s_age" error={errors.s_age} />
    </>
  );
}

export function NameStep({ draft, errors, language, change }: StepProps) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <label className="field-label" htmlFor="register-name">
        {t('auth.register.name.label')}
      </label>
      <input
        id="register-name"
        className="input register-input-large"
        type="text"
        value={draft.name}
        onChange={(e) => change('name', { name: sanitizeNameInput(e.target.value, language) })}
        maxLength={NAME_INPUT_MAXLENGTH}
        autoComplete="given-name"
        autoCapitalize="words"
        spellCheck={false}
        placeholder={t('auth.register.name.placeholder')}
        aria-invalid={errors.name ? true : undefined}
        aria-describedby={errors.name ? 'register-error-name' : 'register-name-hint'}
        data-testid="register-name"
        data-autofocus
      />
      {errors.name ? null : (
        <span id="register-name-hint" className="muted register-hint">
          {language === 'he' ? t('auth.register.name.hintHe') : t('auth.register.name.hint')}
        </span>
      )}
      <FieldErrorText id="register-error-name" error={errors.name} />
    </div>
  );
}

interface BirthDatePartProps {
  part: 'day' | 'month' | 'year';
  label: string;
  placeholder: string;
  value: number | null;
  options: { value: number; label: string }[];
  onChange: (value: number | null) => void;
  invalid: true | undefined;
  autoFocus?: boolean;
}

/** One select of the birth date (day, month or year), with its label and a placeholder. */
function BirthDatePart({
  part,
  label,
  placeholder,
  value,
  options,
  onChange,
  invalid,
  autoFocus,
}: BirthDatePartProps) {
  const id = `register-birth-${part}`;
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="input"
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
        autoComplete={`bday-${part}`}
        aria-invalid={invalid}
        data-testid={id}
        data-autofocus={autoFocus ? true : undefined}
      >
        <option value="" disabled>
          {placeholder}
        </option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function BirthDateStep({ draft, errors, language, change }: StepProps) {
  const { t } = useTranslation();
  const locale = languageInfo(language).locale;
  const months = useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, { month: 'long' });
    return Array.from({ length: 12 }, (_, i) => format.format(new Date(2000, i, 1)));
  }, [locale]);
  const years = useMemo(() => birthYearOptions(), []);
  // Offer the days the chosen month has; a day that no longer fits is still checked on Continue.
  const dayCount =
    draft.birthMonth === null ? 31 : daysInMonth(draft.birthMonth, draft.birthYear ?? 2000);
  const describedBy = errors.birth_date ? 'register-error-birth_date' : undefined;
  const invalid = errors.birth_date ? true : undefined;

  return (
    <fieldset className="register-date" aria-describedby={describedBy}>
      <legend className="visually-hidden">{t('auth.register.steps.birth-date.title')}</legend>
      <div className="register-date-grid">
        <BirthDatePart
          part="day"
          label={t('auth.register.birth.day')}
          placeholder={t('auth.register.birth.dayPlaceholder')}
          value={draft.birthDay}
          options={Array.from({ length: Math.max(dayCount, draft.birthDay ?? 0) }, (_, i) => ({
            value: i + 1,
            label: String(i + 1),
          }))}
          onChange={(birthDay) => change('birth_date', { birthDay })}
          invalid={invalid}
          autoFocus
        />
        <BirthDatePart
          part="month"
          label={t('auth.register.birth.month')}
          placeholder={t('auth.register.birth.monthPlaceholder')}
          value={draft.birthMonth}
          options={months.map((name, i) => ({ value: i + 1, label: name }))}
          onChange={(birthMonth) => change('birth_date', { birthMonth })}
          invalid={invalid}
        />
        <BirthDatePart
          part="year"
          label={t('auth.register.birth.year')}
          placeholder={t('auth.register.birth.yearPlaceholder')}
          value={draft.birthYear}
          options={years.map((y) => ({ value: y, label: String(y) }))}
          onChange={(birthYear) => change('birth_date', { birthYear })}
          invalid={invalid}
        />
      </div>
      <p className="muted register-hint">{t('auth.register.birth.hint')}</p>
      <FieldErrorText id="register-error-birth_date" error={errors.birth_date} />
    </fieldset>
  );
}

export function LocationStep({ draft, errors, language, change }: StepProps) {
  const { t } = useTranslation();
  const error = errors.place_id ? t(errors.place_id.key, errors.place_id.params) : null;
  return (
    <PlaceSearch
      id="register-place"
      label={t('auth.register.location.label')}
      value={draft.place}
      onChange={(place) => change('place_id', { place })}
      language={language}
      error={error}
      testId="register-place"
      autoFocus
    />
  );
}

const REASON_ICONS: readonly IconName[] = [
  'heart',
  'heartOutline',
  'user',
  'chat',
  'eye',
  'discover',
];

export function ReasonStep({ draft, errors, change }: StepProps) {
  const { t } = useTranslation();
  const choices: Choice<number>[] = REASON_ICONS.map((icon, i) => ({
    value: i + 1,
    label: t(`auth.register.answers.answer${i + 1}`),
    icon: <Icon name={icon} size={22} />,
    testId: `register-answer-${i + 1}`,
  }));
  return (
    <ChoiceStep
      field="answer"
      legend={t('auth.register.steps.reason.title')}
      choices={choices}
      value={draft.answer}
      error={errors.answer}
      onChange={(answer) => change('answer', { answer })}
    />
  );
}

export function AccountStep({ draft, errors, change }: StepProps) {
  const { t } = useTranslation();
  return (
    <>
      <div className="field">
        <label className="field-label" htmlFor="register-email">
          {t('auth.fields.email')}
        </label>
        <input
          id="register-email"
          className="input"
          type="email"
          inputMode="email"
          value={draft.email}
          onChange={(e) => change('email', { email: e.target.value })}
          autoComplete="email"
          autoCapitalize="off"
          spellCheck={false}
          placeholder={t('auth.fields.emailPlaceholder')}
          dir="ltr"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? 'register-error-email' : undefined}
          data-testid="register-email"
          data-autofocus
        />
        <FieldErrorText id="register-error-email" error={errors.email} />
      </div>
      <PasswordField
        id="register-password"
        label={t('auth.fields.newPassword')}
        value={draft.password}
        onChange={(password) => change('password', { password })}
        autoComplete="new-password"
        hint={t('auth.fields.passwordHint')}
        error={errors.password ? t(errors.password.key, errors.password.params) : null}
        testId="register-password"
      />
      <p className="register-legal muted" data-testid="register-legal">
        <Trans
          i18nKey="auth.register.legal"
          components={{
            terms: <Link to="/terms-and-conditions" data-testid="register-terms-link" />,
            privacy: <Link to="/privacy" data-testid="register-privacy-link" />,
          }}
        />
      </p>
    </>
  );
}

/** How many slots the registration offers: the main photo and four more. */
export const REGISTER_PHOTO_SLOTS = 5;

/**
 * The last step, shown once the account exists (uploads need its session): the main photo and
 * up to four more, each saved as soon as it is uploaded. Skipping stays possible.
 */
export function PhotoStep({ onBusyChange }: { onBusyChange: (busy: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <div className="register-photo">
      <PhotoSlots
        count={REGISTER_PHOTO_SLOTS}
        layout="register"
        describedBy="register-photo-tips"
        onBusyChange={onBusyChange}
      />
      <ul id="register-photo-tips" className="register-photo-tips">
        <li>
          <Icon name="user" size={20} />
          <span>{t('auth.register.photo.tipFace')}</span>
        </li>
        <li>
          <Icon name="image" size={20} />
          <span>{t('auth.register.photo.tipMore')}</span>
        </li>
      </ul>
      <p className="muted register-photo-later">{t('auth.register.photo.later')}</p>
    </div>
  );
}
