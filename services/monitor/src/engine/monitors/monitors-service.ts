import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { errors } from '../../errors.js';
import { audited } from '../../platform/audit/audit.js';
import { LOCAL_LOCATION_ID } from '../../shared-types/location-ids.js';
import { checkResultsRepo } from '../../store/repos/check-results-repo.js';
import { type MonitorRow, monitorsRepo, type NewMonitorRow } from '../../store/repos/monitors-repo.js';
import type { Db, MonitorDB } from '../../store/schema.js';
import { type DependencyInput, saveDependencies } from '../dependencies/save-dependencies.js';
import {
  groupColumn,
  type MembershipInput,
  resolveMembership,
  saveTags,
} from '../groups/monitor-membership.js';
import type { MonitorChangeDeps } from '../locations/monitor-changes.js';
import { monitorChanged, monitorRemoved } from '../locations/monitor-changes.js';
import {
  type LocationInput,
  locationColumns,
  parseLocationIds,
  resolveLocations,
  saveLocationRows,
} from '../locations/monitor-locations.js';
import { type ConditionAliases, withConditionAliases } from './condition-input.js';
import {
  type AlertingInput,
  escalationColumn,
  reminderColumn,
  saveChannelLinks,
} from './monitor-alerting.js';
import {
  configColumns,
  configOf,
  type MonitorConfig,
  type MonitorInput,
  withDefaults,
} from './monitor-input.js';
import {
  openSecrets,
  resolveMasks,
  type StoredSecrets,
  sealSecrets,
  splitSecrets,
} from './monitor-secrets.js';
import { validateMonitor } from './validate-monitor.js';

/** A fresh heartbeat token: unguessable, URL-safe, a single path segment. */
export function newHeartbeatToken(): string {
  return randomBytes(24).toString('base64url');
}

export function ensureValid(c: MonitorConfig): void {
  const problems = validateMonitor(c);
  if (problems.length > 0) {
    const detail = `The monitor is invalid: ${problems.map((p) => `${p.path} ${p.message}`).join('; ')}.`;
    throw errors.validation_failed(detail, { errors: problems });
  }
}

/**
 * Puts stored credentials back where masks were sent, then splits them off again for storage.
 * A mask that stands for nothing, or for a credential of a monitor now pointed elsewhere, is a
 * 422 naming the field, and nothing is written.
 */
export function secured(c: MonitorConfig, stored: StoredSecrets | null): StoredSecrets {
  const { config, problems } = resolveMasks(c, stored);
  if (problems.length > 0) {
    const detail = `The monitor's credentials are incomplete: ${problems.map((p) => `${p.path} ${p.message}`).join('; ')}.`;
    throw errors.validation_failed(detail, { errors: problems });
  }
  return splitSecrets(config);
}

/** A stored monitor's masked configuration and its credentials (none when they no longer decrypt). */
export function storedSecrets(key: Buffer, row: MonitorRow): StoredSecrets {
  let secrets = {};
  try {
    secrets = openSecrets(key, row.secrets);
  } catch {
    // SECRET_KEY changed: the credentials are lost, and a mask sent back is refused as standing for nothing.
  }
  return { config: configOf(row), secrets };
}

/** The audit detail of a write: the fields sent, with credentials as the mask. */
function auditInput(input: object, masked: MonitorConfig): Record<string, unknown> {
  const out: Record<string, unknown> = { ...input };
  for (const k of Object.keys(out)) if (k in masked) out[k] = masked[k as keyof MonitorConfig];
  return out;
}

async function requireMonitor(db: Db, id: number): Promise<MonitorRow> {
  const row = await monitorsRepo.byId(db, id);
  if (!row) throw errors.not_found(`Monitor ${id} does not exist.`);
  return row;
}

/**
 * What the monitor services use (AppContext satisfies it): the database, the key that seals
 * credentials, and the check engine as a port (this folder does not import the scheduler, which
 * imports it).
 */
export interface MonitorsDeps extends MonitorChangeDeps {
  db: Kysely<MonitorDB>;
  keys: { encryption: Buffer };
  engine: MonitorChangeDeps['engine'] & { checkNow(id: number, requestedAt?: number): boolean };
}

/** Reads one monitor or throws 404. */
export function getMonitor(ctx: Pick<MonitorsDeps, 'db'>, id: number): Promise<MonitorRow> {
  return requireMonitor(ctx.db, id);
}

/** The stored row of a new monitor: its configuration, a fresh runtime, and a token for heartbeats. */
export function newMonitorRow(
  key: Buffer,
  s: StoredSecrets,
  opts: { paused: boolean; reminder_interval_minutes: number | null },
  now: number,
): NewMonitorRow {
  const c = s.config;
  return {
    ...configColumns(c),
    secrets: sealSecrets(key, s.secrets),
    heartbeat_token: c.monitor_type === 'heartbeat' ? newHeartbeatToken() : null,
    paused: opts.paused ? 1 : 0,
    current_status: opts.paused ? 'paused' : 'pending',
    consecutive_failures: 0,
    reminder_interval_minutes: opts.reminder_interval_minutes,
    created_at: now,
    updated_at: now,
  };
}

/** Creates a monitor; the engine schedules its first check at once. */
export async function createMonitor(
  ctx: MonitorsDeps,
  req: FastifyRequest,
  sent: MonitorInput & AlertingInput & MembershipInput & DependencyInput & ConditionAliases & LocationInput,
) {
  const input = withConditionAliases(sent);
  const c = withDefaults(input);
  ensureValid(c);
  const s = secured(c, null);
  const now = Date.now();
  const row = await audited(ctx, req, async (trx) => {
    const membership = await resolveMembership(trx, input, 'create');
    const loc = await resolveLocations(trx, input, { mode: 'create', monitorType: c.monitor_type });
    const r = await monitorsRepo.insert(trx, {
      ...newMonitorRow(
        ctx.keys.encryption,
        s,
        { paused: false, reminder_interval_minutes: input.reminder_interval_minutes ?? null },
        now,
      ),
      ...(await escalationColumn(trx, input, 'create')),
      ...groupColumn(membership),
      ...locationColumns(loc),
    });
    await saveChannelLinks(trx, r.id, input, 'create');
    await saveTags(trx, r.id, membership);
    await saveLocationRows(trx, r.id, loc);
    const deps = await saveDependencies(trx, r.id, input, 'create');
    if (deps !== undefined) r.depends_on = deps;
    const detail = { ...s.config, location_ids: loc.ids, quorum: loc.quorum };
    return [r, { action: 'monitor.create', resource_type: 'monitor', resource_id: r.id, detail }];
  });
  monitorChanged(ctx, row);
  return row;
}

/** Replaces (PUT) or patches (PATCH) a monitor's configuration. */
export async function updateMonitor(
  ctx: MonitorsDeps,
  req: FastifyRequest,
  id: number,
  sent: Partial<MonitorConfig> &
    AlertingInput &
    MembershipInput &
    DependencyInput &
    ConditionAliases &
    LocationInput,
  mode: 'replace' | 'patch',
) {
  const input = withConditionAliases(sent);
  const row = await audited(ctx, req, async (trx) => {
    const old = await requireMonitor(trx, id);
    const membership = await resolveMembership(trx, input, mode);
    const c =
      mode === 'replace' ? withDefaults(input as MonitorInput) : withDefaults({ ...configOf(old), ...input });
    ensureValid(c);
    const loc = await resolveLocations(trx, input, { mode, monitorType: c.monitor_type, stored: old });
    const s = secured(c, storedSecrets(ctx.keys.encryption, old));
    const token =
      c.monitor_type === 'heartbeat' ? (old.heartbeat_token ?? newHeartbeatToken()) : old.heartbeat_token;
    const r = await monitorsRepo.update(trx, id, {
      ...configColumns(s.config),
      secrets: sealSecrets(ctx.keys.encryption, s.secrets),
      heartbeat_token: token,
      ...reminderColumn(input, mode),
      ...(await escalationColumn(trx, input, mode)),
      ...groupColumn(membership),
      ...locationColumns(loc),
      updated_at: Math.max(Date.now(), old.updated_at + 1),
    });
    await saveLocationRows(trx, id, loc);
    await saveChannelLinks(trx, id, input, mode);
    await saveTags(trx, id, membership);
    const deps = await saveDependencies(trx, id, input, mode);
    if (deps !== undefined) r!.depends_on = deps;
    const detail = auditInput(input, s.config);
    return [r!, { action: 'monitor.update', resource_type: 'monitor', resource_id: id, detail }];
  });
  monitorChanged(ctx, row);
  return row;
}

/** Deletes a monitor with its results. */
export async function deleteMonitor(ctx: MonitorsDeps, req: FastifyRequest, id: number) {
  const old = await audited(ctx, req, async (trx) => {
    const old = await requireMonitor(trx, id);
    await checkResultsRepo.removeForMonitor(trx, id);
    await monitorsRepo.remove(trx, id);
    return [
      old,
      { action: 'monitor.delete', resource_type: 'monitor', resource_id: id, detail: { name: old.name } },
    ];
  });
  monitorRemoved(ctx, id, parseLocationIds(old.location_ids));
}

/** Pauses (no checks) or resumes (pending, checked at once) a monitor; repeating either is harmless. */
export async function setPaused(ctx: MonitorsDeps, req: FastifyRequest, id: number, paused: boolean) {
  const row = await audited(ctx, req, async (trx) => {
    const old = await requireMonitor(trx, id);
    const action = paused ? 'monitor.pause' : 'monitor.resume';
    const entry = { action, resource_type: 'monitor', resource_id: id, detail: { name: old.name } };
    if ((old.paused === 1) === paused) return [old, entry];
    const r = await monitorsRepo.update(trx, id, {
      paused: paused ? 1 : 0,
      current_status: paused ? 'paused' : 'pending',
      ...(!paused && { consecutive_failures: 0 }),
      updated_at: Math.max(Date.now(), old.updated_at + 1),
    });
    return [r!, entry];
  });
  monitorChanged(ctx, row);
  return row;
}

/** Asks for one extra check now; recorded in the database so the instance that owns the monitor sees it. */
export async function requestCheck(ctx: MonitorsDeps, req: FastifyRequest, id: number) {
  const now = Date.now();
  await audited(ctx, req, async (trx) => {
    const old = await requireMonitor(trx, id);
    if (old.paused === 1) throw errors.monitor_paused(`Monitor ${id} is paused: resume it first.`);
    if (old.monitor_type === 'heartbeat') {
      throw errors.heartbeat_not_checkable(
        `Monitor ${id} is a heartbeat monitor: it is pinged, not checked.`,
      );
    }
    const where = parseLocationIds(old.location_ids);
    if (!where.includes(LOCAL_LOCATION_ID)) {
      // Check-now runs this instance's own check; probes keep their own schedule.
      throw errors.probes_only(
        `Monitor ${id} runs from probe locations only (${where.join(', ')}): add "local" to check it from here.`,
      );
    }
    await monitorsRepo.update(trx, id, { check_requested_at: now });
    return [null, { action: 'monitor.check_now', resource_type: 'monitor', resource_id: id, detail: null }];
  });
  ctx.engine.checkNow(id, now);
  return now;
}
