import { Cron } from 'croner';
import { isTimeZone } from '../../alerting/maintenance/windows.js';

/** A report's span of time: [from, to) in epoch ms, named in its time zone. */
export interface ReportPeriod {
  from: number;
  to: number;
  timezone: string;
  /** `2026-03`, `2026-Q1`, `2026`, `2026-W05`, or `from … to`. */
  label: string;
}

/** What a period request says, as the API's query string has it. */
export interface PeriodInput {
  /** `YYYY-MM` (a month), `YYYY-Qn` (a quarter) or `YYYY` (a year); or absent with from and to. */
  period?: string;
  from?: string;
  to?: string;
  timezone?: string;
}

/** Reasons the period cannot be read, as [field, message] pairs (empty: fine). */
export type PeriodProblem = [string, string];

const DAY_MS = 86_400_000;
// Cron patterns firing at the first instant of each calendar unit in the zone (croner handles DST:
// a midnight skipped by the spring change fires at the first instant after the gap).
const MONTH_START = '0 0 0 1 * *';
const QUARTER_START = '0 0 0 1 1,4,7,10 *';
const YEAR_START = '0 0 0 1 1 *';
const WEEK_START = '0 0 0 * * 1';

/**
 * The first fire of `pattern` in `zone` at or after the local date y-m-d 00:00. Offsets are under a
 * day, so starting the search a day before that date's UTC midnight finds the local midnight.
 */
function startOf(pattern: string, zone: string, y: number, m: number, d = 1): number {
  const cron = new Cron(pattern, { timezone: zone, paused: true });
  const fire = cron.nextRun(new Date(Date.UTC(y, m - 1, d) - DAY_MS - 1));
  if (!fire) throw new Error(`no ${pattern} after ${y}-${m}`);
  return fire.getTime();
}

function nextOf(pattern: string, zone: string, at: number): number {
  const fire = new Cron(pattern, { timezone: zone, paused: true }).nextRun(new Date(at));
  if (!fire) throw new Error(`no ${pattern} after ${at}`);
  return fire.getTime();
}

/** Reads a period request; problems name the query field at fault. */
export function parsePeriod(input: PeriodInput): ReportPeriod | PeriodProblem[] {
  const timezone = input.timezone ?? 'UTC';
  if (!isTimeZone(timezone)) return [['timezone', 'must be an IANA time zone name such as Europe/Berlin']];
  const p = input.period;
  if (p !== undefined) {
    if (input.from !== undefined || input.to !== undefined)
      return [['period', 'give either period or from and to, not both']];
    let m = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(p);
    if (m) {
      const from = startOf(MONTH_START, timezone, Number(m[1]), Number(m[2]));
      return { from, to: nextOf(MONTH_START, timezone, from), timezone, label: p };
    }
    m = /^(\d{4})-Q([1-4])$/.exec(p);
    if (m) {
      const from = startOf(QUARTER_START, timezone, Number(m[1]), (Number(m[2]) - 1) * 3 + 1);
      return { from, to: nextOf(QUARTER_START, timezone, from), timezone, label: p };
    }
    m = /^(\d{4})$/.exec(p);
    if (m) {
      const from = startOf(YEAR_START, timezone, Number(m[1]), 1);
      return { from, to: nextOf(YEAR_START, timezone, from), timezone, label: p };
    }
    return [['period', 'must be a month (2026-03), a quarter (2026-Q1) or a year (2026)']];
  }
  if (input.from === undefined || input.to === undefined)
    return [['period', 'give a period (2026-03, 2026-Q1, 2026) or both from and to']];
  const from = Date.parse(input.from);
  const to = Date.parse(input.to);
  const out: PeriodProblem[] = [];
  if (Number.isNaN(from)) out.push(['from', 'must be an ISO 8601 date-time']);
  if (Number.isNaN(to)) out.push(['to', 'must be an ISO 8601 date-time']);
  if (out.length) return out;
  if (to <= from) return [['to', 'must be after from']];
  if (to - from > 400 * DAY_MS) return [['to', 'a report spans at most 400 days']];
  return { from, to, timezone, label: `${new Date(from).toISOString()} – ${new Date(to).toISOString()}` };
}

/**
 * The last complete week (Monday to Monday) or month before `now` in `zone`: what a schedule
 * mails.
 */
export function lastCompletePeriod(cadence: 'weekly' | 'monthly', zone: string, now: number): ReportPeriod {
  const pattern = cadence === 'weekly' ? WEEK_START : MONTH_START;
  const cron = new Cron(pattern, { timezone: zone, paused: true });
  const [to] = cron.previousRuns(1, new Date(now));
  if (!to) throw new Error(`no ${pattern} before ${now}`);
  // The period before `to` starts at the previous fire; searching from a bit over a period back finds it.
  const back = (cadence === 'weekly' ? 8 : 32) * DAY_MS;
  const starts = cron.previousRuns(1, new Date(to.getTime() - 1));
  const from = starts[0]?.getTime() ?? to.getTime() - back;
  const label =
    cadence === 'monthly'
      ? new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit' }).format(from)
      : `week of ${new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(from)}`;
  return { from, to: to.getTime(), timezone: zone, label };
}
