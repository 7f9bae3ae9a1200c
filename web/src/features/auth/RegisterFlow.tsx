import { useEffect, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../app/apiError';
import { SolidIcon } from '../../ui/icons';
import { register } from './api';
import type { ExtraFieldId, ExtraValue } from '../../realtime/protocol';
import { withExtra, withoutExtras } from '../profile/extras/catalog';
import { LazyExtrasStep, preloadExtras } from '../profile/extras/lazy';
import { errorKey } from './errors';
import { accountStepOf, extrasOfStep, isExtrasStep, photoStepOf, stepIdAt } from './registerFlows';
import type { FlowConfig, StepId } from './registerFlows';
import { useRegisterStore } from './registerStore';
import type { RegisterDraft } from './registerStore';
import {
  buildRegisterRequest,
  extrasProblems,
  firstInvalidStep,
  locateServerError,
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

// The core steps before the account exists; the photo step comes after it (see PhotoStep), and
// the extras steps are drawn by LazyExtrasStep.
const STEP_COMPONENTS: Partial<Record<StepId, (props: StepProps) => ReactNode>> = {
  gender: GenderStep,
  'looking-for': LookingForStep,
  'age-range': AgeRangeStep,
  name: NameStep,
  'birth-date': BirthDateStep,
  location: LocationStep,
  reason: ReasonStep,
  account: AccountStep,
};

/**
 * The onboarding's step engine: it runs one configuration of registerFlows.ts (/register, the
 * landing variants), which says which steps come in which order. The account is created when the
 * account step is sent, and the photo step comes
 * after it: an upload needs the member's session, and each photo is then saved to the profile as
 * soon as it is uploaded, with its own progress and its own error on the step where it can be
 * fixed. (Keeping the chosen files until the account exists would upload them after the member
 * has left the step, where a refused file could no longer be replaced, and a reload would lose
 * them.) A reload on the photo step lands in the app, signed in; photos can be added from the
 * profile at any time.
 */
export function RegisterFlow({
  flow,
  frame: Frame,
  testId = 'register-page',
}: {
  flow: FlowConfig;
  /** What the flow is drawn in: AuthLayout for /register, the landing frames for the variants. */
  frame: (props: { children: ReactNode; testId: string }) => ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useAppStore((s) => s.language);
  const finishing = useAppStore((s) => s.finishingRegistration);
  const draft = useRegisterStore();
  const { update, goTo } = draft;
  const ACCOUNT_STEP = accountStepOf(flow);
  const PHOTO_STEP = photoStepOf(flow);
  const total = flow.steps.length;
  // A draft of another flow starts this one from its first step (its answers stay); a draft
  // persisted past the account step (an older page) returns to it.
  const ownStep = draft.flow === flow.id ? draft.step : 1;
  const step = finishing ? PHOTO_STEP : Math.min(ownStep, ACCOUNT_STEP);
  const [errors, setErrors] = useState<StepErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [uploading, setUploading] = useState(false);
  const completeAuth = useCompleteAuth();
  const stepRef = useRef<HTMLDivElement>(null);
  // Focus moves only after Back or Continue, not on first render, so the page does not jump.
  const moved = useRef(false);

  const stepId = stepIdAt(flow, step);
  const StepComponent = STEP_COMPONENTS[stepId];
  const extrasStep = isExtrasStep(stepId);
  const hasExtras = flow.steps.some(isExtrasStep);

  // The draft counts steps in this flow from now on.
  useEffect(() => {
    if (useRegisterStore.getState().flow !== flow.id) update({ flow: flow.id, step: 1 });
  }, [flow.id, update]);

  // A flow that asks extras fetches their chunk and texts while the first steps are filled in.
  useEffect(() => {
    if (hasExtras) preloadExtras();
  }, [hasExtras]);

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

  function changeExtra(id: ExtraFieldId, value: ExtraValue | undefined) {
    change('extras', { extras: withExtra(useRegisterStore.getState().extras, id, value) });
  }

  /** An extras step may be left unanswered: its answers are cleared and the flow moves on. */
  function skip() {
    update({ extras: withoutExtras(useRegisterStore.getState().extras, extrasOfStep(stepId)) });
    setErrors({});
    move(step + 1);
  }

  function next() {
    const found = validateStep(stepId, useRegisterStore.getState(), language);
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
    const invalid = firstInvalidStep(current, language, undefined, flow);
    if (invalid) {
      setErrors(invalid.errors);
      move(invalid.step);
      return;
    }
    setSubmitting(true);
    setErrors({});
    try {
      const user = await register(buildRegisterRequest(current, language, flow));
      useRegisterStore.getState().reset();
      useRegisterStore.persist.clearStorage();
      // Before the user is stored, or the guest-only guard would leave for /explore at once.
      useAppStore.getState().setFinishingRegistration(true);
      moved.current = true;
      completeAuth(user, { stay: true });
    } catch (error) {
      if (error instanceof ApiError && !error.network) {
        const where = locateServerError(error.code, error.field, step, flow);
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
  const extraFields = extrasOfStep(stepId);
  // A step of one extra is titled with its question; a step of two with its own title.
  const titleKey = !extrasStep
    ? `auth.register.steps.${stepId}`
    : extraFields.length === 1
      ? `extras.fields.${extraFields[0] ?? ''}`
      : `extras.steps.${stepId}`;
  const title =
    extrasStep && extraFields.length === 1 ? `${titleKey}.question` : `${titleKey}.title`;
  const subtitle =
    extrasStep && extraFields.length === 1 ? 'extras.optional' : `${titleKey}.subtitle`;

  return (
    <Frame testId={testId}>
      <form
        className={`register register--${flow.theme}`}
        onSubmit={handleSubmit}
        noValidate
        data-testid="register-form"
        data-flow={flow.id}
        data-step={step}
        data-steps={total}
      >
        <div className="register-progress">
          <div
            className="register-progress-bar"
            role="progressbar"
            aria-valuemin={1}
            aria-valuemax={total}
            aria-valuenow={step}
            aria-label={t('auth.register.progress', { step, total })}
            data-testid="register-progress"
          >
            <span style={{ inlineSize: `${(step / total) * 100}%` }} />
          </div>
          <span className="register-progress-text muted">
            {t('auth.register.progress', { step, total })}
          </span>
        </div>

        <div
          ref={stepRef}
          key={stepId}
          className="register-step"
          data-testid={`register-step-${stepId}`}
        >
          {extrasStep ? (
            <LazyExtrasStep
              fields={extraFields}
              extras={draft.extras}
              problems={errors.extras ? extrasProblems(extraFields, draft) : {}}
              onChange={changeExtra}
              titleKey={title}
              subtitleKey={subtitle}
            />
          ) : (
            <>
              <h1 className="register-title" tabIndex={-1}>
                {t(title)}
              </h1>
              <p className="register-subtitle muted">{t(subtitle)}</p>
            </>
          )}
          {finishing ? (
            <PhotoStep onBusyChange={setUploading} />
          ) : StepComponent ? (
            <StepComponent {...stepProps} />
          ) : null}
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
            <>
              {extrasStep ? (
                <button
                  type="button"
                  className="btn btn-secondary register-skip-extra"
                  onClick={skip}
                  data-testid="register-skip"
                >
                  {t('auth.register.skipStep')}
                </button>
              ) : null}
              <button
                type="submit"
                className="btn btn-primary register-next"
                data-testid="register-continue"
              >
                {t('auth.actions.continue')}
              </button>
            </>
          )}
        </div>
      </form>
      <p className="auth-switch">
        {t('auth.register.haveAccount')}{' '}
        <Link to="/login" data-testid="register-login-link">
          {t('auth.register.loginLink')}
        </Link>
      </p>
    </Frame>
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
