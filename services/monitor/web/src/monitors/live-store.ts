import { api } from '../api/client.js';
import type { CheckResult, CheckResultEvent, Monitor, MonitorStatus, UptimeFigures } from '../api/types.js';
import type { MonitorLocationState } from '../locations/location-types.js';

/** One check on a monitor's bar and sparkline. */
export interface Point {
  id: number;
  t: number;
  up: boolean;
  ms: number | null;
}

/** A monitor as the dashboard shows it: the API object plus its recent checks. */
export interface Row {
  monitor: Monitor;
  /** Oldest first, at most HISTORY points; null until loaded or a live result arrives. */
  history: Point[] | null;
  historyLoaded: boolean;
  /** Checks in the last 24 h from the uptime API, advanced by live results; null until loaded. */
  day: { checks: number; up: number } | null;
}

export interface Counts {
  total: number;
  up: number;
  degraded: number;
  down: number;
  paused: number;
  maintenance: number;
  pending: number;
}

const HISTORY = 60;
const DAY = 86_400_000;
/** Live events are applied in batches: at 300 events/s, one render per batch instead of per event. */
const FLUSH_MS = 250;

type Listener = () => void;

/**
 * The client-side model of every monitor, fed by the list endpoint, lazily loaded histories and the
 * SSE stream. React reads it through useSyncExternalStore; each change bumps `version` once per batch.
 */
export class LiveStore {
  private rows = new Map<number, Row>();
  private queue: { event: string; data: unknown }[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private listeners = new Set<Listener>();
  private snapshot: Row[] = [];
  private loadingHistory = new Set<number>();
  private historyQueue: number[] = [];
  private activeLoads = 0;
  private unknownSeen = false;
  /** Stream events that came before the first monitor list: applied once it arrives. */
  private early: { event: string; data: unknown }[] = [];
  version = 0;
  /** Bumped only when what the list is sorted and filtered by changes: membership, status, name, type, target. */
  structure = 0;
  loaded = false;
  private dirty = false;
  private countsAt = -1;
  private countsCache: Counts | null = null;
  /** Bumped on incident events so incident views can reload. */
  incidentVersion = 0;
  /** Called when an event names a monitor the store does not know (created elsewhere). */
  onUnknownMonitor: (() => void) | null = null;

  subscribe = (fn: Listener): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  getVersion = (): number => this.version;

  /** Every row, in insertion order; a new array after each change. */
  all(): Row[] {
    return this.snapshot;
  }

  get size(): number {
    return this.rows.size;
  }

  get(id: number): Row | undefined {
    return this.rows.get(id);
  }

  /**
   * Replaces the monitor list (initial load and resyncs), keeping loaded histories. The stream is
   * subscribed before the list is fetched, so a row the stream already moved past the list's
   * snapshot keeps its newer live state, and events that came before the first list apply now.
   */
  setMonitors(list: Monitor[]): void {
    const next = new Map<number, Row>();
    for (const m of list) {
      const old = this.rows.get(m.id);
      next.set(m.id, old ? { ...old, monitor: newerLive(old.monitor, m) } : fresh(m));
    }
    this.rows = next;
    this.loaded = true;
    this.unknownSeen = false;
    const early = this.early;
    this.early = [];
    for (const { event, data } of early) this.apply(event, data);
    this.structure++;
    this.changed();
  }

  /** Forgets everything (sign-out), so the next user never sees the previous one's monitors. */
  reset(): void {
    this.rows = new Map();
    this.queue = [];
    this.early = [];
    this.historyQueue = [];
    this.loaded = false;
    this.structure++;
    this.changed();
  }

  /** Adds or replaces one monitor (after create, edit, pause, resume). */
  upsert(m: Monitor): void {
    const old = this.rows.get(m.id);
    this.rows.set(m.id, old ? { ...old, monitor: m } : fresh(m));
    this.structure++;
    this.changed();
  }

  remove(id: number): void {
    if (this.rows.delete(id)) {
      this.structure++;
      this.changed();
    }
  }

  /** Queues a stream event; the batch is applied at most every FLUSH_MS. */
  push(event: string, data: unknown): void {
    this.queue.push({ event, data });
    this.schedule();
  }

  private schedule(): void {
    this.timer ??= setTimeout(() => this.flush(), FLUSH_MS);
  }

  /** Applies every queued event in one pass and notifies once. */
  flush(): void {
    this.timer = null;
    const batch = this.queue;
    this.queue = [];
    let dirty = this.dirty;
    this.dirty = false;
    for (const { event, data } of batch) dirty = this.apply(event, data) || dirty;
    if (dirty) this.changed();
  }

  private apply(event: string, data: unknown): boolean {
    const d = (data ?? {}) as Record<string, unknown>;
    if (event.startsWith('incident.')) {
      this.incidentVersion++;
      return true;
    }
    const id = typeof d.monitor_id === 'number' ? d.monitor_id : null;
    if (id === null) return false;
    if (!this.loaded) {
      this.early.push({ event, data });
      return false;
    }
    const row = this.rows.get(id);
    if (!row) {
      if (!this.unknownSeen && this.loaded) {
        this.unknownSeen = true;
        this.onUnknownMonitor?.();
      }
      return false;
    }
    if (event === 'monitor.check_result') {
      const e = d as unknown as CheckResultEvent;
      const p: Point = {
        id: e.result_id,
        t: Date.parse(e.checked_at),
        up: e.status === 'up',
        ms: e.response_time_ms,
      };
      // A result the list already counted (fetched after it) must not be added twice.
      const seen = row.history?.some((h) => h.id === p.id) ?? false;
      const history = row.history ? [...row.history] : [];
      if (!seen) {
        history.push(p);
        if (history.length > HISTORY) history.shift();
      }
      // Only a result at least as new as what the row shows may change its status and last check:
      // results buffered while the list was loading can be older than the list.
      const newer = p.t >= timeOf(row.monitor.last_checked_at);
      const status =
        newer && e.monitor_status && row.monitor.current_status !== 'paused'
          ? e.monitor_status
          : row.monitor.current_status;
      if (status !== row.monitor.current_status) this.structure++;
      this.rows.set(id, {
        ...row,
        history,
        day: row.day && !seen ? { checks: row.day.checks + 1, up: row.day.up + (p.up ? 1 : 0) } : row.day,
        monitor: newer
          ? {
              ...row.monitor,
              current_status: status,
              ...(e.status_reason !== undefined && { status_reason: e.status_reason }),
              last_checked_at: e.checked_at,
              last_response_time_ms: e.response_time_ms,
              last_status_code: e.status_code,
              ...(typeof e.tls_days_left === 'number' && { tls_days_left: e.tls_days_left }),
              ...(newerLocations(row.monitor, e.locations) && { locations: e.locations }),
            }
          : newerLocations(row.monitor, e.locations)
            ? { ...row.monitor, locations: e.locations }
            : row.monitor,
      });
      return true;
    }
    if (event === 'monitor.status_changed' && typeof d.status === 'string') {
      const at = typeof d.changed_at === 'string' ? Date.parse(d.changed_at) : Number.POSITIVE_INFINITY;
      if (at < timeOf(row.monitor.last_checked_at)) return false;
      const locations = d.locations as MonitorLocationState[] | undefined;
      this.rows.set(id, {
        ...row,
        monitor: {
          ...row.monitor,
          current_status: d.status as MonitorStatus,
          ...(newerLocations(row.monitor, locations) && { locations }),
        },
      });
      this.structure++;
      return true;
    }
    return false;
  }

  /** Loads the recent checks of these monitors (the visible rows), a few requests at a time. */
  ensureHistory(ids: number[]): void {
    for (const id of ids) {
      const row = this.rows.get(id);
      if (!row || row.historyLoaded || this.loadingHistory.has(id)) continue;
      this.loadingHistory.add(id);
      this.historyQueue.push(id);
    }
    this.pump();
  }

  private pump(): void {
    while (this.activeLoads < 4 && this.historyQueue.length) {
      const id = this.historyQueue.shift()!;
      this.activeLoads++;
      void this.loadHistory(id).finally(() => {
        this.activeLoads--;
        this.loadingHistory.delete(id);
        this.pump();
      });
    }
  }

  private async loadHistory(id: number): Promise<void> {
    let results: CheckResult[] = [];
    let day: Row['day'] = null;
    try {
      const [r, u] = await Promise.all([
        api<CheckResult[]>('/api/check-results', { query: { monitor_id: id, limit: HISTORY } }),
        api<UptimeFigures>(`/api/monitors/${id}/uptime`).catch(() => null),
      ]);
      results = r;
      if (u?.['24h']) day = { checks: u['24h'].checks, up: u['24h'].up_checks };
    } catch {
      return;
    }
    const row = this.rows.get(id);
    if (!row) return;
    const fetched: Point[] = results
      .map((r) => ({ id: r.id, t: Date.parse(r.checked_at), up: r.status === 'up', ms: r.response_time_ms }))
      .reverse();
    const lastId = fetched.length ? fetched[fetched.length - 1]!.id : 0;
    const live = (row.history ?? []).filter((p) => p.id > lastId);
    this.rows.set(id, { ...row, history: [...fetched, ...live].slice(-HISTORY), historyLoaded: true, day });
    // Joins the next live batch: while scrolling, many histories arrive and each must not cost a render.
    this.dirty = true;
    this.schedule();
  }

  /** Monitors per status (recounted only when statuses or membership changed). */
  counts(): Counts {
    if (this.countsAt === this.structure && this.countsCache) return this.countsCache;
    const c: Counts = { total: 0, up: 0, degraded: 0, down: 0, paused: 0, maintenance: 0, pending: 0 };
    for (const r of this.rows.values()) {
      c.total++;
      c[r.monitor.current_status]++;
    }
    this.countsAt = this.structure;
    this.countsCache = c;
    return c;
  }

  private changed(): void {
    this.snapshot = [...this.rows.values()];
    this.version++;
    for (const l of this.listeners) l();
  }
}

function timeOf(iso: string | null): number {
  return iso ? Date.parse(iso) : Number.NEGATIVE_INFINITY;
}

/**
 * Whether an event's per-location states are at least as new as the row's: a probe's result can be
 * older than a local one (its clock is corrected), so the states are compared by their own newest check.
 */
function newerLocations(
  m: Monitor,
  next: MonitorLocationState[] | undefined,
): next is MonitorLocationState[] {
  if (!Array.isArray(next)) return false;
  const newest = (list: MonitorLocationState[] | undefined) =>
    Math.max(Number.NEGATIVE_INFINITY, ...(list ?? []).map((l) => timeOf(l.last_checked_at)));
  return newest(next) >= newest(m.locations);
}

/** The list's monitor, with the live fields of `live` where the stream already saw a newer check. */
function newerLive(live: Monitor, listed: Monitor): Monitor {
  if (timeOf(live.last_checked_at) <= timeOf(listed.last_checked_at)) return listed;
  return {
    ...listed,
    current_status: listed.current_status === 'paused' ? 'paused' : live.current_status,
    last_checked_at: live.last_checked_at,
    last_response_time_ms: live.last_response_time_ms,
    last_status_code: live.last_status_code,
    tls_days_left: live.tls_days_left ?? listed.tls_days_left,
    ...(newerLocations(listed, live.locations) && { locations: live.locations }),
  };
}

function fresh(m: Monitor): Row {
  return { monitor: m, history: null, historyLoaded: false, day: null };
}

/** Uptime over 24 h: the API's count when loaded, else the recent checks in view. */
export function dayUptime(row: Row): number | null {
  if (row.day) return row.day.checks ? row.day.up / row.day.checks : null;
  return uptimeOf(row.history);
}

/** Share of up checks among points in the last 24 h, or null without any. */
export function uptimeOf(history: Point[] | null, now = Date.now()): number | null {
  if (!history) return null;
  let total = 0;
  let up = 0;
  for (const p of history) {
    if (now - p.t > DAY) continue;
    total++;
    if (p.up) up++;
  }
  return total ? up / total : null;
}

/** The one store of the signed-in app. */
export const liveStore = new LiveStore();
