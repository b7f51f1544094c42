import { readFileSync } from 'node:fs';
import { listenDashboard } from '../shared/dashboard-stream.js';

/** Value at percentile `p` (nearest rank), or null for no values. */
export function pct(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}

// Clock ticks per second of /proc/<pid>/stat's times (USER_HZ): 100 on every Linux build in use.
const TICKS_PER_S = 100;

/** CPU seconds (user + system) a process has used so far, from /proc/<pid>/stat. */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces), from field 3 on: utime is 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_S;
}

/** CPU use of a process between two readings, as % of one core. */
export class CpuWindow {
  private readonly cpu0: number;
  private readonly t0 = performance.now();
  constructor(private readonly pid: number) {
    this.cpu0 = cpuSeconds(pid);
  }
  percent(): number {
    const wall = (performance.now() - this.t0) / 1000;
    return Math.round(((cpuSeconds(this.pid) - this.cpu0) / wall) * 1000) / 10;
  }
}

/** One event of the dashboard stream with the time (Date.now) it was read. */
export interface StreamEvent {
  event: string;
  data: string;
  at: number;
}

/** Opens the dashboard stream and calls `onEvent` for each event as it is read; returns a closer. */
export function listen(base: string, token: string, onEvent: (e: StreamEvent) => void): Promise<() => void> {
  return listenDashboard(base, token, (event, data, at) => onEvent({ event, data, at }));
}

/** A stored result as the outage check reads it from the database. */
export interface StoredResult {
  id: number;
  checked_at: number;
}

/**
 * Matches the checks a probe made (the target's request times for one monitor from one source)
 * with the results stored for that monitor and location: each check, in time order, to the next
 * stored result within `toleranceMs` of it (a stored checked_at is the probe's start time
 * corrected by the skew the central instance measured at the post, which may be off by as long as
 * the post waited there; checks of one monitor are an interval apart, so a third of it is safe). Also counts results stored out of check order (by
 * id) and results closer than `minGapMs` to the previous one (a check stored twice).
 */
export function matchChecks(hits: number[], stored: StoredResult[], toleranceMs: number, minGapMs: number) {
  const byTime = [...stored].sort((a, b) => a.checked_at - b.checked_at);
  let matched = 0;
  /** Stored checked_at minus the request's arrival, per matched check (the skew correction's error). */
  const offsets: number[] = [];
  let j = 0;
  for (const h of hits) {
    while (j < byTime.length && byTime[j]!.checked_at < h - toleranceMs) j++;
    if (j < byTime.length && Math.abs(byTime[j]!.checked_at - h) <= toleranceMs) {
      matched++;
      offsets.push(byTime[j]!.checked_at - h);
      j++;
    }
  }
  const byId = [...stored].sort((a, b) => a.id - b.id);
  let outOfOrder = 0;
  let twice = 0;
  for (let i = 1; i < byId.length; i++) {
    if (byId[i]!.checked_at <= byId[i - 1]!.checked_at) outOfOrder++;
  }
  for (let i = 1; i < byTime.length; i++) {
    if (byTime[i]!.checked_at - byTime[i - 1]!.checked_at < minGapMs) twice++;
  }
  return { matched, missing: hits.length - matched, outOfOrder, twice, offsets };
}
