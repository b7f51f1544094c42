import type { Kysely } from 'kysely';
import type { ProbeAssignment, ProbeAssignmentsResponse } from '../../shared-types/probe-protocol.js';
import type { LocationRow } from '../../store/repos/locations-repo.js';
import type { MonitorRow } from '../../store/repos/monitors-repo.js';
import { probeRepo } from '../../store/repos/probe-repo.js';
import type { MonitorDB } from '../../store/schema.js';
import { toCheckTarget } from '../monitors/check-target.js';

/** One monitor as a probe sees it: what to check and how often; nothing about alerting. */
export function toAssignment(row: MonitorRow, key: Buffer): ProbeAssignment {
  return {
    id: row.id,
    version: row.updated_at,
    check_interval_seconds: row.check_interval_seconds,
    retry_interval_seconds: row.retry_interval_seconds,
    retry_count: row.retry_count,
    paused: row.paused === 1,
    target: { ...toCheckTarget(row, key) },
  };
}

/** What listing a location's assignments uses (AppContext satisfies it). */
export interface AssignmentsDeps {
  db: Kysely<MonitorDB>;
  /** The key that opens monitor credentials, which a probe needs to check. */
  keys: { encryption: Buffer };
}

/**
 * A location's monitors: every one not paused, or with `ids` those of them still assigned
 * (paused ones included, flagged) and the others as `removed`.
 */
export async function listAssignments(
  ctx: AssignmentsDeps,
  location: LocationRow,
  ids?: number[],
): Promise<ProbeAssignmentsResponse> {
  const serverTime = Date.now();
  // Types the probe said it cannot run (a browser check where there is no Chromium) are not its own:
  // listed as removed, so a probe that lost Chromium drops them too.
  const unsupported = new Set<string>(
    location.unsupported_types ? JSON.parse(location.unsupported_types) : [],
  );
  const rows = (await probeRepo.assigned(ctx.db, location.id, ids)).filter(
    (r) => !unsupported.has(r.monitor_type),
  );
  const found = new Set(rows.map((r) => r.id));
  return {
    location: { id: location.id, name: location.name, heartbeat_seconds: location.heartbeat_seconds },
    monitors: rows.map((r) => toAssignment(r, ctx.keys.encryption)),
    removed: ids ? [...new Set(ids)].filter((id) => !found.has(id)) : [],
    server_time: serverTime,
  };
}

/** `?ids=1,2,3` → ids; null when absent; a 400-worthy text when malformed. */
export function parseIds(text: string | undefined): number[] | null | string {
  if (text === undefined) return null;
  if (text.trim() === '') return [];
  const parts = text.split(',').map((p) => p.trim());
  if (parts.length > 5000) return 'ids lists at most 5000 monitors';
  const ids: number[] = [];
  for (const p of parts) {
    if (!/^[1-9]\d{0,15}$/.test(p))
      return `ids must be monitor ids separated by commas ("${p.slice(0, 20)}" is not)`;
    ids.push(Number(p));
  }
  return ids;
}
