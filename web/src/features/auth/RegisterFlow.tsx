import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../app/apiError';
import { SolidIcon } from '../../ui/icons';
import { register } from './api';
import { AuthLayout } from './AuthLayout';
import { errorKey } from './errors';
import { ACCOUNT_STEP, PHOTO_STEP, REGISTER_STEP_COUNT, useRegisterStore } from './registerStore';
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

// The steps before the account exists; the photo step comes after it (see PhotoStep).
const STEP_COMPONENTS = [
  GenderStep,
  LookingForStep,
  AgeRangeStep,
  NameStep,
  BirthDateStep,
  LocationStep,
  ReasonStep,
  AccountStep,
] as const;

/**
 * The onboarding. The account is created when the account step is sent, and the photo step comes
 * after it: an upload needs the member's session, and each photo is then saved to the profile as
 * soon as it is uploaded, with its own progress and its own error on the step where it can be
 * fixed. (Keeping the chosen files until the account exists would upload them after the member
 * has left the step, where a refused file could no longer be replaced, and a reload would lose
 * them.) A reload on the photo step lands in the app, signed in; photos can be added from the
 * profile at any time.
 */
export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useAppStore((s) => s.language);
  const finishing = useAppStore((s) => s.finishingRegistration);
  const draft = useRegisterStore();
  const { update, goTo } = draft;
  // A draft persisted past the account step (an older page) returns to it.
  const step = finishing ? PHOTO_STEP : Math.min(draft.step, ACCOUNT_STEP);
  const [errors, setErrors] = useState<StepErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [uploading, setUploading] = useState(false);
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

  // Leaving the page by any way ends the photo step: /register is a guest page again.
  useEffect(() => () => useAppStore.getState().setFinishingRegistration(false), []);

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
      // Before the user is stored, or the guest-only guard would leave for /explore at once.
      useAppStore.getState().setFinishingRegistration(true);
      moved.current = true;
      completeAuth(user, { stay: true });
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

  /** Leaves the photo step for the app; the reward for the new account shows there. */
  function finish() {
    if (uploading) return;
    useAppStore.getState().setFinishingRegistration(false);
    void navigate('/explore', { replace: true });
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    if (finishing) finish();
    else if (step >= ACCOUNT_STEP) void submit();
    else next();
  }

  const stepProps: StepProps = { draft, errors, language, change };
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
          {finishing ? <PhotoStep onBusyChange={setUploading} /> : <StepComponent {...stepProps} />}
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
          {finishing ? null : (
            <button
              type="button"
              className="btn btn-secondary register-back"
              onClick={back}
              disabled={submitting}
              data-testid="register-back"
            >
              <SolidIcon d={BACK} size={20} className="icon-directional" />
              {t('auth.actions.back')}
            </button>
          )}
          {finishing ? (
            <PhotoStepActions uploading={uploading} />
          ) : step === ACCOUNT_STEP ? (
            <button
              type="submit"
              className="btn btn-primary register-next"
              disabled={submitting}
              aria-busy={submitting}
              data-testid="register-create-account"
            >
              {submitting ? t('auth.register.submitting') : t('auth.register.createAccount')}
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

/** Skip while there is no photo, Continue once there is one; neither while an upload runs. */
function PhotoStepActions({ uploading }: { uploading: boolean }) {
  const { t } = useTranslation();
  const hasPhoto = useAppStore((s) => (s.user?.photos.length ?? 0) > 0);
  return hasPhoto ? (
    <button
      type="submit"
      className="btn btn-primary register-next"
      disabled={uploading}
      data-testid="register-finish"
    >
      {t('auth.register.photo.done')}
    </button>
  ) : (
    <button
      type="submit"
      className="btn btn-secondary register-next register-skip"
      disabled={uploading}
      data-testid="register-skip-photo"
    >
      {t('auth.register.photo.skip')}
    </button>
  );
}

const BACK = 'M15.4 4.6 8 12l7.4 7.4 1.4-1.4-6-6 6-6z';
