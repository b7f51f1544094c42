import { writeAudit } from '../audit/audit.js';
import type { AppContext } from '../context.js';
import { locationsRepo } from '../store/repos/locations-repo.js';
import type { Db } from '../store/schema.js';
import { queueLocationAlert } from './location-alert.js';
import type { LocationStatus, LocationView } from './location-shapes.js';
import { toLocationView } from './location-view.js';

/**
 * Moves a location from `from` to `to` in the caller's transaction, if it is still `from` (two
 * instances may race): the audit entry (system) and the alert to the channels of its monitors
 * commit with it. Returns the view to announce after the commit, or null when nothing changed.
 */
export async function changeLocationStatus(
  trx: Db,
  ctx: AppContext,
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
  if (opts.alert) await queueLocationAlert(trx, ctx, view, to, at);
  return view;
}

/** After the commit: this instance's registry at once, and the event (relayed to the others). */
export function announceLocationStatus(ctx: AppContext, view: LocationView): void {
  ctx.locations.set(view.id, view.status);
  ctx.bus.publish(`location.${view.status}`, view);
  setImmediate(() => ctx.outbox.kick());
}
