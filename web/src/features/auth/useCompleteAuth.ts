import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { User } from '../../realtime/protocol';
import { reconnectSocket } from './api';
import { useAppStore } from './shell';

/**
 * After register or login the new cookie exists, but the open socket was made as a guest: it
 * must reconnect to be authenticated at upgrade (brief §3).
 */
export function useCompleteAuth(): (user: User) => void {
  const navigate = useNavigate();
  return useCallback(
    (user: User) => {
      useAppStore.getState().setUser(user);
      reconnectSocket();
      void navigate('/explore', { replace: true });
    },
    [navigate],
  );
}
