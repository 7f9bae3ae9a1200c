import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EmailField } from './EmailField';
import { Link } from 'react-router';
import { ApiError } from '../../app/apiError';
import { SolidIcon } from '../../ui/icons';
import { recover } from './api';
import { AuthLayout } from './AuthLayout';
import { errorKey } from './errors';
import type { MessageKey } from './errors';
import { useAppStore } from './shell';
import { useCountdown } from './useCountdown';
import { validateEmail } from './validation';

/** /reset: asks for the email and sends the recovery link (POST /api/auth/recover). */
export default function ResetPage() {
  const { t } = useTranslation();
  const language = useAppStore((s) => s.language);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<MessageKey | null>(null);
  const [formError, setFormError] = useState<MessageKey | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const wait = useCountdown();
  const waiting = wait.remaining > 0;

  async function send() {
    const code = validateEmail(email);
    setEmailError(code ? { key: `errors.${code}` } : null);
    setFormError(null);
    if (code) return;
    setSubmitting(true);
    try {
      const reply = await recover({ email: email.trim(), language });
      setSentTo(email.trim());
      wait.start(reply.wait_seconds);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'invalid_email') {
        setEmailError({ key: 'errors.invalid_email' });
      } else {
        if (error instanceof ApiError && error.code === 'recovery_throttled' && error.seconds) {
          wait.start(error.seconds);
        }
        setFormError(errorKey(error));
      }
    } finally {
      setSubmitting(false);
    }
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!submitting && !waiting) void send();
  }

  const throttleText =
    formError?.key === 'errors.recovery_throttled'
      ? waiting
        ? t('errors.recovery_throttled', { seconds: wait.remaining })
        : null
      : formError
        ? t(formError.key, formError.params)
        : null;

  const errorAlert = throttleText ? (
    <p className="auth-alert auth-alert-error" role="alert" data-testid="reset-error">
      {throttleText}
    </p>
  ) : null;
  const backToLogin = (
    <p className="auth-switch">
      <Link to="/login" data-testid="reset-login-link">
        {t('auth.reset.backToLogin')}
      </Link>
    </p>
  );

  if (sentTo !== null) {
    return (
      <AuthLayout testId="reset-page">
        <div className="auth-icon-badge" aria-hidden="true">
          <SolidIcon d={MAIL} size={30} />
        </div>
        <h1 className="auth-title">{t('auth.reset.sentTitle')}</h1>
        <div className="auth-lead" role="status" data-testid="reset-sent">
          {/* The address on a line of its own, one left-to-right unit: never reordered or broken
              inside the Hebrew sentence. */}
          <p className="auth-email">
            <bdi dir="ltr" title={sentTo} data-testid="reset-sent-email">
              {sentTo}
            </bdi>
          </p>
          <p className="auth-email-note">{t('auth.reset.sentBody')}</p>
        </div>
        {errorAlert}
        <p className="muted" data-testid="reset-wait">
          {waiting
            ? t('auth.reset.waitAgain', { time: clock(wait.remaining) })
            : t('auth.reset.canResend')}
        </p>
        <div className="auth-form">
          <button
            type="button"
            className="btn btn-secondary btn-block"
            onClick={() => void send()}
            disabled={waiting || submitting}
            data-testid="reset-resend"
          >
            {t('auth.reset.resend')}
          </button>
        </div>
        {backToLogin}
      </AuthLayout>
    );
  }

  return (
    <AuthLayout testId="reset-page">
      <h1 className="auth-title">{t('auth.reset.title')}</h1>
      <p className="auth-lead muted">{t('auth.reset.subtitle')}</p>
      <form className="auth-form" onSubmit={handleSubmit} noValidate data-testid="reset-form">
        {errorAlert}
        <EmailField
          id="reset-email"
          label={t('auth.fields.email')}
          value={email}
          onChange={(value) => {
            setEmail(value);
            setEmailError(null);
          }}
          autoComplete="email"
          error={emailError ? t(emailError.key, emailError.params) : null}
          testId="reset-email"
          autoFocus
        />
        <button
          type="submit"
          className="btn btn-primary"
          disabled={submitting || waiting}
          aria-busy={submitting}
          data-testid="reset-submit"
        >
          {submitting ? t('auth.reset.submitting') : t('auth.reset.submit')}
        </button>
      </form>
      {backToLogin}
    </AuthLayout>
  );
}

const MAIL =
  'M4 4h16a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Zm0 2v.5l8 5 8-5V6H4Zm16 2.8-8 5-8-5V18h16V8.8Z';

/** 75 → "1:15": a clock reads the same in every language and needs no plural forms. */
function clock(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
