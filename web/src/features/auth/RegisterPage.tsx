import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../app/apiError';
import { register } from './api';
import { AuthLayout } from './AuthLayout';
import { errorKey } from './errors';
import { REGISTER_STEP_COUNT, useRegisterStore } from './registerStore';
import type { RegisterDraft } from './registerStore';
import {
  buildRegisterRequest,
  firstInvalidStep,
  locateServerError,
  STEP_IDS,
  validateStep,
} from './registerSteps';
import type { FieldName, StepErrors } from './registerSteps';
import {
  AccountStep,
  AgeRangeStep,
  BirthDateStep,
  GenderStep,
  LocationStep,
  LookingForStep,
  NameStep,
  PhotoStep,
  ReasonStep,
} from './RegisterSteps';
import type { StepProps } from './RegisterSteps';
import { useAppStore } from './shell';
import { useCompleteAuth } from './useCompleteAuth';
import './RegisterPage.css';

const STEP_COMPONENTS = [
  GenderStep,
  LookingForStep,
  AgeRangeStep,
  NameStep,
  BirthDateStep,
  LocationStep,
  ReasonStep,
  AccountStep,
  PhotoStep,
] as const;

export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useAppStore((s) => s.language);
  const draft = useRegisterStore();
  const { step, update, goTo } = draft;
  const [errors, setErrors] = useState<StepErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const completeAuth = useCompleteAuth();
  const stepRef = useRef<HTMLDivElement>(null);
  // Focus moves only after Back or Continue, not on first render, so the page does not jump.
  const moved = useRef(false);

  const stepId = STEP_IDS[step - 1] ?? STEP_IDS[0];
  const StepComponent = STEP_COMPONENTS[step - 1] ?? GenderStep;

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    const root = stepRef.current;
    const target =
      root?.querySelector<HTMLElement>('[data-autofocus]') ??
      root?.querySelector<HTMLElement>('input, select') ??
      root?.querySelector<HTMLElement>('h1');
    target?.focus();
  }, [step]);

  function move(to: number) {
    moved.current = true;
    goTo(to);
  }

  function change(field: FieldName, patch: Partial<RegisterDraft>) {
    update(patch);
    setErrors((current) => {
      if (!current[field] && !current.form) return current;
      return Object.fromEntries(
        Object.entries(current).filter(([name]) => name !== field && name !== 'form'),
      ) as StepErrors;
    });
  }

  function next() {
    const found = validateStep(step, useRegisterStore.getState(), language);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    // Nothing changes behind the member's back: the age range they saw on its step is the one
    // that is saved.
    move(step + 1);
  }

  function back() {
    setErrors({});
    if (step <= 1) {
      void navigate('/');
      return;
    }
    move(step - 1);
  }

  async function submit() {
    const current = useRegisterStore.getState();
    const invalid = firstInvalidStep(current, language);
    if (invalid) {
      setErrors(invalid.errors);
      move(invalid.step);
      return;
    }
    setSubmitting(true);
    setErrors({});
    try {
      const user = await register(buildRegisterRequest(current, language));
      useRegisterStore.getState().reset();
      useRegisterStore.persist.clearStorage();
      completeAuth(user);
    } catch (error) {
      if (error instanceof ApiError && !error.network) {
        const where = locateServerError(error.code, error.field, step);
        const key =
          error.code === 'invalid_name' && language === 'he'
            ? 'errors.invalid_name_he'
            : `errors.${error.code}`;
        setErrors({ [where.field]: where.field === 'form' ? errorKey(error) : { key } });
        if (where.step !== step) move(where.step);
      } else {
        setErrors({ form: { key: 'errors.network' } });
      }
    } finally {
      setSubmitting(false);
    }
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    if (step >= REGISTER_STEP_COUNT) void submit();
    else next();
  }

  const stepProps: StepProps = { draft, errors, language, change };
  const isLast = step >= REGISTER_STEP_COUNT;
  const formError = errors.form;

  return (
    <AuthLayout wide testId="register-page">
      <form
        className="register"
        onSubmit={handleSubmit}
        noValidate
        data-testid="register-form"
        data-step={step}
      >
        <div className="register-progress">
          <div
            className="register-progress-bar"
            role="progressbar"
            aria-valuemin={1}
            aria-valuemax={REGISTER_STEP_COUNT}
            aria-valuenow={step}
            aria-label={t('auth.register.progress', { step, total: REGISTER_STEP_COUNT })}
            data-testid="register-progress"
          >
            <span style={{ inlineSize: `${(step / REGISTER_STEP_COUNT) * 100}%` }} />
          </div>
          <span className="register-progress-text muted">
            {t('auth.register.progress', { step, total: REGISTER_STEP_COUNT })}
          </span>
        </div>

        <div
          ref={stepRef}
          key={stepId}
          className="register-step"
          data-testid={`register-step-${stepId}`}
        >
          <h1 className="register-title" tabIndex={-1}>
            {t(`auth.register.steps.${stepId}.title`)}
          </h1>
          <p className="register-subtitle muted">{t(`auth.register.steps.${stepId}.subtitle`)}</p>
          <StepComponent {...stepProps} />
          {formError ? (
            <p
              className="field-error register-error"
              role="alert"
              data-testid="register-error-form"
            >
              {t(formError.key, formError.params)}
            </p>
          ) : null}
        </div>

        <div className="register-actions">
          <button
            type="button"
            className="btn btn-secondary register-back"
            onClick={back}
            disabled={submitting}
            data-testid="register-back"
          >
            <BackIcon />
            {t('auth.actions.back')}
          </button>
          {isLast ? (
            <button
              type="submit"
              className="btn btn-primary register-next"
              disabled={submitting}
              aria-busy={submitting}
              data-testid="register-skip-photo"
            >
              {submitting ? t('auth.register.submitting') : t('auth.register.photo.skip')}
            </button>
          ) : (
            <button
              type="submit"
              className="btn btn-primary register-next"
              data-testid="register-continue"
            >
              {t('auth.actions.continue')}
            </button>
          )}
        </div>
      </form>
      <p className="auth-switch">
        {t('auth.register.haveAccount')}{' '}
        <Link to="/login" data-testid="register-login-link">
          {t('auth.register.loginLink')}
        </Link>
      </p>
    </AuthLayout>
  );
}

function BackIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" className="icon-directional">
      <path d="M15.4 4.6 8 12l7.4 7.4 1.4-1.4-6-6 6-6z" fill="currentColor" />
    </svg>
  );
}
