import type { PendingResult } from '../../engine/results/result-writer.js';

/**
 * Checks stored by this process per monitor, by outcome: Prometheus counters, so they start from
 * zero at every start and each instance counts the checks it ran. A stored result costs two map
 * operations on small integers, nothing allocated once a monitor has been seen.
 */
export class CheckCounters {
  private readonly up = new Map<number, number>();
  private readonly down = new Map<number, number>();

  /** Counts a committed batch of results. */
  count(rows: readonly PendingResult[]): void {
    for (const r of rows) {
      const m = r.status === 'up' ? this.up : this.down;
      m.set(r.monitor_id, (m.get(r.monitor_id) ?? 0) + 1);
    }
  }

  /** Up and down checks counted for a monitor, or null when none was counted here. */
  of(monitorId: number): { up: number; down: number } | null {
    const up = this.up.get(monitorId);
    const down = this.down.get(monitorId);
    if (up === undefined && down === undefined) return null;
    return { up: up ?? 0, down: down ?? 0 };
  }
}
