import { parseLocationIds } from '../../engine/locations/monitor-locations.js';
import { configOf, type MonitorConfig } from '../../engine/monitors/monitor-input.js';
import type { MonitorRow } from '../../store/repos/monitors-repo.js';
import type { PortablePlacement } from './portable-groups.js';

/** The format version written by export and understood by import. */
export const EXPORT_VERSION = 1;

/**
 * A monitor as it travels between instances: its configuration, its channels by name (ids mean
 * nothing elsewhere), whether it is paused and its reminder interval. No id, status or token.
 * Credentials (URL password, credential headers, auth password or token) read as the mask, as
 * they do through the API: the file can be shared, and import leaves masked credentials out.
 */
export interface PortableMonitor extends MonitorConfig, PortablePlacement {
  channels: string[];
  paused: boolean;
  reminder_interval_minutes: number | null;
  /** Where it is checked from (location ids, which must exist where the file is imported) and its quorum. */
  location_ids: string[];
  quorum: number | null;
}

/** The portable form of a stored monitor. */
export function toPortable(
  row: MonitorRow,
  channelNames: string[],
  placement: PortablePlacement,
): PortableMonitor {
  return {
    ...configOf(row),
    ...placement,
    channels: channelNames,
    paused: row.paused === 1,
    reminder_interval_minutes: row.reminder_interval_minutes,
    location_ids: parseLocationIds(row.location_ids),
    quorum: row.quorum,
  };
}
