import { writeAudit } from '../../platform/audit/audit.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import type { LocationStatus, LocationView } from '../../shared-types/location-shapes.js';
import { locationsRepo } from '../../store/repos/locations-repo.js';
import type { Db } from '../../store/schema.js';
import type { LocationAlerts } from './location-alerts.js';
import { toLocationView } from './location-view.js';

/** What a status change uses (AppContext satisfies it). */
export interface LocationStatusDeps {
  locationAlerts: LocationAlerts;
  /** This instance's registry of online locations. */
  locations: { set(id: string, status: LocationStatus): void };
  bus: Pick<EventBus, 'publish'>;
  /** Delivers the queued alerts now rather than at its next poll. */
  outbox: { kick(): void };
}

/**
 * Moves a location from `from` to `to` in the caller's transaction, if it is still `from` (two
 * instances may race): the audit entry (system) and the alert to the channels of its monitors
 * commit with it. Returns the view to announce after the commit, or null when nothing changed.
 */
export async function changeLocationStatus(
  trx: Db,
  deps: Pick<LocationStatusDeps, 'locationAlerts'>,
  id: string,
  from: LocationStatus,
  to: LocationStatus,
  at: number,
  opts: { alert: boolean } = { alert: true },
): Promise<LocationView | null> {
  if (!(await locationsRepo.setStatus(trx, id, from, to, at))) return null;
  const row = await locationsRepo.byId(trx, id);
  if (!row) return null;
  const counts = await locationsRepo.monitorCounts(trx);
  const view = toLocationView(row, counts.get(id) ?? 0, at);
  await writeAudit(
    trx,
    null,
    {
      action: `location.${to}`,
      resource_type: 'location',
      resource_id: id,
      detail: { name: row.name, last_seen_at: view.last_seen_at },
    },
    at,
  );
  if (opts.alert) await deps.locationAlerts.queue(trx, view, to, at);
  return view;
}

/** After the commit: this instance's registry at once, and the event (relayed to the others). */
export function announceLocationStatus(
  deps: Omit<LocationStatusDeps, 'locationAlerts'>,
  view: LocationView,
): void {
  deps.locations.set(view.id, view.status);
  deps.bus.publish(`location.${view.status}`, view);
  setImmediate(() => deps.outbox.kick());
}
