import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { errors } from '../../errors.js';
import { audited } from '../../platform/audit/audit.js';
import { dependenciesRepo } from '../../store/repos/dependencies-repo.js';
import { monitorChannelsRepo } from '../../store/repos/monitor-channels-repo.js';
import { type MonitorRow, monitorsRepo, type NewMonitorRow } from '../../store/repos/monitors-repo.js';
import { tagsRepo } from '../../store/repos/tags-repo.js';
import type { MonitorDB } from '../../store/schema.js';
import type { MonitorChangeDeps } from '../locations/monitor-changes.js';
import { monitorChanged } from '../locations/monitor-changes.js';
import { parseLocationIds, saveLocationRows } from '../locations/monitor-locations.js';
import { configOf } from './monitor-input.js';
import { newHeartbeatToken } from './monitors-service.js';

/** Names longer than the API allows are cut so the copy's suffix still shows. */
const MAX_NAME = 200;
const SUFFIX = ' (copy)';

/**
 * The columns a copy starts afresh: identity, the engine's runtime state and the heartbeat token
 * (a copy pinged with the original's token would steal its pings). Every other column is copied,
 * so configuration added later travels without this list changing.
 */
function freshRow(old: MonitorRow, now: number): NewMonitorRow {
  const {
    id: _id,
    current_status: _status,
    last_checked_at: _checked,
    last_response_time_ms: _ms,
    last_status_code: _code,
    consecutive_failures: _failures,
    last_ping_at: _ping,
    check_requested_at: _requested,
    tls_warned_threshold: _warned,
    last_tls_days_left: _days,
    heartbeat_token: _token,
    created_at: _created,
    updated_at: _updated,
    consecutive_successes: _successes,
    status_reason: _reason,
    // A copy comes from no config file: the key stays with the original (docs/config-as-code.md).
    config_key: _key,
    managed: _managed,
    ...config
  } = old;
  const name =
    old.name.length + SUFFIX.length > MAX_NAME ? old.name.slice(0, MAX_NAME - SUFFIX.length) : old.name;
  return {
    ...config,
    name: `${name}${SUFFIX}`,
    heartbeat_token: old.monitor_type === 'heartbeat' ? newHeartbeatToken() : null,
    current_status: old.paused === 1 ? 'paused' : 'pending',
    consecutive_failures: 0,
    created_at: now,
    updated_at: now,
  };
}

/** What cloning uses (AppContext satisfies it). */
export interface CloneDeps extends MonitorChangeDeps {
  db: Kysely<MonitorDB>;
}

/**
 * Copies a monitor as "<name> (copy)": the same configuration and credentials (still encrypted),
 * paused or active as the original, in the same group with the same channels and tags; no history.
 */
export async function cloneMonitor(ctx: CloneDeps, req: FastifyRequest, id: number) {
  const row = await audited(ctx, req, async (trx) => {
    const old = await monitorsRepo.byId(trx, id);
    if (!old) throw errors.not_found(`Monitor ${id} does not exist.`);
    const r = await monitorsRepo.insert(trx, freshRow(old, Date.now()));
    await monitorChannelsRepo.set(
      trx,
      r.id,
      (await monitorChannelsRepo.forMonitors(trx, [id])).get(id) ?? [],
    );
    await tagsRepo.set(trx, r.id, (await tagsRepo.forMonitors(trx, [id])).get(id) ?? []);
    // The copy depends on the same monitors (issue 14 dependencies: table and the row's copy).
    const parents = (await dependenciesRepo.parentsOf(trx, [id])).get(id) ?? [];
    await dependenciesRepo.setFor(trx, r.id, parents);
    r.depends_on = parents.length > 0 ? JSON.stringify(parents) : null;
    // The same locations (the columns came with the row), each with a fresh state.
    await saveLocationRows(trx, r.id, { ids: parseLocationIds(r.location_ids) });
    const detail = { ...configOf(r), cloned_from: id };
    return [r, { action: 'monitor.create', resource_type: 'monitor', resource_id: r.id, detail }];
  });
  monitorChanged(ctx, row);
  return row;
}
