import type { Logger } from '@app/kit';
import type { Kysely } from 'kysely';
import { type MaintenanceRow, maintenanceRepo } from '../store/repos/maintenance-repo.js';
import type { MonitorDB } from '../store/schema.js';
import { activeWindows, type MaintenanceWindow } from './windows.js';

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
  second: number;
  all: boolean;
  ids: Set<number>;
}

/**
 * Answers "is this monitor under maintenance now?" from memory, for the engine to ask per check:
 * windows are reloaded every few seconds (and at once after a change through this instance),
 * and the set of covered monitors is computed once per second, so a check costs a Set lookup.
 */
export class MaintenanceSchedule {
  private windows: MaintenanceWindow[] = [];
  private active: ActiveSet | null = null;
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
    this.windows = (await maintenanceRepo.list(this.db)).map(toWindow);
    this.active = null;
  }

  /** The loaded windows. */
  list(): readonly MaintenanceWindow[] {
    return this.windows;
  }

  /** Whether `monitorId` is covered by a window in effect at `at` (accurate to the second). */
  isUnderMaintenance(monitorId: number, at: Date = new Date()): boolean {
    const set = this.activeSet(Math.floor(at.getTime() / 1000));
    return set.all || set.ids.has(monitorId);
  }

  private activeSet(second: number): ActiveSet {
    if (this.active?.second === second) return this.active;
    const set: ActiveSet = { second, all: false, ids: new Set() };
    for (const w of activeWindows(this.windows, new Date(second * 1000))) {
      if (w.monitor_ids.length === 0) set.all = true;
      for (const id of w.monitor_ids) set.ids.add(id);
    }
    this.active = set;
    return set;
  }
}
