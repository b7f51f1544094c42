import type { AppContext } from '../context.js';
import type { LocationView, ProbeResultsBatch, ProbeResultsResponse } from '../locations/location-shapes.js';
import { announceLocationStatus, changeLocationStatus } from '../locations/location-status.js';
import type { LocationRow } from '../store/repos/locations-repo.js';
import { locationsRepo } from '../store/repos/locations-repo.js';
import { type NewInboxRow, probeRepo } from '../store/repos/probe-repo.js';
import { estimateSkew } from './skew.js';

/** Results in one batch at most (the route's schema says so too). */
export const MAX_BATCH_RESULTS = 5000;

/**
 * Takes a probe's batch in one transaction: the batch id (a replay is acknowledged and stores
 * nothing), the results of monitors assigned to the location into the inbox with `checked_at`
 * moved by the probe's clock skew, and the location seen now (online). After the commit the
 * engine is told which monitors have results waiting.
 */
export async function ingestResults(
  ctx: AppContext,
  location: LocationRow,
  batch: ProbeResultsBatch,
  receivedAt = Date.now(),
): Promise<ProbeResultsResponse> {
  // The probe's clock minus ours: this post's measure, filtered against the delays of a busy server.
  const skew = estimateSkew(Math.round(batch.sent_at - receivedAt), location, receivedAt);
  const ids = [...new Set(batch.results.map((r) => r.monitor_id))];
  let announce: LocationView | null = null;
  const out = await ctx.db.transaction().execute(async (trx) => {
    const response: ProbeResultsResponse = {
      batch_id: batch.batch_id,
      duplicate: false,
      accepted: 0,
      rejected: [],
    };
    if (!(await probeRepo.takeBatch(trx, location.id, batch.batch_id, receivedAt))) {
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
        rows.push({
          location_id: location.id,
          monitor_id: r.monitor_id,
          checked_at: Math.round(r.checked_at - skew),
          status: r.status === 'up' ? 1 : 0,
          response_time_ms: r.response_time_ms,
          status_code: r.status_code,
          error: r.error,
          tls_days_left: r.tls_days_left,
          received_at: receivedAt,
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
  if (monitorIds.length > 0) ctx.engine.inboxArrived(monitorIds);
  return response;
}
