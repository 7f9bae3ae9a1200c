import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PageSpinner } from '../shell/LoadingScreen';
import { ApiError } from '../../app/apiError';
import { checkResetToken, reset } from './api';
import { AuthLayout } from './AuthLayout';
import { errorKey } from './errors';
import type { MessageKey } from './errors';
import { PasswordField } from './PasswordField';
import { validatePassword } from './validation';

type LinkState = 'checking' | 'usable' | 'dead';

/**
 * Asks the server whether the link's token still works, before the form is shown, so a used or
 * made-up link says so at once. When the check itself fails (no connection) the form is shown and
 * the reset answers for the token.
 */
function useLinkState(token: string): [LinkState, (state: LinkState) => void] {
  const [state, setState] = useState<LinkState>(token === '' ? 'dead' : 'checking');
  useEffect(() => {
    if (token === '') return;
    let live = true;
    checkResetToken({ token }).then(
      (valid) => {
        if (live) setState(valid ? 'usable' : 'dead');
      },
      () => {
        if (live) setState('usable');
      },
    );
    return () => {
      live = false;
    };
  }, [token]);
  return [state, setState];
}

/** /recover/:token: the link from the recovery mail. Sets a new password, then on to /login. */
export default function RecoverPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const [link, setLink] = useLinkState(token);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [passwordError, setPasswordError] = useState<MessageKey | null>(null);
  const [confirmError, setConfirmError] = useState<MessageKey | null>(null);
  const [formError, setFormError] = useState<MessageKey | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    const code = validatePassword(password);
    const mismatch = !code && password !== confirm;
    setPasswordError(code ? { key: `errors.${code}` } : null);
    setConfirmError(mismatch ? { key: 'auth.recover.mismatch' } : null);
    setFormError(null);
    if (code || mismatch) return;

    setSubmitting(true);
    try {
      await reset({ token, password });
      // Every session was revoked with the old password, so the next stop is the login form.
      void navigate('/login', { replace: true, state: { passwordReset: true } });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'invalid_token') {
        setLink('dead');
      } else if (
        error instanceof ApiError &&
        (error.code === 'password_too_short' || error.code === 'password_too_long')
      ) {
        setPasswordError({ key: `errors.${error.code}` });
      } else {
        setFormError(errorKey(error));
      }
    } finally {
      setSubmitting(false);
    }
  }

  if (link === 'checking') {
    return (
      <AuthLayout testId="recover-page">
        <h1 className="auth-title">{t('auth.recover.title')}</h1>
        <div data-testid="recover-checking">
          <PageSpinner />
        </div>
      </AuthLayout>
    );
  }

  if (link === 'dead') {
    return (
      <AuthLayout testId="recover-page">
        <h1 className="auth-title">{t('auth.recover.invalidTitle')}</h1>
        <p className="auth-alert auth-alert-error" role="alert" data-testid="recover-invalid">
          {t('errors.invalid_token')}
        </p>
        <Link to="/reset" className="btn btn-primary btn-block" data-testid="recover-new-link">
          {t('auth.recover.requestNew')}
        </Link>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout testId="recover-page">
      <h1 className="auth-title">{t('auth.recover.title')}</h1>
      <p className="auth-lead muted">{t('auth.recover.subtitle')}</p>
      <form className="auth-form" onSubmit={handleSubmit} noValidate data-testid="recover-form">
        {formError ? (
          <p className="auth-alert auth-alert-error" role="alert" data-testid="recover-error">
            {t(formError.key, formError.params)}
          </p>
        ) : null}
        <PasswordField
          id="recover-password"
          label={t('auth.fields.newPassword')}
          value={password}
          onChange={(value) => {
            setPassword(value);
            setPasswordError(null);
          }}
          autoComplete="new-password"
          hint={t('auth.fields.passwordHint')}
          error={passwordError ? t(passwordError.key, passwordError.params) : null}
          testId="recover-password"
          autoFocus
        />
        <PasswordField
          id="recover-confirm"
          label={t('auth.recover.confirm')}
          value={confirm}
          onChange={(value) => {
            setConfirm(value);
            setConfirmError(null);
          }}
          autoComplete="new-password"
          error={confirmError ? t(confirmError.key, confirmError.params) : null}
          testId="recover-confirm"
        />
        <button
          type="submit"
          className="btn btn-primary"
          disabled={submitting}
          aria-busy={submitting}
          data-testid="recover-submit"
        >
          {submitting ? t('auth.recover.submitting') : t('auth.recover.submit')}
        </button>
      </form>
    </AuthLayout>
  );
}
