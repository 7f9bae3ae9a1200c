// Route guards (spec §2). The server applies the same redirects before sending index.html; these
// cover navigation inside the app and a session that ends while the page is open.
import { Navigate, Outlet } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { LoadingScreen } from '../features/shell/LoadingScreen';
import { guardDecision, type GuardKind } from './guardRules';
import { useAppStore } from './store';

function Guard({ kind }: { kind: GuardKind }) {
  const auth = useAppStore(
    useShallow((s) => ({
      authenticated: s.authenticated,
      authChecked: s.authChecked,
      finishingRegistration: s.finishingRegistration,
    })),
  );
  const decision = guardDecision(kind, auth);
  if (decision === 'wait') return <LoadingScreen />;
  if (decision === 'render') return <Outlet />;
  return <Navigate to={decision.redirect} replace />;
}

export function RequireAuth() {
  return <Guard kind="authenticated" />;
}

export function GuestOnly() {
  return <Guard kind="guest" />;
}
