import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ApiError } from '../../app/apiError';
import { login } from './api';
import { AuthLayout } from './AuthLayout';
import { errorKey } from './errors';
import type { MessageKey } from './errors';
import { EmailField } from './EmailField';
import { PasswordField } from './PasswordField';
import { useCompleteAuth } from './useCompleteAuth';
import { useCountdown } from './useCountdown';
import { validateEmail } from './validation';

export default function LoginPage() {
  const { t } = useTranslation();
  const completeAuth = useCompleteAuth();
  const location = useLocation();
  // RecoverPage sends the user here after a new password was set.
  const passwordReset =
    typeof location.state === 'object' &&
    location.state !== null &&
    'passwordReset' in location.state;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [emailError, setEmailError] = useState<MessageKey | null>(null);
  const [passwordError, setPasswordError] = useState<MessageKey | null>(null);
  const [formError, setFormError] = useState<MessageKey | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const throttle = useCountdown();
  const throttled = throttle.remaining > 0;

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting || throttled) return;
    const emailCode = validateEmail(email);
    // Login only checks that something was typed: the length rules are for new passwords, and
    // an old account might predate them.
    const passwordMissing = password === '';
    setEmailError(emailCode ? { key: `errors.${emailCode}` } : null);
    setPasswordError(passwordMissing ? { key: 'auth.login.passwordRequired' } : null);
    setFormError(null);
    if (emailCode || passwordMissing) return;

    setSubmitting(true);
    try {
      const user = await login({ email: email.trim(), password });
      completeAuth(user);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'too_many_attempts' && error.seconds) {
        throttle.start(error.seconds);
      }
      setFormError(errorKey(error));
    } finally {
      setSubmitting(false);
    }
  }

  // While throttled the text counts down with the button; otherwise it is the stored message.
  const formText =
    formError?.key === 'errors.too_many_attempts'
      ? throttled
        ? t('errors.too_many_attempts', { seconds: throttle.remaining })
        : null
      : formError
        ? t(formError.key, formError.params)
        : null;

  return (
    <AuthLayout testId="login-page">
      <h1 className="auth-title">{t('auth.login.title')}</h1>
      <p className="auth-lead muted">{t('auth.login.subtitle')}</p>
      <form className="auth-form" onSubmit={handleSubmit} noValidate data-testid="login-form">
        {passwordReset && !formText ? (
          <p className="auth-alert auth-alert-success" role="status" data-testid="login-reset-done">
            {t('auth.login.resetDone')}
          </p>
        ) : null}
        {formText ? (
          <p className="auth-alert auth-alert-error" role="alert" data-testid="login-error">
            {formText}
          </p>
        ) : null}
        <EmailField
          id="login-email"
          label={t('auth.fields.email')}
          value={email}
          onChange={(value) => {
            setEmail(value);
            setEmailError(null);
          }}
          autoComplete="username"
          error={emailError ? t(emailError.key, emailError.params) : null}
          testId="login-email"
          autoFocus
        />
        <PasswordField
          id="login-password"
          label={t('auth.fields.password')}
          value={password}
          onChange={(value) => {
            setPassword(value);
            setPasswordError(null);
          }}
          autoComplete="current-password"
          error={passwordError ? t(passwordError.key, passwordError.params) : null}
          testId="login-password"
        />
        <div className="auth-row">
          <Link to="/reset" data-testid="login-forgot-link">
            {t('auth.login.forgot')}
          </Link>
        </div>
        <button
          type="submit"
          className="btn btn-primary"
          disabled={submitting || throttled}
          aria-busy={submitting}
          data-testid="login-submit"
        >
          {submitting ? t('auth.login.submitting') : t('auth.login.submit')}
        </button>
      </form>
      <p className="auth-switch">
        {t('auth.login.noAccount')}{' '}
        <Link to="/register" data-testid="login-register-link">
          {t('auth.login.registerLink')}
        </Link>
      </p>
    </AuthLayout>
  );
}
