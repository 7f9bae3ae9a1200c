import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { User } from '../../realtime/protocol';
import { reconnectSocket } from './api';
import { useAppStore } from './shell';

/**
 * After register or login the new cookie exists, but the open socket was made as a guest: it
 * must reconnect to be authenticated at upgrade (brief §3). Then the app opens on /explore,
 * unless `stay` (the registration's photo step comes first).
 */
export function useCompleteAuth(): (user: User, options?: { stay?: boolean }) => void {
  const navigate = useNavigate();
  return useCallback(
    (user: User, { stay = false }: { stay?: boolean } = {}) => {
      useAppStore.getState().setUser(user);
      reconnectSocket();
      if (!stay) void navigate('/explore', { replace: true });
    },
    [navigate],
  );
}
