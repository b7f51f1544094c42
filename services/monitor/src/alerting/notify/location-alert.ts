import type { LocationStatus, LocationView } from '../../shared-types/location-shapes.js';
import { channelsRepo } from '../../store/repos/channels-repo.js';
import { locationsRepo } from '../../store/repos/locations-repo.js';
import type { Db } from '../../store/schema.js';
import { enqueueNotification } from './enqueue.js';
import type { NotificationPayload } from './types.js';

/**
 * Queues the `location.offline`/`location.online` alert in the caller's transaction (the one that
 * changed the status) for every enabled channel of at least one monitor that runs from the
 * location, once per channel. Returns how many were queued. The engine changes the status and
 * calls this through its port (engine/locations/location-status.ts), wired in server.ts.
 */
export async function queueLocationAlert(
  trx: Db,
  outbox: { maxAttempts: number },
  view: LocationView,
  to: LocationStatus,
  at: number,
): Promise<number> {
  const channels = await channelsRepo.enabledIn(
    trx,
    await locationsRepo.channelIdsOfMonitorsAt(trx, view.id),
  );
  if (channels.length === 0) return 0;
  const event = to === 'offline' ? ('location.offline' as const) : ('location.online' as const);
  const payload: NotificationPayload = {
    event,
    // Providers always show a monitor: here it names the location (there is no monitor id).
    monitor: { id: 0, name: view.name, url: null },
    incident: null,
    result: null,
    at: new Date(at).toISOString(),
    location: {
      id: view.id,
      name: view.name,
      region: view.region,
      last_seen_at: view.last_seen_at,
      monitor_count: view.monitor_count,
    },
  };
  let queued = 0;
  for (const ch of channels) {
    const id = await enqueueNotification(trx, {
      channel_id: ch.id,
      event,
      payload,
      dedup_key: `${event}:location:${view.id}:${at}`,
      max_attempts: outbox.maxAttempts,
    });
    if (id !== null) queued++;
  }
  return queued;
}
