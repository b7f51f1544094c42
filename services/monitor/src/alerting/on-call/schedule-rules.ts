import type { FieldProblem } from '@app/kit';
import { errors } from '../../errors.js';
import { fromLocal, isTimeZone, parseLocal } from '../../platform/time/zoned-time.js';
import { type ScheduleRow, schedulesRepo } from '../../store/repos/schedules-repo.js';
import type { Db } from '../../store/schema.js';
import type { Layer } from './rotation.js';
import type { ScheduleRules } from './who-is-on-call.js';

/** What POST and PUT /api/schedules take (after schema validation). */
export interface ScheduleInput {
  name: string;
  time_zone: string;
  layers: Array<Omit<Layer, 'end'> & { end?: string | null | undefined }>;
}

export const layersOf = (row: Pick<ScheduleRow, 'layers'>): Layer[] => JSON.parse(row.layers) as Layer[];

/** A schedule's rules with the overrides that end after `after`. */
export async function rulesOf(db: Db, row: ScheduleRow, after?: number): Promise<ScheduleRules> {
  return {
    time_zone: row.time_zone,
    layers: layersOf(row),
    overrides: (await schedulesRepo.overrides(db, row.id, after)).map((o) => ({
      id: Number(o.id),
      user_id: Number(o.user_id),
      starts_at: Number(o.starts_at),
      ends_at: Number(o.ends_at),
    })),
  };
}

function fail(what: string, problems: FieldProblem[]): never {
  throw errors.validation_failed(
    `The ${what} is invalid: ${problems.map((p) => `${p.path} ${p.message}`).join('; ')}.`,
    { errors: problems },
  );
}

/** Users that exist among `ids`. */
async function existingUsers(db: Db, ids: readonly number[]): Promise<Set<number>> {
  return new Set((await schedulesRepo.usernames(db, [...new Set(ids)])).keys());
}

/** Rules the schema cannot say: a known zone, real local times, end after start, members that exist. */
export async function validateSchedule(db: Db, input: ScheduleInput): Promise<void> {
  const problems: FieldProblem[] = [];
  const tzOk = isTimeZone(input.time_zone);
  if (!tzOk)
    problems.push({ path: 'time_zone', message: 'is not a known IANA time zone (e.g. Europe/Berlin)' });
  const users = await existingUsers(
    db,
    input.layers.flatMap((l) => l.members),
  );
  input.layers.forEach((l, i) => {
    const start = parseLocal(l.start);
    if (!start) problems.push({ path: `layers.${i}.start`, message: 'is not a valid date and time' });
    const end = l.end ? parseLocal(l.end) : null;
    if (l.end && !end) problems.push({ path: `layers.${i}.end`, message: 'is not a valid date and time' });
    if (tzOk && start && end && fromLocal(input.time_zone, end) <= fromLocal(input.time_zone, start))
      problems.push({ path: `layers.${i}.end`, message: 'must be after start' });
    l.members.forEach((m, j) => {
      if (!users.has(m))
        problems.push({ path: `layers.${i}.members.${j}`, message: `user ${m} does not exist` });
    });
  });
  if (problems.length > 0) fail('schedule', problems);
}

/** An override's rules: the user exists and the stretch has a length. */
export async function validateOverride(
  db: Db,
  input: { user_id: number; starts_at: string; ends_at: string },
): Promise<{ starts_at: number; ends_at: number }> {
  const problems: FieldProblem[] = [];
  const starts = Date.parse(input.starts_at);
  const ends = Date.parse(input.ends_at);
  if (!Number.isFinite(starts)) problems.push({ path: 'starts_at', message: 'is not a date and time' });
  if (!Number.isFinite(ends)) problems.push({ path: 'ends_at', message: 'is not a date and time' });
  else if (Number.isFinite(starts) && ends <= starts)
    problems.push({ path: 'ends_at', message: 'must be after starts_at' });
  if (!(await existingUsers(db, [input.user_id])).has(input.user_id))
    problems.push({ path: 'user_id', message: `user ${input.user_id} does not exist` });
  if (problems.length > 0) fail('override', problems);
  return { starts_at: starts, ends_at: ends };
}
