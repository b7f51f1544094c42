import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { errors } from '../../errors.js';
import type { Principal } from '../../identity/auth/principal.js';
import { audited } from '../../platform/audit/audit.js';
import { isTimeZone } from '../../platform/time/zoned-time.js';
import { quietHoursRepo } from '../../store/repos/quiet-hours-repo.js';
import type { MonitorDB } from '../../store/schema.js';
import type { QuietHours } from '../notify/quiet-hours.js';

export interface QuietHoursDeps {
  db: Kysely<MonitorDB>;
}

/** The caller's quiet hours, or null when they have none. */
export async function getQuietHours(ctx: QuietHoursDeps, who: Principal): Promise<QuietHours | null> {
  const r = await quietHoursRepo.of(ctx.db, who.userId);
  return r
    ? {
        time_zone: r.time_zone,
        start: r.start_local,
        end: r.end_local,
        min_severity: r.min_severity as QuietHours['min_severity'],
      }
    : null;
}

/** Sets the caller's quiet hours (a known zone, start and end differing). */
export async function putQuietHours(
  ctx: QuietHoursDeps,
  req: FastifyRequest,
  who: Principal,
  input: QuietHours,
) {
  const problems = [];
  if (!isTimeZone(input.time_zone))
    problems.push({ path: 'time_zone', message: 'is not a known IANA time zone (e.g. Europe/Berlin)' });
  if (input.start === input.end) problems.push({ path: 'end', message: 'must differ from start' });
  if (problems.length > 0)
    throw errors.validation_failed(
      `The quiet hours are invalid: ${problems.map((p) => `${p.path} ${p.message}`).join('; ')}.`,
      {
        errors: problems,
      },
    );
  await audited(ctx, req, async (trx) => {
    await quietHoursRepo.put(trx, {
      user_id: who.userId,
      time_zone: input.time_zone,
      start_local: input.start,
      end_local: input.end,
      min_severity: input.min_severity,
      updated_at: Date.now(),
    });
    return [
      null,
      { action: 'quiet_hours.update', resource_type: 'user', resource_id: who.userId, detail: input },
    ];
  });
  return input;
}

export async function deleteQuietHours(ctx: QuietHoursDeps, req: FastifyRequest, who: Principal) {
  await audited(ctx, req, async (trx) => {
    await quietHoursRepo.remove(trx, who.userId);
    return [null, { action: 'quiet_hours.delete', resource_type: 'user', resource_id: who.userId }];
  });
}
