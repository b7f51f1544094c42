import type { Logger } from '@app/kit';
import type { Kysely } from 'kysely';
import type { BusEvent, EventBus } from '../../platform/events/event-bus.js';
import { GAP_EVENT } from '../../platform/events/event-bus.js';
import {
  MONITOR_CHANGED_EVENT,
  type MonitorChangedData,
} from '../../platform/events/monitor-changed-event.js';
import type { ProbeAssignmentEvent } from '../../shared-types/probe-protocol.js';
import type { LocationRow } from '../../store/repos/locations-repo.js';
import { locationsRepo } from '../../store/repos/locations-repo.js';
import type { MonitorDB } from '../../store/schema.js';

export interface FeedSink {
  assignment(ev: ProbeAssignmentEvent): void;
  resync(): void;
  /** The location was deleted or its token rotated: the stream must end. */
  end(): void;
}

/** What following a probe's assignments uses (AppContext satisfies it). */
export interface AssignmentFeedDeps {
  db: Kysely<MonitorDB>;
  log: Logger;
  bus: Pick<EventBus, 'subscribe'>;
}

/**
 * Follows the bus (this instance's events and the others', relayed) for one probe: a change of a
 * monitor assigned to the location before or after it becomes an `assignment` event (version null
 * once it is no longer assigned). The assigned ids are kept here, read at start and again after a
 * gap, when the probe is told to fetch everything. Returns the function that stops following.
 */
export async function followAssignments(
  ctx: AssignmentFeedDeps,
  location: LocationRow,
  sink: FeedSink,
): Promise<() => void> {
  let assigned = new Set(await locationsRepo.monitorIdsAt(ctx.db, location.id));
  let stopped = false;
  const reload = async () => {
    assigned = new Set(await locationsRepo.monitorIdsAt(ctx.db, location.id));
  };
  const checkToken = async () => {
    const row = await locationsRepo.byId(ctx.db, location.id);
    if (!row || row.token_hash !== location.token_hash) sink.end();
  };
  const unsubscribe = ctx.bus.subscribe((ev: BusEvent) => {
    if (stopped) return;
    if (ev.event === MONITOR_CHANGED_EVENT) {
      const d = ev.data as MonitorChangedData;
      const now = d.version !== null && d.location_ids.includes(location.id);
      if (!now && !assigned.has(d.id)) return;
      if (now) assigned.add(d.id);
      else assigned.delete(d.id);
      sink.assignment({ id: d.id, version: now ? d.version : null });
    } else if (ev.event === GAP_EVENT) {
      reload()
        .then(() => sink.resync())
        .catch((err: unknown) => ctx.log.error({ err }, 'reading a probe’s assignments failed'));
    } else if (
      (ev.event === 'location.updated' || ev.event === 'location.deleted') &&
      (ev.data as { id?: unknown } | null)?.id === location.id
    ) {
      checkToken().catch((err: unknown) => ctx.log.error({ err }, 'reading a location failed'));
    }
  });
  return () => {
    stopped = true;
    unsubscribe();
  };
}
