import type { EventBus } from '../../platform/events/event-bus.js';
import {
  MONITOR_CHANGED_EVENT,
  type MonitorChangedData,
} from '../../platform/events/monitor-changed-event.js';
import type { MonitorRow } from '../../store/repos/monitors-repo.js';
import { parseLocationIds } from './monitor-locations.js';

/**
 * What a monitor change is told to: this instance's check engine (a port, so writers of monitors
 * need not know the scheduler) and the bus, whose event reaches the probes of the locations
 * concerned on every instance. AppContext satisfies it.
 */
export interface MonitorChangeDeps {
  engine: { apply(row: MonitorRow): void; remove(id: number): void };
  bus: Pick<EventBus, 'publish'>;
}

/** Tells the engine and the probes about a monitor written by the API (after the commit). */
export function monitorChanged(deps: MonitorChangeDeps, row: MonitorRow): void {
  deps.engine.apply(row);
  const data: MonitorChangedData = {
    id: row.id,
    version: row.updated_at,
    paused: row.paused === 1,
    location_ids: parseLocationIds(row.location_ids),
  };
  deps.bus.publish(MONITOR_CHANGED_EVENT, data);
}

/** Tells the engine and the probes about a monitor deleted by the API (after the commit). */
export function monitorRemoved(deps: MonitorChangeDeps, id: number, locationIds: string[]): void {
  deps.engine.remove(id);
  const data: MonitorChangedData = { id, version: null, paused: false, location_ids: locationIds };
  deps.bus.publish(MONITOR_CHANGED_EVENT, data);
}
