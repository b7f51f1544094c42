/**
 * Published on the bus (and relayed to the other instances) after a monitor's configuration,
 * locations or pause state changed: the probe stream tells the probes of the locations concerned.
 * Declared here, with the bus, so the bus's own lists (internal events) need no domain module.
 */
export const MONITOR_CHANGED_EVENT = 'monitor.changed';

/** The event's data; `version` is the monitor's `updated_at` (null: deleted). */
export interface MonitorChangedData {
  id: number;
  version: number | null;
  paused: boolean;
  location_ids: string[];
}
