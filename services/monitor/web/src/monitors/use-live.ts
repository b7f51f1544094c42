import { createContext, useContext, useSyncExternalStore } from 'react';
import type { StreamState } from './dashboard-stream.js';
import { type LiveStore, liveStore } from './live-store.js';

/** Re-renders on every applied batch of the live store; returns the store. */
export function useLiveStore(): LiveStore {
  useSyncExternalStore(liveStore.subscribe, liveStore.getVersion);
  return liveStore;
}

/** Re-renders only when an incident event arrives; returns a counter to reload incident views with. */
export function useIncidentVersion(): number {
  return useSyncExternalStore(liveStore.subscribe, () => liveStore.incidentVersion);
}

/** The stream's connection state, provided by the app shell. */
export const StreamStateContext = createContext<StreamState>('stopped');

export function useStreamState(): StreamState {
  return useContext(StreamStateContext);
}
