import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAppStore } from '../../app/store';
import { logout, reconnectSocket } from '../auth/api';
import { clearAllDrafts } from '../chat/drafts';
import { browserDevice, forgetDevice } from '../push/subscribe';

/** Logs out on the server, then forgets the user locally and opens a fresh guest socket. */
export function useLogout(): { logOut: () => void; pending: boolean } {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const logOut = useCallback(() => {
    setPending(true);
    logout()
      .catch(() => {
        // Even if the request failed the user asked to leave; the local session goes regardless.
      })
      .finally(() => {
        useAppStore.getState().clearSession();
        clearAllDrafts();
        void forgetDevice(browserDevice);
        reconnectSocket();
        setPending(false);
        void navigate('/', { replace: true });
      });
  }, [navigate]);
  return { logOut, pending };
}

/** After the account was erased (settings, "Your data"): the server already ended the session,
 *  so only the local state goes, and the landing page says goodbye. */
export function useLeaveAfterErasure(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    useAppStore.getState().clearSession();
    // A flag rather than navigation state: the lost session's own redirect to / may come after.
    useAppStore.getState().setAccountErased(true);
    clearAllDrafts();
    void forgetDevice(browserDevice);
    reconnectSocket();
    void navigate('/', { replace: true });
  }, [navigate]);
}
