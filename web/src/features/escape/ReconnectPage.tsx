// /reconnect/{page} (docs/protocol.md "Escaping in-app browsers"): where an escape lands that
// could not bring a sign-in along (the token request failed), and any link that restores a flow
// in another browser. Signed in here already: on to that page of the app (explore when the page
// is not one). Not signed in: it says the sign-in did not come along, and offers signing in.
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { useAppStore } from '../../app/store';
import { LoadingScreen } from '../shell/LoadingScreen';
import { StatusPage } from '../shell/StatusPage';
import { reconnectPath } from './plan';

export default function ReconnectPage() {
  const { t } = useTranslation();
  const { slug } = useParams();
  const authenticated = useAppStore((s) => s.authenticated);
  const authChecked = useAppStore((s) => s.authChecked);
  if (authenticated) return <Navigate to={reconnectPath(slug)} replace />;
  if (!authChecked) return <LoadingScreen />;
  return (
    <div data-testid="reconnect-signed-out">
      <StatusPage
        title={t('escape.reconnect.title')}
        body={t('escape.reconnect.body')}
        actions={
          <>
            <Link to="/login" className="btn btn-primary">
              {t('escape.reconnect.signIn')}
            </Link>
            <Link to="/" className="btn btn-ghost">
              {t('escape.reconnect.home')}
            </Link>
          </>
        }
      />
    </div>
  );
}
