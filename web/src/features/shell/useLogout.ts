import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAppStore } from '../../app/store';
import { realtime } from '../../realtime';
import { logout } from '../auth/api';
import { clearAllDrafts } from '../chat/drafts';

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
        realtime.reconnect();
        setPending(false);
        void navigate('/', { replace: true });
      });
  }, [navigate]);
  return { logOut, pending };
}
