// What the response-time chart draws and says, worked out from its points: buckets for the hours (or
// days) not rolled up yet, spans of downtime, the range's figures, and the point nearest a time.
import type { CheckResult } from '../api/types.js';
import type { ChartPoint, TimeSpan } from '../components/chart-types.js';

/** The value under which `share` of the sorted `values` lie (nearest rank, as the server's p95). */
function percentile(sorted: number[], share: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? null;
}

/**
 * Raw results (any order) as buckets of `periodMs` aligned like the server's roll-ups (UTC, from the
 * epoch), oldest first, marked `partial`: the roll-up job only writes completed periods, so the
 * current hour (or day) would otherwise be missing from a 7-day chart of a monitor checked a minute ago.
 */
export function bucketResults(results: CheckResult[], periodMs: number): ChartPoint[] {
  const groups = new Map<number, CheckResult[]>();
  for (const r of results) {
    const at = Math.floor(Date.parse(r.checked_at) / periodMs) * periodMs;
    const g = groups.get(at);
    if (g) g.push(r);
    else groups.set(at, [r]);
  }
  return [...groups.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([t, rs]) => {
      const ms = rs
        .map((r) => r.response_time_ms)
        .filter((v): v is number => v !== null)
        .sort((a, b) => a - b);
      const down = rs.filter((r) => r.status !== 'up').length;
      return {
        t,
        ms: ms.length ? Math.round(ms.reduce((a, b) => a + b, 0) / ms.length) : null,
        up: down === 0,
        checks: rs.length,
        down,
        p95: percentile(ms, 0.95),
        partial: true,
      };
    });
}

/**
 * What a range's points are. A range that covers less than a day of the monitor's life (a monitor
 * created this morning, on 7 days) is drawn from its checks, as 24 hours is: an hourly bucket is
 * wider than such a plot, so one outage shaded all of it and the plot showed a single dot.
 */
export function pointSource(
  source: 'raw' | 'hour' | 'day',
  from: number,
  to: number,
): 'raw' | 'hour' | 'day' {
  return to - from <= 86_400_000 ? 'raw' : source;
}

/**
 * When the monitor was down: for single checks, from each failed check to the next check (or to
 * `until` after the last one), merged; for buckets, each bucket with a failed check.
 */
export function downSpans(points: ChartPoint[], periodMs: number, until: number): TimeSpan[] {
  const spans: TimeSpan[] = [];
  points.forEach((p, i) => {
    if (p.up) return;
    const end = periodMs > 0 ? p.t + periodMs : (points[i + 1]?.t ?? until);
    const last = spans[spans.length - 1];
    if (last && last.to >= p.t) last.to = Math.max(last.to, end);
    else spans.push({ from: p.t, to: Math.max(end, p.t) });
  });
  return spans;
}

/** The range's response-time figures, as the note under the chart gives them. */
export interface RangeFigures {
  checks: number;
  down: number;
  avg: number | null;
  /** Single checks: the range's own; buckets: the highest bucket p95 (a p95 of p95s is not one). */
  p95: number | null;
  /** Single checks only: the fastest and slowest check. */
  min: number | null;
  max: number | null;
}

export function rangeFigures(points: ChartPoint[], periodMs: number): RangeFigures {
  if (periodMs === 0) {
    const ms = points
      .map((p) => p.ms)
      .filter((v): v is number => v !== null)
      .sort((a, b) => a - b);
    return {
      checks: points.length,
      down: points.filter((p) => !p.up).length,
      avg: ms.length ? Math.round(ms.reduce((a, b) => a + b, 0) / ms.length) : null,
      p95: percentile(ms, 0.95),
      min: ms[0] ?? null,
      max: ms[ms.length - 1] ?? null,
    };
  }
  let checks = 0;
  let down = 0;
  let weighted = 0;
  let timed = 0;
  let p95: number | null = null;
  for (const p of points) {
    const n = p.checks ?? 1;
    checks += n;
    down += p.down ?? (p.up ? 0 : 1);
    if (p.ms !== null) {
      weighted += p.ms * n;
      timed += n;
    }
    if (p.p95 != null) p95 = Math.max(p95 ?? 0, p.p95);
  }
  return { checks, down, avg: timed ? Math.round(weighted / timed) : null, p95, min: null, max: null };
}

/** The index of the point nearest to time `t` (points oldest first), -1 when there are none. */
export function nearestPoint(points: ChartPoint[], t: number): number {
  if (points.length === 0) return -1;
  let lo = 0;
  let hi = points.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (points[mid]!.t < t) lo = mid + 1;
    else hi = mid;
  }
  if (lo > 0 && t - points[lo - 1]!.t <= points[lo]!.t - t) return lo - 1;
  return lo;
}

const fmtMs = (v: number | null | undefined): string => (v == null ? '—' : `${Math.round(v)} ms`);

/** The tooltip's lines for a point: its time, then what the check said or what the bucket holds. */
export function describePoint(p: ChartPoint, periodMs: number): string[] {
  const at = new Date(p.t);
  if (periodMs === 0) {
    const said = p.up ? 'Up' : `Down${p.error ? `: ${p.error}` : ''}`;
    return [
      at.toLocaleString(),
      p.ms === null ? 'no response time' : fmtMs(p.ms),
      // The status code, unless the error already names it.
      p.code != null && !p.error?.includes(String(p.code)) ? `${said} (${p.code})` : said,
    ];
  }
  const when =
    periodMs >= 86_400_000
      ? at.toLocaleDateString([], { year: 'numeric', month: 'short', day: 'numeric' })
      : `${at.toLocaleString([], { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' })}, 1 hour`;
  const checks = p.checks ?? 0;
  return [
    p.partial ? `${when} (so far)` : when,
    `avg ${fmtMs(p.ms)} · p95 ${fmtMs(p.p95)}`,
    `${checks} check${checks === 1 ? '' : 's'}, ${p.down ? `${p.down} failed` : 'none failed'}`,
  ];
}

/** The note under the chart: the range's figures in one line. */
export function figuresLine(f: RangeFigures, periodMs: number): string {
  const failed = f.down ? `${f.down} failed` : 'none failed';
  if (f.checks === 0) return '';
  const parts =
    periodMs === 0
      ? [`min ${fmtMs(f.min)}`, `avg ${fmtMs(f.avg)}`, `p95 ${fmtMs(f.p95)}`, `max ${fmtMs(f.max)}`]
      : [`avg ${fmtMs(f.avg)}`, `highest ${periodMs >= 86_400_000 ? 'daily' : 'hourly'} p95 ${fmtMs(f.p95)}`];
  return `${parts.join(' · ')} — ${f.checks} check${f.checks === 1 ? '' : 's'}, ${failed}`;
}
