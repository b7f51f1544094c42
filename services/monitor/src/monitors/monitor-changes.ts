import type { AppContext } from '../context.js';
import { parseLocationIds } from '../locations/monitor-locations.js';
import type { MonitorRow } from '../store/repos/monitors-repo.js';

/**
 * Published on the bus (and relayed to the other instances) after a monitor's configuration,
 * locations or pause state changed: the probe stream tells the probes of the locations concerned.
 * `version` is the monitor's `updated_at` (null: deleted).
 */
export const MONITOR_CHANGED_EVENT = 'monitor.changed';

export interface MonitorChangedData {
  id: number;
  version: number | null;
  paused: boolean;
  location_ids: string[];
}

/** Tells the engine and the probes about a monitor written by the API (after the commit). */
export function monitorChanged(ctx: AppContext, row: MonitorRow): void {
  ctx.engine.apply(row);
  const data: MonitorChangedData = {
    id: row.id,
    version: row.updated_at,
    paused: row.paused === 1,
    location_ids: parseLocationIds(row.location_ids),
  };
  ctx.bus.publish(MONITOR_CHANGED_EVENT, data);
}

/** Tells the engine and the probes about a monitor deleted by the API (after the commit). */
export function monitorRemoved(ctx: AppContext, id: number, locationIds: string[]): void {
  ctx.engine.remove(id);
  const data: MonitorChangedData = { id, version: null, paused: false, location_ids: locationIds };
  ctx.bus.publish(MONITOR_CHANGED_EVENT, data);
}
