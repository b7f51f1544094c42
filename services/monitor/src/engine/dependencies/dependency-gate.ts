import type { MonitorStatus } from '../../store/schema.js';

/** What the engine knows of a parent monitor (from its own slot, or polled for other shards). */
export interface ParentState {
  status: MonitorStatus;
  failures: number;
  lastCheckedAt: number | null;
}

/**
 * `down`: a parent is down, so the dependant's failure is the parent's (`dependency_down`).
 * `retrying`: no parent is down, but one is failing and retrying: its verdict is on its way.
 * `stale`: no parent is down or failing, but one has not been checked since the dependant began
 * failing (or never): a check of it decides whether the dependant alerts.
 * `clear`: every parent is known healthy (or is paused, in maintenance or unknown).
 */
export type ParentVerdict = 'down' | 'retrying' | 'stale' | 'clear';

/** Judges a dependant's parents, for a failure streak that began at `failingSince`. */
export function parentVerdict(
  parents: readonly number[],
  failingSince: number,
  stateOf: (id: number) => ParentState | undefined,
): ParentVerdict {
  let verdict: ParentVerdict = 'clear';
  for (const id of parents) {
    const p = stateOf(id);
    if (!p) continue;
    if (p.status === 'down') return 'down';
    if (p.status === 'paused' || p.status === 'maintenance') continue;
    if (p.failures > 0) verdict = 'retrying';
    else if (verdict === 'clear' && (p.status === 'pending' || (p.lastCheckedAt ?? 0) < failingSince)) {
      verdict = 'stale';
    }
  }
  return verdict;
}

/** Depth-first search: true when adding `monitorId → parents` closes a loop in `edges`. */
export function closesCycle(
  monitorId: number,
  parents: readonly number[],
  parentsOf: (id: number) => readonly number[],
): boolean {
  const seen = new Set<number>();
  const stack = [...parents];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (id === monitorId) return true;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...parentsOf(id));
  }
  return false;
}
