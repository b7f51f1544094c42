import type { Logger } from '@app/kit';
import type { Kysely } from 'kysely';
import type { LocationView } from '../../shared-types/location-shapes.js';
import type { ProbeHeartbeat, ProbeHeartbeatResponse } from '../../shared-types/probe-protocol.js';
import { type LocationRow, locationsRepo } from '../../store/repos/locations-repo.js';
import type { MonitorDB } from '../../store/schema.js';
import type { LocationStatusDeps } from '../locations/location-status.js';
import { announceLocationStatus, changeLocationStatus } from '../locations/location-status.js';
import { estimateSkew } from './skew.js';

/** What a heartbeat uses (AppContext satisfies it). */
export interface ProbeHeartbeatDeps extends LocationStatusDeps {
  db: Kysely<MonitorDB>;
  log: Logger;
  locations: LocationStatusDeps['locations'] & { setUnsupported(id: string, types: readonly string[]): void };
}

/** A probe's heartbeat: seen now (online), its version and clock skew recorded. */
export async function recordHeartbeat(
  ctx: ProbeHeartbeatDeps,
  location: LocationRow,
  hb: ProbeHeartbeat,
  receivedAt = Date.now(),
): Promise<ProbeHeartbeatResponse> {
  // An implausible skew is recorded to be seen (the next post starts afresh); results go by their own post.
  const { skew } = estimateSkew(Math.round(hb.sent_at - receivedAt), location, receivedAt);
  let announce: LocationView | null = null;
  await ctx.db.transaction().execute(async (trx) => {
    await locationsRepo.markSeen(trx, location.id, receivedAt, {
      skew_ms: skew,
      version: hb.version,
      ...(hb.unsupported_types && {
        unsupported_types: hb.unsupported_types.length > 0 ? JSON.stringify(hb.unsupported_types) : null,
      }),
    });
    // Read with the token a moment ago: online stays online without a write (if the watch just
    // marked it offline, its next look sees this report and brings it back).
    if (location.status === 'offline') {
      announce = await changeLocationStatus(trx, ctx, location.id, 'offline', 'online', receivedAt, {
        alert: location.last_seen_at !== null,
      });
    }
  });
  if (hb.unsupported_types) ctx.locations.setUnsupported(location.id, hb.unsupported_types);
  if (announce) announceLocationStatus(ctx, announce);
  if (hb.dropped > 0) {
    ctx.log.warn(
      { location: location.id, dropped: hb.dropped },
      'a probe dropped results (its spool was full)',
    );
  }
  return { server_time: receivedAt, skew_ms: skew, heartbeat_seconds: location.heartbeat_seconds };
}
