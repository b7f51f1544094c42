import { addToParentIncidents } from '../../engine/dependencies/affected.js';
import { type IncidentRow, incidentsRepo } from '../../store/repos/incidents-repo.js';
import { monitorChannelsRepo } from '../../store/repos/monitor-channels-repo.js';
import { monitorsRepo } from '../../store/repos/monitors-repo.js';
import type { Db } from '../../store/schema.js';
import { warnCertificate } from './certificate-warnings.js';
import type { IncidentBatch, IncidentEvent, NotifyDeps } from './incident-batch.js';
import { downLocations, joinLocations } from './incident-locations.js';
import { applyTransition } from './incident-transitions.js';
import {
  dependencyDown,
  failing,
  interesting,
  joinsParent,
  type ResultFact,
  transitions,
} from './result-facts.js';

export { tlsThreshold } from './certificate-warnings.js';
export type { IncidentEvent, NotifyDeps } from './incident-batch.js';
export { type ResultFact, toResultFact } from './result-facts.js';

/**
 * Opens and resolves incidents and queues their alerts, inside the transaction that stores the
 * results (so an alert exists exactly when its state change committed). A monitor in maintenance
 * never reaches `down`, so nothing here fires for it. Returns the events to publish after commit.
 */
export async function applyIncidentRules(
  trx: Db,
  facts: ResultFact[],
  deps: NotifyDeps,
): Promise<IncidentEvent[]> {
  const relevant = facts.filter(interesting);
  if (relevant.length === 0) return [];
  const ids = [...new Set(relevant.map((f) => f.monitor_id))];
  const monitors = new Map((await monitorsRepo.incidentFacts(trx, ids)).map((m) => [m.id, m]));
  // Most batches carry certificate days only: incidents are read just for monitors that changed
  // state, and channels just for monitors that actually alert, so the common case is one query.
  const changedIds = [...new Set(relevant.filter(transitions).map((f) => f.monitor_id))];
  const open = new Map<number, IncidentRow>(
    (await incidentsRepo.unresolvedFor(trx, changedIds)).map((i) => [i.monitor_id, i]),
  );
  const channels = new Map<number, number[]>();
  const batch: IncidentBatch = {
    trx,
    deps,
    open,
    events: [],
    async channelsOf(monitorId) {
      if (!channels.has(monitorId)) {
        channels.set(
          monitorId,
          (await monitorChannelsRepo.forMonitors(trx, [monitorId])).get(monitorId) ?? [],
        );
      }
      return channels.get(monitorId)!;
    },
  };
  const joining: number[] = [];

  for (const f of relevant) {
    const m = monitors.get(f.monitor_id);
    if (!m) continue;
    if (dependencyDown(f)) {
      if (joinsParent(f)) joining.push(m.id);
    } else {
      await applyTransition(batch, f, m);
    }
    if (f.locations && failing(f) && open.has(m.id)) {
      // More locations see it down while it lasts: the incident names them too.
      open.set(m.id, await joinLocations(trx, open.get(m.id)!, downLocations(f.locations)));
    }
    await warnCertificate(batch, f, m);
  }
  await addToParentIncidents(trx, joining, Date.now());
  return batch.events;
}
