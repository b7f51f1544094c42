import { useSyncExternalStore } from 'react';

/** Whether the server answers, as the app last saw it. `epoch` grows each time it comes back. */
export interface Connectivity {
  reachable: boolean;
  /** When it stopped answering (epoch ms), null while reachable. */
  since: number | null;
  epoch: number;
}

const PROBE_MS = 2000;
let state: Connectivity = { reachable: true, since: null, epoch: 0 };
let probe: ReturnType<typeof setInterval> | null = null;
const listeners = new Set<() => void>();

function set(next: Connectivity) {
  state = next;
  for (const l of listeners) l();
}

/**
 * A failed request or chunk load says the server is gone: from then on /api/health is probed, so
 * every view waiting on `epoch` retries by itself once it answers, with no stream needed.
 */
export function reportUnreachable(): void {
  if (!state.reachable) return;
  set({ reachable: false, since: Date.now(), epoch: state.epoch });
  probe ??= setInterval(() => {
    fetch('/api/health', { cache: 'no-store' })
      .then((r) => r.ok && reportReachable())
      .catch(() => undefined);
  }, PROBE_MS);
}

/** Any answer from the server (even an error status) proves it is back. */
export function reportReachable(): void {
  if (probe) clearInterval(probe);
  probe = null;
  if (state.reachable) return;
  set({ reachable: true, since: null, epoch: state.epoch + 1 });
}

export function connectivity(): Connectivity {
  return state;
}

function subscribe(fn: () => void) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Re-renders when the server goes away or comes back. */
export function useConnectivity(): Connectivity {
  return useSyncExternalStore(subscribe, connectivity);
}

/**
 * True for failures that mean "no answer" rather than "the server said no": fetch's network error
 * (a TypeError, worded per browser) and the browsers' messages for a lazy chunk that did not load.
 * Other TypeErrors are bugs in a page and must not pass for a network outage.
 */
export function isUnreachableError(e: unknown): boolean {
  if (!(e instanceof Error)) return false;
  if (/dynamically imported module|Importing a module script failed/i.test(e.message)) return true;
  return e instanceof TypeError && /^(Failed to fetch|NetworkError|Load failed)/i.test(e.message);
}
