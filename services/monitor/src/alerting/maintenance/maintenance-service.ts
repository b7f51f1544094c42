import type { FieldProblem } from '@app/kit';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { errors } from '../../errors.js';
import { audited } from '../../platform/audit/audit.js';
import { type MaintenanceRow, maintenanceRepo } from '../../store/repos/maintenance-repo.js';
import type { Db, MonitorDB } from '../../store/schema.js';
import { type MaintenanceSchedule, toWindow } from './maintenance-schedule.js';
import { cronProblem, isTimeZone, occurrenceAt, type Recurrence } from './windows.js';

/** What this module uses of the service (AppContext satisfies it; the routes pass theirs). */
export interface MaintenanceDeps {
  db: Kysely<MonitorDB>;
  /** The in-memory schedule, reloaded after every change. */
  maintenance: Pick<MaintenanceSchedule, 'reload'>;
}

export interface MaintenanceInput {
  name: string;
  starts_at: string;
  ends_at?: string | null | undefined;
  monitor_ids?: number[] | undefined;
  recurrence?: Recurrence | null | undefined;
  timezone?: string | undefined;
  is_active?: boolean | undefined;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The API form of a window, with whether it is in effect now. */
export function toMaintenanceView(r: MaintenanceRow, now = Date.now()) {
  const w = toWindow(r);
  const occ = occurrenceAt(w, now);
  return {
    id: r.id,
    name: r.name,
    starts_at: iso(r.starts_at) as string,
    ends_at: iso(r.ends_at),
    monitor_ids: [...w.monitor_ids],
    recurrence: w.recurrence,
    timezone: r.timezone,
    is_active: w.is_active,
    in_effect: occ !== null,
    current_until: occ ? iso(occ.end) : null,
    config_key: r.managed === 1 ? r.config_key : null,
    created_at: iso(r.created_at) as string,
    updated_at: iso(r.updated_at) as string,
  };
}

async function requireWindow(db: Db, id: number) {
  const row = await maintenanceRepo.byId(db, id);
  if (!row) throw errors.not_found(`Maintenance window ${id} does not exist.`);
  return row;
}

/**
 * The rules of a window the schema cannot express and that need no database (times, time zone,
 * recurrence), by body path; a config file's windows are checked by the same (config-as-code).
 */
export function windowProblems(input: Omit<MaintenanceInput, 'monitor_ids'>): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const bad = (path: string, message: string) => problems.push({ path, message });
  const startsAt = Date.parse(input.starts_at);
  const endsAt = input.ends_at == null ? null : Date.parse(input.ends_at);
  const timezone = input.timezone ?? 'UTC';
  const recurrence = input.recurrence ?? null;
  if (!isTimeZone(timezone)) bad('timezone', 'is not a known IANA time zone (e.g. Europe/Berlin, UTC)');
  if (recurrence === null && endsAt === null)
    bad('ends_at', 'is required for a one-off window (recurring windows may leave it null)');
  if (endsAt !== null && endsAt <= startsAt) bad('ends_at', 'must be after starts_at');
  if (recurrence !== null && isTimeZone(timezone)) {
    const p = cronProblem(recurrence.cron, timezone);
    if (p) bad('recurrence.cron', p);
  }
  return problems;
}

/** The row values of a valid window. */
export function windowColumns(input: MaintenanceInput) {
  return {
    name: input.name,
    starts_at: Date.parse(input.starts_at),
    ends_at: input.ends_at == null ? null : Date.parse(input.ends_at),
    monitor_ids: JSON.stringify(input.monitor_ids ?? []),
    cron: input.recurrence?.cron ?? null,
    duration_minutes: input.recurrence?.duration_minutes ?? null,
    timezone: input.timezone ?? 'UTC',
    is_active: input.is_active === false ? 0 : 1,
  };
}

/** Checks the rules the schema cannot express; returns the row values to store. */
async function validate(db: Db, input: MaintenanceInput) {
  const problems = windowProblems(input);
  const bad = (path: string, message: string) => problems.push({ path, message });
  const monitorIds = input.monitor_ids ?? [];
  const seen = new Set<number>();
  monitorIds.forEach((id, i) => {
    if (seen.has(id)) bad(`monitor_ids.${i}`, `repeats monitor ${id}`);
    seen.add(id);
  });
  const existing = new Set(await maintenanceRepo.existingMonitorIds(db, [...seen]));
  monitorIds.forEach((id, i) => {
    if (!existing.has(id) && monitorIds.indexOf(id) === i)
      bad(`monitor_ids.${i}`, `monitor ${id} does not exist`);
  });
  if (problems.length > 0) {
    throw errors.validation_failed(
      `The maintenance window is invalid: ${problems.map((p) => `${p.path} ${p.message}`).join('; ')}.`,
      { errors: problems },
    );
  }
  return windowColumns(input);
}

export async function listMaintenance(ctx: MaintenanceDeps) {
  const now = Date.now();
  return (await maintenanceRepo.list(ctx.db)).map((r) => toMaintenanceView(r, now));
}

export async function getMaintenance(ctx: MaintenanceDeps, id: number) {
  return toMaintenanceView(await requireWindow(ctx.db, id));
}

export async function createMaintenance(ctx: MaintenanceDeps, req: FastifyRequest, input: MaintenanceInput) {
  const row = await audited(ctx, req, async (trx) => {
    const values = await validate(trx, input);
    const now = Date.now();
    const created = await maintenanceRepo.insert(trx, { ...values, created_at: now, updated_at: now });
    return [
      created,
      { action: 'maintenance.create', resource_type: 'maintenance', resource_id: created.id, detail: input },
    ];
  });
  await ctx.maintenance.reload();
  return toMaintenanceView(row);
}

/** Replaces a window. */
export async function updateMaintenance(
  ctx: MaintenanceDeps,
  req: FastifyRequest,
  id: number,
  input: MaintenanceInput,
) {
  const row = await audited(ctx, req, async (trx) => {
    await requireWindow(trx, id);
    const values = await validate(trx, input);
    const updated = await maintenanceRepo.update(trx, id, { ...values, updated_at: Date.now() });
    return [
      updated,
      { action: 'maintenance.update', resource_type: 'maintenance', resource_id: id, detail: input },
    ];
  });
  await ctx.maintenance.reload();
  return toMaintenanceView(row);
}

export async function deleteMaintenance(ctx: MaintenanceDeps, req: FastifyRequest, id: number) {
  await audited(ctx, req, async (trx) => {
    const row = await requireWindow(trx, id);
    await maintenanceRepo.remove(trx, id);
    return [
      null,
      {
        action: 'maintenance.delete',
        resource_type: 'maintenance',
        resource_id: id,
        detail: { name: row.name },
      },
    ];
  });
  await ctx.maintenance.reload();
}
