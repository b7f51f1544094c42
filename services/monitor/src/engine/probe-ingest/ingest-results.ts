import type { Logger } from '@app/kit';
import type { Kysely } from 'kysely';
import type { LocationView } from '../../shared-types/location-shapes.js';
import type { ProbeResultsBatch, ProbeResultsResponse } from '../../shared-types/probe-protocol.js';
import type { LocationRow } from '../../store/repos/locations-repo.js';
import { locationsRepo } from '../../store/repos/locations-repo.js';
import { type NewInboxRow, probeRepo } from '../../store/repos/probe-repo.js';
import type { MonitorDB } from '../../store/schema.js';
import type { LocationStatusDeps } from '../locations/location-status.js';
import { announceLocationStatus, changeLocationStatus } from '../locations/location-status.js';
import { keepProbeDetails } from './probe-evidence.js';
import { estimateSkew } from './skew.js';

/** Results in one batch at most (the route's schema says so too). */
export const MAX_BATCH_RESULTS = 5000;
/** How far a result's `checked_at` may lie after its batch's `sent_at` (both the probe's clock). */
export const SENT_AT_TOLERANCE_MS = 2000;
/**
 * The oldest result taken, by our clock: batch ids are remembered this long, so an older result
 * may come from a batch already stored whose id was forgotten.
 */
export const MAX_RESULT_AGE_MS = 24 * 3600_000;

/** Why a result's time is refused, or null when it is taken (`checked_at` already corrected). */
function timeRefusal(
  probeCheckedAt: number,
  checkedAt: number,
  sentAt: number,
  plausible: boolean,
  receivedAt: number,
): string | null {
  if (!plausible) return 'clock_skew';
  // Both in the probe's clock, so no skew estimate can excuse it: a check after the post was sent.
  if (probeCheckedAt > sentAt + SENT_AT_TOLERANCE_MS) return 'checked_after_sent';
  if (checkedAt < receivedAt - MAX_RESULT_AGE_MS) return 'too_old';
  return null;
}

/** What taking a batch uses (AppContext satisfies it). */
export interface IngestDeps extends LocationStatusDeps {
  db: Kysely<MonitorDB>;
  log: Logger;
  /** The check engine, told which monitors have results waiting in the inbox. */
  engine: { inboxArrived(monitorIds: number[]): void };
  /** The service's metrics: refused results are counted by location and reason. */
  prometheus: { probeResultsRefused(location: string, rejected: readonly { reason: string }[]): void };
}

/**
 * Takes a probe's batch in one transaction: the batch id (a replay is acknowledged and stores
 * nothing), the results of monitors assigned to the location into the inbox with `checked_at`
 * moved by the probe's clock skew, and the location seen now (online). After the commit the
 * engine is told which monitors have results waiting.
 * A result's time is checked against the batch (issue 29): a result checked after its batch was
 * sent, one older than the batch-id memory, or any result of a post whose skew is implausible is
 * refused and counted. Since the skew kept is never below this post's measure, an accepted result
 * lies at most SENT_AT_TOLERANCE_MS after our receive time: no result can move a monitor's timeline
 * into the future.
 */
export async function ingestResults(
  ctx: IngestDeps,
  location: LocationRow,
  batch: ProbeResultsBatch,
  receivedAt = Date.now(),
): Promise<ProbeResultsResponse> {
  // The probe's clock minus ours: this post's measure, filtered against the delays of a busy server.
  const { skew, plausible } = estimateSkew(Math.round(batch.sent_at - receivedAt), location, receivedAt);
  const ids = [...new Set(batch.results.map((r) => r.monitor_id))];
  let announce: LocationView | null = null;
  const out = await ctx.db.transaction().execute(async (trx) => {
    const response: ProbeResultsResponse = {
      batch_id: batch.batch_id,
      duplicate: false,
      accepted: 0,
      rejected: [],
    };
    // A UUID in any case is one batch.
    if (!(await probeRepo.takeBatch(trx, location.id, batch.batch_id.toLowerCase(), receivedAt))) {
      return { ...response, duplicate: true, monitorIds: [] as number[] };
    }
    const assigned = await probeRepo.assignedAmong(trx, location.id, ids);
    const rows: NewInboxRow[] = [];
    batch.results.forEach((r, index) => {
      const paused = assigned.get(r.monitor_id);
      if (paused === undefined) {
        response.rejected.push({ index, monitor_id: r.monitor_id, reason: 'not_assigned' });
      } else if (paused) {
        response.rejected.push({ index, monitor_id: r.monitor_id, reason: 'paused' });
      } else {
        const checkedAt = Math.round(r.checked_at - skew);
        const refusal = timeRefusal(r.checked_at, checkedAt, batch.sent_at, plausible, receivedAt);
        if (refusal) {
          response.rejected.push({ index, monitor_id: r.monitor_id, reason: refusal });
          return;
        }
        rows.push({
          location_id: location.id,
          monitor_id: r.monitor_id,
          checked_at: checkedAt,
          status: r.status === 'up' ? 1 : 0,
          response_time_ms: r.response_time_ms,
          status_code: r.status_code,
          error: r.error,
          tls_days_left: r.tls_days_left,
          received_at: receivedAt,
          details: keepProbeDetails(r),
        });
      }
    });
    await probeRepo.insertInbox(trx, rows);
    response.accepted = rows.length;
    await locationsRepo.markSeen(trx, location.id, receivedAt, { skew_ms: skew });
    // Read with the token a moment ago: online stays online without a write (if the watch just
    // marked it offline, its next look sees this report and brings it back).
    if (location.status === 'offline') {
      announce = await changeLocationStatus(trx, ctx, location.id, 'offline', 'online', receivedAt, {
        alert: location.last_seen_at !== null,
      });
    }
    return { ...response, monitorIds: [...new Set(rows.map((r) => r.monitor_id))] };
  });
  const { monitorIds, ...response } = out;
  if (announce) announceLocationStatus(ctx, announce);
  if (response.rejected.length > 0) ctx.prometheus.probeResultsRefused(location.id, response.rejected);
  if (!plausible) {
    ctx.log.warn(
      { location: location.id, skew_ms: skew, refused: response.rejected.length },
      'a probe clock is too far off: its results are refused until it is set right',
    );
  }
  if (monitorIds.length > 0) ctx.engine.inboxArrived(monitorIds);
  return response;
}
