import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from '@app/kit';
import { ATTACHED_MAIL_EVENT, type AttachedMailPayload } from '../../alerting/notify/attached-mail.js';
import { DEFAULT_MAX_ATTEMPTS } from '../../alerting/notify/enqueue.js';
import { type ReportScheduleRow, reportSchedulesRepo } from '../../store/repos/report-schedules-repo.js';
import { reportCsv, reportFileName } from './report-csv.js';
import { renderReportPdf } from './report-pdf.js';
import { lastCompletePeriod } from './report-period.js';
import type { ReportQuery } from './report-request.js';
import { resolveScope } from './report-scope.js';
import { buildReport, type ReportDeps } from './sla-report.js';

export interface ScheduleDeps extends ReportDeps {
  log: Logger;
  /** Wakes the outbox so the queued mail goes out now rather than at its next poll. */
  outbox: { kick(): void };
}

/** Test hook: a point at which a test process SIGKILLs itself (kill -9 before or after the claim). */
export type CrashPoint = 'before-claim' | 'after-claim';

const OWNER = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

/**
 * Mails every schedule's last complete period that is not yet claimed. A period is built (report,
 * PDF, CSV) and then claimed and queued in one transaction: a crash before the commit leaves nothing
 * (the next run builds it again), a crash after leaves a durable outbox row that any instance
 * delivers. Periods that ended before the schedule was created are not sent. Returns what it queued.
 */
export async function runDueSchedules(
  deps: ScheduleDeps,
  now = Date.now(),
  crashAt?: (point: CrashPoint, scheduleId: number) => void,
): Promise<{ schedule_id: number; period_start: number; outbox_id: number | null }[]> {
  const queued = [];
  for (const s of await reportSchedulesRepo.active(deps.db)) {
    try {
      const period = lastCompletePeriod(s.cadence, s.timezone, now);
      if (period.to <= s.created_at) continue;
      if (await reportSchedulesRepo.isSent(deps.db, s.id, period.from)) continue;
      const mail = await buildMail(deps, s, period);
      if (!mail) continue;
      crashAt?.('before-claim', s.id);
      const outboxId = await reportSchedulesRepo.claimAndQueue(
        deps.db,
        {
          schedule_id: s.id,
          period_start: period.from,
          period_end: period.to,
          claimed_by: OWNER,
          created_at: now,
        },
        {
          channel_id: s.channel_id,
          event: ATTACHED_MAIL_EVENT,
          payload: JSON.stringify(mail),
          dedup_key: `report:${s.id}:${period.from}`,
          status: 'pending',
          attempts: 0,
          max_attempts: DEFAULT_MAX_ATTEMPTS,
          next_attempt_at: now,
          lease_owner: null,
          lease_until: null,
          last_error: null,
          created_at: now,
          finished_at: null,
        },
      );
      if (outboxId === null) continue;
      crashAt?.('after-claim', s.id);
      queued.push({ schedule_id: s.id, period_start: period.from, outbox_id: outboxId });
      deps.outbox.kick();
    } catch (err) {
      deps.log.error({ err, schedule_id: s.id }, 'report schedule: building or queueing the report failed');
    }
  }
  return queued;
}

async function buildMail(
  deps: ReportDeps,
  s: ReportScheduleRow,
  period: ReturnType<typeof lastCompletePeriod>,
): Promise<AttachedMailPayload | null> {
  const query = JSON.parse(s.scope) as ReportQuery;
  const scope = await resolveScope(deps.db, query);
  if (!scope) return null;
  const report = await buildReport(deps, scope, period, {
    ...(s.sla_target_percent !== null && { slaTargetPercent: s.sla_target_percent }),
  });
  const pdf = await renderReportPdf(report);
  const sum = report.summary;
  const pct = (v: number | null) => (v === null ? 'no data' : `${v} %`);
  return {
    to: JSON.parse(s.recipients) as string[],
    subject: `SLA report: ${report.scope.name}, ${period.label}`,
    text: [
      `${s.name}: ${report.scope.name}, ${period.label} (${period.timezone}).`,
      `Uptime ${pct(sum.uptime_percent)} with maintenance excluded (${pct(sum.uptime_with_maintenance_percent)} included).`,
      `${sum.incidents} incidents; SLA met by ${sum.sla_met} of ${sum.monitors} monitors.`,
      'The PDF and the CSV are attached.',
    ].join('\n'),
    attachments: [
      {
        filename: reportFileName(report, 'pdf'),
        content_type: 'application/pdf',
        content_base64: pdf.toString('base64'),
      },
      {
        filename: reportFileName(report, 'csv'),
        content_type: 'text/csv',
        content_base64: Buffer.from(reportCsv(report)).toString('base64'),
      },
    ],
  };
}

/** Runs the schedules every minute (each period is claimed once, so every instance may run them). */
export function startReportSchedules(deps: ScheduleDeps, everyMs = 60_000): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = running
      .then(() => runDueSchedules(deps))
      .catch((err: unknown) => deps.log.error({ err }, 'report schedules failed'));
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
