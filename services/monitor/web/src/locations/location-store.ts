import { useSyncExternalStore } from 'react';
import { api } from '../api/client.js';
import { messageOf } from '../api/problem.js';
import type { LocationsSnapshot, LocationView } from './location-types.js';

export type { LocationsSnapshot } from './location-types.js';

type Listener = () => void;

const EMPTY: LocationsSnapshot = { list: [], byId: new Map(), offline: [], loaded: false, error: null };

/**
 * Every location, loaded once from GET /api/locations when a view first asks and kept current by the
 * stream's `location.*` events, so the dashboard's banner, filter and dots and the Locations page
 * share one request and one truth. Resyncs of the stream reload it (events may have been missed).
 */
export class LocationStore {
  private snap: LocationsSnapshot = EMPTY;
  private listeners = new Set<Listener>();
  private loading: Promise<void> | null = null;
  private generation = 0;

  subscribe = (fn: Listener): (() => void) => {
    this.listeners.add(fn);
    if (!this.snap.loaded && !this.loading) void this.reload();
    return () => this.listeners.delete(fn);
  };

  get = (): LocationsSnapshot => this.snap;

  /** Loads the list again; concurrent calls share one request. */
  reload(): Promise<void> {
    if (this.loading) return this.loading;
    const gen = this.generation;
    this.loading = api<LocationView[]>('/api/locations')
      .then((list) => {
        if (gen === this.generation) this.set(list, null);
      })
      .catch((e: unknown) => {
        if (gen === this.generation) this.set(this.snap.list, messageOf(e));
      })
      .finally(() => {
        this.loading = null;
      });
    return this.loading;
  }

  /** After a stream (re)open: reload if anyone has looked, else the first look loads anyway. */
  resync(): void {
    if (this.snap.loaded || this.listeners.size) void this.reload();
  }

  /** A `location.online` / `location.offline` / `location.updated` event, or an API answer. */
  upsert(view: LocationView): void {
    if (!this.snap.loaded || typeof view?.id !== 'string') return;
    const list = this.snap.list.filter((l) => l.id !== view.id);
    list.push(view);
    this.set(list, this.snap.error);
  }

  remove(id: string): void {
    if (!this.snap.loaded) return;
    this.set(
      this.snap.list.filter((l) => l.id !== id),
      this.snap.error,
    );
  }

  /** Stream events: a location's view, or `location.deleted` with its id; anything else is ignored. */
  push(event: string, data: unknown): void {
    if (event === 'location.online' || event === 'location.offline' || event === 'location.updated')
      this.upsert(data as LocationView);
    else if (event === 'location.deleted') {
      const id = (data as { id?: unknown } | null)?.id;
      if (typeof id === 'string') this.remove(id);
    }
  }

  /** Sign-out: the next user loads their own list. */
  reset(): void {
    this.generation++;
    this.loading = null;
    this.snap = EMPTY;
    this.notify();
  }

  private set(list: LocationView[], error: string | null): void {
    const sorted = [...list].sort(
      (a, b) => Number(b.is_local) - Number(a.is_local) || a.name.localeCompare(b.name),
    );
    this.snap = {
      list: sorted,
      byId: new Map(sorted.map((l) => [l.id, l])),
      offline: sorted.filter((l) => l.status === 'offline'),
      loaded: true,
      error,
    };
    this.notify();
  }

  private notify(): void {
    for (const l of this.listeners) l();
  }
}

/** The one store of the signed-in app. */
export const locationStore = new LocationStore();

/** The locations, re-rendering when they change (loads them on first use). */
export function useLocations(): LocationsSnapshot {
  return useSyncExternalStore(locationStore.subscribe, locationStore.get);
}

/** A location's name, or its id when unknown (deleted, or the list not loaded yet). */
export function locationName(snap: LocationsSnapshot, id: string): string {
  return snap.byId.get(id)?.name ?? id;
}
