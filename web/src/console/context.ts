// How the console's screens reach the service and read its store.
import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { ConsoleService, ConsoleState } from './service';

export const ServiceContext = createContext<ConsoleService | null>(null);

export function useService(): ConsoleService {
  const service = useContext(ServiceContext);
  if (!service) throw new Error('useService outside the console workspace');
  return service;
}

export function useConsole<T>(selector: (state: ConsoleState) => T): T {
  return useStore(useService().store, selector);
}
