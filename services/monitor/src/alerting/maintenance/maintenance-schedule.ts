import type { Logger } from '@app/kit';
import type { Kysely } from 'kysely';
import { type MaintenanceRow, maintenanceRepo } from '../../store/repos/maintenance-repo.js';
import type { MonitorDB } from '../../store/schema.js';
import { type MaintenanceWindow, nextChange, occurrenceAt } from './windows.js';

/** How often windows are re-read, so changes made on another instance arrive. */
const DEFAULT_REFRESH_MS = 10_000;

/** A stored row as the evaluator's window. */
export function toWindow(r: MaintenanceRow): MaintenanceWindow {
  return {
    id: r.id,
    name: r.name,
    starts_at: r.starts_at,
    ends_at: r.ends_at,
    monitor_ids: JSON.parse(r.monitor_ids) as number[],
    recurrence:
      r.cron !== null && r.duration_minutes !== null
        ? { cron: r.cron, duration_minutes: r.duration_minutes }
        : null,
    timezone: r.timezone,
    is_active: r.is_active === 1,
  };
}

interface ActiveSet {
  /** The answer holds for times in [from, until). */
  from: number;
  until: number;
  all: boolean;
  ids: Set<number>;
}

/**
 * Answers "is this monitor under maintenance now?" from memory, for the engine to ask per check:
 * windows are reloaded every few seconds (and at once after a change through this instance),
 * and the set of covered monitors is kept until the next time a window starts or ends, so a
 * check costs a Set lookup and cron patterns are evaluated only when something changes.
 */
export class MaintenanceSchedule {
  private windows: MaintenanceWindow[] = [];
  private active: ActiveSet | null = null;
  private versions = new Map<number, { version: string; window: MaintenanceWindow }>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Kysely<MonitorDB>,
    private readonly log: Logger,
    private readonly refreshMs = DEFAULT_REFRESH_MS,
  ) {}

  /** Loads the windows and keeps them fresh. */
  async start(): Promise<void> {
    await this.reload();
    this.timer = setInterval(() => {
      this.reload().catch((err: unknown) => this.log.error({ err }, 'maintenance: reloading windows failed'));
    }, this.refreshMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Re-reads the windows now (after a write through the API). */
  async reload(): Promise<void> {
    const rows = await maintenanceRepo.list(this.db);
    // Unchanged rows keep their window object (and its parsed cron); the cached answer survives
    // a reload that changed nothing.
    const next = new Map<number, { version: string; window: MaintenanceWindow }>();
    let changed = rows.length !== this.versions.size;
    for (const r of rows) {
      const prev = this.versions.get(r.id);
      if (prev && prev.version === JSON.stringify(r)) {
        next.set(r.id, prev);
      } else {
        next.set(r.id, { version: JSON.stringify(r), window: toWindow(r) });
        changed = true;
      }
    }
    this.versions = next;
    if (changed) {
      this.windows = [...next.values()].map((v) => v.window);
      this.active = null;
    }
  }

  /** The loaded windows. */
  list(): readonly MaintenanceWindow[] {
    return this.windows;
  }

  /** Whether `monitorId` is covered by a window in effect at `at`. */
  isUnderMaintenance(monitorId: number, at: Date = new Date()): boolean {
    const set = this.activeSet(at.getTime());
    return set.all || set.ids.has(monitorId);
  }

  private activeSet(at: number): ActiveSet {
    const cached = this.active;
    if (cached && at >= cached.from && at < cached.until) return cached;
    const set: ActiveSet = { from: at, until: Number.POSITIVE_INFINITY, all: false, ids: new Set() };
    for (const w of this.windows) {
      set.until = Math.min(set.until, nextChange(w, at));
      if (!occurrenceAt(w, at)) continue;
      if (w.monitor_ids.length === 0) set.all = true;
      for (const id of w.monitor_ids) set.ids.add(id);
    }
    this.active = set;
    return set;
  }
}
