// /check/{token} in the app: the server answers a good token with a fresh session and a redirect
// (docs/protocol.md "Escaping in-app browsers"), so the app only ever shows this route for a used,
// expired or unknown token (410): it says so, and offers signing in, or the app to a browser that
// is signed in anyway.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppStore } from '../../app/store';
import { StatusPage } from '../shell/StatusPage';

export default function CheckPage() {
  const { t } = useTranslation();
  const authenticated = useAppStore((s) => s.authenticated);
  return (
    <div data-testid="check-expired">
      <StatusPage
        code={410}
        title={t('escape.check.title')}
        body={t('escape.check.body')}
        actions={
          authenticated ? (
            <Link to="/explore" className="btn btn-primary">
              {t('escape.check.toApp')}
            </Link>
          ) : (
            <Link to="/login" className="btn btn-primary">
              {t('escape.check.signIn')}
            </Link>
          )
        }
      />
    </div>
  );
}
