import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { errors } from '../../errors.js';
import { audited } from '../../platform/audit/audit.js';
import { iso } from '../../platform/http/schemas.js';
import { type OverrideRow, type ScheduleRow, schedulesRepo } from '../../store/repos/schedules-repo.js';
import type { Db, MonitorDB } from '../../store/schema.js';
import {
  layersOf,
  rulesOf,
  type ScheduleInput,
  validateOverride,
  validateSchedule,
} from './schedule-rules.js';
import { type OnCallAnswer, onCallAt, timeline } from './who-is-on-call.js';

/** What this module uses of the service (AppContext satisfies it). */
export interface SchedulesDeps {
  db: Kysely<MonitorDB>;
}

const DAY = 86_400_000;
/** The longest timeline one request may ask for. */
const MAX_TIMELINE_MS = 92 * DAY;

export function toScheduleView(row: ScheduleRow) {
  return {
    id: Number(row.id),
    name: row.name,
    time_zone: row.time_zone,
    layers: layersOf(row),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

const toOverrideView = (o: OverrideRow, names: Map<number, string>) => ({
  id: Number(o.id),
  schedule_id: Number(o.schedule_id),
  user_id: Number(o.user_id),
  username: names.get(Number(o.user_id)) ?? null,
  starts_at: iso(Number(o.starts_at)),
  ends_at: iso(Number(o.ends_at)),
});

async function requireSchedule(db: Db, id: number) {
  const row = await schedulesRepo.byId(db, id);
  if (!row) throw errors.not_found(`Schedule ${id} does not exist.`);
  return row;
}

async function ensureNameFree(db: Db, name: string, exceptId?: number) {
  const other = await schedulesRepo.byName(db, name);
  if (other && Number(other.id) !== exceptId)
    throw errors.schedule_name_taken(`A schedule named "${name}" exists.`);
}

const columns = (input: ScheduleInput) => ({
  name: input.name.trim(),
  time_zone: input.time_zone,
  layers: JSON.stringify(
    input.layers.map((l) => ({
      name: l.name,
      members: l.members,
      rotation_length: l.rotation_length,
      rotation_unit: l.rotation_unit,
      start: l.start,
      end: l.end ?? null,
    })),
  ),
});

export async function listSchedules(ctx: SchedulesDeps) {
  return (await schedulesRepo.list(ctx.db)).map(toScheduleView);
}

export async function getSchedule(ctx: SchedulesDeps, id: number) {
  return toScheduleView(await requireSchedule(ctx.db, id));
}

export async function createSchedule(ctx: SchedulesDeps, req: FastifyRequest, input: ScheduleInput) {
  const row = await audited(ctx, req, async (trx) => {
    await validateSchedule(trx, input);
    await ensureNameFree(trx, input.name.trim());
    const now = Date.now();
    const created = await schedulesRepo.insert(trx, { ...columns(input), created_at: now, updated_at: now });
    return [
      created,
      {
        action: 'schedule.create',
        resource_type: 'schedule',
        resource_id: Number(created.id),
        detail: toScheduleView(created),
      },
    ];
  });
  return toScheduleView(row);
}

export async function updateSchedule(
  ctx: SchedulesDeps,
  req: FastifyRequest,
  id: number,
  input: ScheduleInput,
) {
  const row = await audited(ctx, req, async (trx) => {
    const old = await requireSchedule(trx, id);
    await validateSchedule(trx, input);
    await ensureNameFree(trx, input.name.trim(), id);
    const updated = await schedulesRepo.update(trx, id, {
      ...columns(input),
      updated_at: Math.max(Date.now(), Number(old.updated_at) + 1),
    });
    return [
      updated,
      {
        action: 'schedule.update',
        resource_type: 'schedule',
        resource_id: id,
        detail: toScheduleView(updated),
      },
    ];
  });
  return toScheduleView(row);
}

export async function deleteSchedule(ctx: SchedulesDeps, req: FastifyRequest, id: number) {
  await audited(ctx, req, async (trx) => {
    const old = await requireSchedule(trx, id);
    await schedulesRepo.remove(trx, id);
    return [
      null,
      { action: 'schedule.delete', resource_type: 'schedule', resource_id: id, detail: { name: old.name } },
    ];
  });
}

export async function listOverrides(ctx: SchedulesDeps, id: number) {
  await requireSchedule(ctx.db, id);
  const rows = await schedulesRepo.overrides(ctx.db, id);
  const names = await schedulesRepo.usernames(
    ctx.db,
    rows.map((o) => Number(o.user_id)),
  );
  return rows.map((o) => toOverrideView(o, names));
}

export async function addOverride(
  ctx: SchedulesDeps,
  req: FastifyRequest,
  id: number,
  input: { user_id: number; starts_at: string; ends_at: string },
) {
  const row = await audited(ctx, req, async (trx) => {
    await requireSchedule(trx, id);
    const span = await validateOverride(trx, input);
    const created = await schedulesRepo.addOverride(trx, {
      schedule_id: id,
      user_id: input.user_id,
      ...span,
      created_at: Date.now(),
    });
    return [
      created,
      {
        action: 'schedule.override.create',
        resource_type: 'schedule',
        resource_id: id,
        detail: { override_id: Number(created.id), ...input },
      },
    ];
  });
  const names = await schedulesRepo.usernames(ctx.db, [input.user_id]);
  return toOverrideView(row, names);
}

export async function deleteOverride(
  ctx: SchedulesDeps,
  req: FastifyRequest,
  id: number,
  overrideId: number,
) {
  await audited(ctx, req, async (trx) => {
    await requireSchedule(trx, id);
    if (!(await schedulesRepo.overrideById(trx, id, overrideId)))
      throw errors.not_found(`Override ${overrideId} of schedule ${id} does not exist.`);
    await schedulesRepo.removeOverride(trx, overrideId);
    return [
      null,
      {
        action: 'schedule.override.delete',
        resource_type: 'schedule',
        resource_id: id,
        detail: { override_id: overrideId },
      },
    ];
  });
}

const sourceView = (s: OnCallAnswer['source'], layers: { name: string }[]) =>
  s === null
    ? null
    : s.kind === 'override'
      ? s
      : { kind: 'layer' as const, layer: s.layer, name: layers[s.layer]?.name ?? '' };

const finite = (ms: number) => (Number.isFinite(ms) ? iso(ms) : null);

/** Who is on call at `at` (epoch ms) for a schedule row; used by escalation too. */
export async function onCallUser(db: Db, row: ScheduleRow, at: number): Promise<number | null> {
  return onCallAt(await rulesOf(db, row, at), at).user_id;
}

function parseInstant(text: string | undefined, path: string, fallback: number): number {
  if (text === undefined) return fallback;
  const ms = Date.parse(text);
  if (!Number.isFinite(ms))
    throw errors.validation_failed(`${path} is not a date and time.`, {
      errors: [{ path, message: 'is not a date and time (ISO 8601)' }],
    });
  return ms;
}

export async function whoIsOnCall(ctx: SchedulesDeps, id: number, atText?: string) {
  const row = await requireSchedule(ctx.db, id);
  const at = parseInstant(atText, 'at', Date.now());
  const rules = await rulesOf(ctx.db, row, at);
  const a = onCallAt(rules, at);
  const names = await schedulesRepo.usernames(ctx.db, a.user_id === null ? [] : [a.user_id]);
  return {
    schedule_id: id,
    at: iso(at),
    user_id: a.user_id,
    username: a.user_id === null ? null : (names.get(a.user_id) ?? null),
    source: sourceView(a.source, rules.layers),
    since: finite(a.from),
    until: finite(a.to),
  };
}

/** Who is on call from `from` to `to` (default: now and two weeks on). */
export async function scheduleTimeline(ctx: SchedulesDeps, id: number, fromText?: string, toText?: string) {
  const row = await requireSchedule(ctx.db, id);
  const from = parseInstant(fromText, 'from', Date.now());
  const to = parseInstant(toText, 'to', from + 14 * DAY);
  if (to <= from || to - from > MAX_TIMELINE_MS)
    throw errors.validation_failed('to must be after from, at most 92 days on.', {
      errors: [{ path: 'to', message: 'must be after from and at most 92 days later' }],
    });
  const rules = await rulesOf(ctx.db, row, from);
  const entries = timeline(rules, from, to);
  const names = await schedulesRepo.usernames(
    ctx.db,
    entries.flatMap((e) => (e.user_id === null ? [] : [e.user_id])),
  );
  return entries.map((e) => ({
    user_id: e.user_id,
    username: e.user_id === null ? null : (names.get(e.user_id) ?? null),
    source: sourceView(e.source, rules.layers),
    from: iso(e.from),
    to: iso(e.to),
  }));
}
