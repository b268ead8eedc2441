/** The app object for components, and hooks to read its stores. */
import { createContext, useContext } from 'react';
import { useStore, type StoreApi } from 'zustand';
import type { FrontDeskApp } from './createApp';

export const AppContext = createContext<FrontDeskApp | null>(null);

export function useApp(): FrontDeskApp {
  const app = useContext(AppContext);
  if (!app) throw new Error('useApp outside <AppContext>');
  return app;
}

/** A slice of a store; re-renders only when the slice changes (Object.is). */
export function useSlice<S, T>(store: StoreApi<S>, select: (state: S) => T): T {
  return useStore(store, select);
}
