import type { FastifyRequest } from 'fastify';
import { isTimeZone } from '../../alerting/maintenance/windows.js';
import { errors } from '../../errors.js';
import { audited } from '../../platform/audit/audit.js';
import type { ReportScopeKind } from '../../shared-types/sla-report-shapes.js';
import { channelsRepo } from '../../store/repos/channels-repo.js';
import { type ReportScheduleRow, reportSchedulesRepo } from '../../store/repos/report-schedules-repo.js';
import { resolveScope } from './report-scope.js';
import type { ReportDeps } from './sla-report.js';

export interface ScheduleInput {
  name: string;
  scope?: ReportScopeKind;
  scope_id?: number;
  cadence: 'weekly' | 'monthly';
  timezone?: string;
  channel_id: number;
  recipients: string[];
  sla_target_percent?: number | null;
}

const EMAIL = /^[^\s@<>,]+@[^\s@<>,]+$/;
const iso = (t: number) => new Date(t).toISOString();

export async function toScheduleView(deps: Pick<ReportDeps, 'db'>, r: ReportScheduleRow) {
  const [last] = await reportSchedulesRepo.sends(deps.db, r.id);
  const scope = JSON.parse(r.scope) as { scope?: ReportScopeKind; scope_id?: number };
  return {
    id: r.id,
    name: r.name,
    scope: scope.scope ?? 'all',
    scope_id: scope.scope_id ?? null,
    cadence: r.cadence,
    timezone: r.timezone,
    channel_id: r.channel_id,
    recipients: JSON.parse(r.recipients) as string[],
    sla_target_percent: r.sla_target_percent,
    created_at: iso(r.created_at),
    last_sent_period_start: last ? iso(last.period_start) : null,
  };
}

/** Creates a schedule (audited); 422 naming the field for a bad zone, channel, scope or address. */
export async function createSchedule(
  deps: ReportDeps,
  req: FastifyRequest,
  input: ScheduleInput,
  userId: number | null,
) {
  const problems: { path: string; message: string }[] = [];
  const timezone = input.timezone ?? 'UTC';
  if (!isTimeZone(timezone)) problems.push({ path: 'timezone', message: 'must be an IANA time zone name' });
  const bad = input.recipients.filter((a) => !EMAIL.test(a));
  if (bad.length)
    problems.push({ path: 'recipients', message: `must be e-mail addresses (not: ${bad.join(', ')})` });
  const channel = await channelsRepo.byId(deps.db, input.channel_id);
  if (channel?.type !== 'email') problems.push({ path: 'channel_id', message: 'must be an e-mail channel' });
  const scope = {
    ...(input.scope && { scope: input.scope }),
    ...(input.scope_id !== undefined && { scope_id: input.scope_id }),
  };
  if ((input.scope ?? 'all') !== 'all' && !(await resolveScope(deps.db, scope)))
    problems.push({ path: 'scope_id', message: `must name an existing ${input.scope}` });
  if (problems.length)
    throw errors.validation_failed(problems.map((p) => `${p.path} ${p.message}`).join('; '), {
      errors: problems,
    });
  const now = Date.now();
  const row = await audited(deps, req, async (trx) => {
    const r = await reportSchedulesRepo.insert(trx, {
      name: input.name,
      scope: JSON.stringify(scope),
      cadence: input.cadence,
      timezone,
      channel_id: input.channel_id,
      recipients: JSON.stringify(input.recipients),
      sla_target_percent: input.sla_target_percent ?? null,
      created_by: userId,
      created_at: now,
      updated_at: now,
    });
    return [
      r,
      {
        action: 'report_schedule.create',
        resource_type: 'report_schedule',
        resource_id: r.id,
        detail: { name: r.name, cadence: r.cadence },
      },
    ];
  });
  return toScheduleView(deps, row);
}

export async function listSchedules(deps: Pick<ReportDeps, 'db'>) {
  return Promise.all((await reportSchedulesRepo.list(deps.db)).map((r) => toScheduleView(deps, r)));
}

export async function deleteSchedule(deps: ReportDeps, req: FastifyRequest, id: number) {
  await audited(deps, req, async (trx) => {
    if (!(await reportSchedulesRepo.remove(trx, id)))
      throw errors.not_found(`Report schedule ${id} does not exist.`);
    return [null, { action: 'report_schedule.delete', resource_type: 'report_schedule', resource_id: id }];
  });
}
