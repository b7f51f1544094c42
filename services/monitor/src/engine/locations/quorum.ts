import { LOCAL_LOCATION_ID } from '../../shared-types/location-ids.js';
import type { LocationVerdict } from '../../shared-types/location-shapes.js';

/** One location's own verdict on a monitor, as the quorum reads it. */
export interface LocationVote {
  location_id: string;
  status: LocationVerdict;
  /** Failed checks in a row at that location. */
  failures: number;
}

/**
 * Whether a location's votes count now (`local` always does: it is this program): online, and, given
 * a monitor's type, able to run it (a probe without Chromium reports `browser` unsupported, issue 32).
 */
export type OnlineTest = (locationId: string, monitorType?: string) => boolean;

/** True when the location's verdict counts: `local`, or a probe that is online (and runs the type). */
export const isCounted = (
  locationId: string,
  online: OnlineTest | undefined,
  monitorType?: string,
): boolean => locationId === LOCAL_LOCATION_ID || (online?.(locationId, monitorType) ?? true);

/**
 * The effective quorum: the monitor's own (`quorum`), else a majority of the online locations,
 * never more than are online. 0 when no listed location is online (nothing can be decided).
 */
export function effectiveQuorum(quorum: number | null, online: number): number {
  if (online === 0) return 0;
  return Math.min(quorum ?? Math.floor(online / 2) + 1, online);
}

/** What the quorum makes of the votes: the monitor status, and its failures (see below). */
export interface QuorumDecision {
  /** null: nothing to decide on (no counted location, or none has a verdict yet); keep the status. */
  status: 'up' | 'degraded' | 'down' | null;
  /** Locations counted (online). */
  counted: number;
  q: number;
  /**
   * The monitor's failures in a row: the q-th highest among the counted locations, so it is above
   * the retry count exactly when q locations went down, and above 0 while enough are retrying.
   */
  failures: number;
}

/**
 * Decides a multi-location monitor's status from its locations' verdicts: `down` when at least q
 * counted locations are down; else `degraded` when at least q are degraded or down; else `up`
 * when any counted location is up or degraded; else (all pending) nothing changes. An offline
 * location is not counted, so it can never make a monitor down; nor is one that cannot run the
 * monitor's type, so it never holds a quorum back by staying pending.
 */
export function decideQuorum(
  votes: readonly LocationVote[],
  online: OnlineTest | undefined,
  quorum: number | null,
  monitorType?: string,
): QuorumDecision {
  let counted = 0;
  let down = 0;
  let degraded = 0;
  let healthy = 0;
  const failures: number[] = [];
  for (const v of votes) {
    if (!isCounted(v.location_id, online, monitorType)) continue;
    counted++;
    failures.push(v.failures);
    if (v.status === 'down') down++;
    else if (v.status === 'degraded') degraded++;
    if (v.status === 'up' || v.status === 'degraded') healthy++;
  }
  const q = effectiveQuorum(quorum, counted);
  failures.sort((a, b) => b - a);
  const qthFailures = q > 0 ? (failures[q - 1] ?? 0) : 0;
  let status: QuorumDecision['status'] = null;
  if (q > 0) {
    if (down >= q) status = 'down';
    else if (down + degraded >= q) status = 'degraded';
    else if (healthy > 0) status = 'up';
  }
  return { status, counted, q, failures: qthFailures };
}
