import { addToParentIncidents, failingDependants } from '../dependencies/affected.js';
import type { MonitorLocationState } from '../locations/location-shapes.js';
import { notifyMonitorEvent } from '../notify/enqueue.js';
import type { StoredResult } from '../results/result-writer.js';
import { dependenciesRepo } from '../store/repos/dependencies-repo.js';
import { incidentChannelsRepo } from '../store/repos/incident-channels-repo.js';
import { type IncidentRow, incidentsRepo } from '../store/repos/incidents-repo.js';
import { monitorChannelsRepo } from '../store/repos/monitor-channels-repo.js';
import type { Db, MonitorStatus, StatusReason } from '../store/schema.js';
import { notifySubscribers } from '../subscriptions/notify-subscribers.js';
import { alertLocations, downLocations, joinLocations, locationsColumn } from './incident-locations.js';
import { type IncidentView, toIncidentView } from './incident-view.js';

/** One stored check result with the monitor's status before and after it. */
export interface ResultFact {
  monitor_id: number;
  result_id: number;
  checked_at: number;
  status: 'up' | 'down';
  prev_status: MonitorStatus;
  new_status: MonitorStatus;
  error: string | null;
  status_code: number | null;
  response_time_ms: number | null;
  tls_days_left: number | null;
  /** `dependency_down`: down because a parent is (no incident, no alert of its own). */
  status_reason?: StatusReason | null;
  prev_reason?: StatusReason | null;
  /** Multi-location monitors (issue 13): every location's state after this result. */
  locations?: MonitorLocationState[];
}

/** The facts of a result as the result writer stores it. */
export function toResultFact(r: StoredResult): ResultFact {
  return {
    monitor_id: r.monitor_id,
    result_id: r.result_id,
    checked_at: r.checked_at,
    status: r.status,
    prev_status: r.prev_status,
    new_status: r.runtime.current_status,
    error: r.error,
    status_code: r.status_code,
    response_time_ms: r.response_time_ms,
    tls_days_left: r.tls_days_left,
    status_reason: r.runtime.status_reason ?? null,
    prev_reason: r.prev_reason ?? null,
    ...(r.locations && { locations: r.locations }),
  };
}

export interface IncidentEvent {
  name: 'incident.opened' | 'incident.resolved';
  data: IncidentView;
}

export interface NotifyDeps {
  outbox: { readonly maxAttempts: number };
}

// Certificate warnings go out once for each of these that the days left drop to (those not above
// the monitor's own tls_warn_days), so a renewal-forgotten certificate is flagged again nearer expiry.
const TLS_LADDER = [7, 1];

// A failed check that leaves the monitor down may need an incident even without a transition: an
// admin may have resolved the last one by hand while the target still fails. The next failed
// check then opens a new one (at most one unresolved per monitor still holds).
const dependencyDown = (f: ResultFact) => f.new_status === 'down' && f.status_reason === 'dependency_down';
const failing = (f: ResultFact) => f.new_status === 'down' && f.status === 'down' && !dependencyDown(f);
// A dependant newly down because of a parent joins the parent's incident (issue 14).
const joinsParent = (f: ResultFact) =>
  dependencyDown(f) && (f.prev_status !== 'down' || f.prev_reason !== 'dependency_down');
const transitions = (f: ResultFact) =>
  (f.new_status === 'down' && f.prev_status !== 'down' && !dependencyDown(f)) ||
  (f.new_status === 'up' && f.prev_status !== 'up') ||
  (f.new_status === 'degraded' && f.prev_status !== 'degraded') ||
  (f.new_status === 'down' && f.prev_reason === 'dependency_down' && !dependencyDown(f)) ||
  failing(f);
const interesting = (f: ResultFact) =>
  transitions(f) || joinsParent(f) || (f.tls_days_left !== null && f.status === 'up');

function resultOf(f: ResultFact, error = f.error) {
  return {
    id: f.result_id,
    status: f.status,
    status_code: f.status_code,
    response_time_ms: f.response_time_ms,
    error,
    tls_days_left: f.tls_days_left,
    checked_at: new Date(f.checked_at).toISOString(),
  };
}

/** The lowest warning threshold the days left have reached, or null when none applies. */
export function tlsThreshold(daysLeft: number, warnDays: number): number | null {
  const ladder = [warnDays, ...TLS_LADDER.filter((t) => t < warnDays)];
  const reached = ladder.filter((t) => daysLeft <= t);
  return reached.length ? Math.min(...reached) : null;
}

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
  const monitors = new Map(
    (
      await trx
        .selectFrom('monitors')
        .select(['id', 'name', 'url', 'tls_warn_days', 'tls_warned_threshold', 'degraded_response_ms'])
        .where('id', 'in', ids)
        .execute()
    ).map((m) => [m.id, m]),
  );
  // Most batches carry certificate days only: incidents are read just for monitors that changed
  // state, and channels just for monitors that actually alert, so the common case is one query.
  const changedIds = [...new Set(relevant.filter(transitions).map((f) => f.monitor_id))];
  const open = new Map<number, IncidentRow>(
    (await incidentsRepo.unresolvedFor(trx, changedIds)).map((i) => [i.monitor_id, i]),
  );
  const channels = new Map<number, number[]>();
  const channelsOf = async (monitorId: number) => {
    if (!channels.has(monitorId)) {
      channels.set(monitorId, (await monitorChannelsRepo.forMonitors(trx, [monitorId])).get(monitorId) ?? []);
    }
    return channels.get(monitorId)!;
  };
  const events: IncidentEvent[] = [];
  const joining: number[] = [];

  for (const f of relevant) {
    const m = monitors.get(f.monitor_id);
    if (!m) continue;
    const monitor = { id: m.id, name: m.name, url: m.url };
    const slowText = `responded in ${f.response_time_ms} ms, slower than ${m.degraded_response_ms} ms`;
    if (dependencyDown(f)) {
      if (joinsParent(f)) joining.push(m.id);
    } else if (f.new_status === 'down' && open.get(m.id)?.severity === 'minor') {
      // Down beats degraded: the incident becomes major and the down alert goes out.
      const major = await incidentsRepo.setSeverity(trx, open.get(m.id)!.id, 'major', f.error);
      const row = await joinLocations(trx, major, downLocations(f.locations));
      open.set(m.id, row);
      const view = toIncidentView(row, f.checked_at);
      await notifyMonitorEvent(trx, deps, {
        monitor,
        channelIds: await channelsOf(m.id),
        event: 'monitor.down',
        incident: view,
        result: resultOf(f),
        at: f.checked_at,
        affected: await affectedOf(trx, m.id, row.id, f.checked_at),
        locations: await alertLocations(trx, row),
      });
    } else if (f.new_status === 'degraded' && !open.has(m.id)) {
      const row = await incidentsRepo.insert(trx, {
        monitor_id: m.id,
        status: 'open',
        severity: 'minor',
        started_at: f.checked_at,
        root_cause: slowText,
        last_alert_at: f.checked_at,
        reminders_sent: 0,
      });
      open.set(m.id, row);
      const view = toIncidentView(row, f.checked_at);
      await notifyMonitorEvent(trx, deps, {
        monitor,
        channelIds: await channelsOf(m.id),
        event: 'monitor.degraded',
        incident: view,
        result: resultOf(f, slowText),
        at: f.checked_at,
      });
      events.push({ name: 'incident.opened', data: view });
    } else if (f.new_status === 'degraded' && f.prev_status === 'down') {
      // Back, but slow: the incident stays open (it resolves once the monitor is up) and says so.
      const view = toIncidentView(open.get(m.id)!, f.checked_at);
      await notifyMonitorEvent(trx, deps, {
        monitor,
        channelIds: await channelsOf(m.id),
        event: 'monitor.degraded',
        incident: view,
        result: resultOf(f, slowText),
        at: f.checked_at,
        dedupKey: `monitor.degraded:incident:${view.id}:${f.checked_at}`,
      });
    } else if (f.new_status === 'down' && !open.has(m.id)) {
      const row = await incidentsRepo.insert(trx, {
        monitor_id: m.id,
        status: 'open',
        started_at: f.checked_at,
        root_cause: f.error,
        last_alert_at: f.checked_at,
        reminders_sent: 0,
        ...(f.locations && { locations: locationsColumn(downLocations(f.locations)) }),
      });
      open.set(m.id, row);
      const view = toIncidentView(row, f.checked_at);
      await notifyMonitorEvent(trx, deps, {
        monitor,
        channelIds: await channelsOf(m.id),
        event: 'monitor.down',
        incident: view,
        result: resultOf(f),
        at: f.checked_at,
        affected: await affectedOf(trx, m.id, row.id, f.checked_at),
        locations: await alertLocations(trx, row),
      });
      // Status page subscribers hear of it too (nothing is queued unless subscriptions are set up).
      await notifySubscribers(trx, deps, {
        kind: 'incident_opened',
        incidentId: row.id,
        monitorId: m.id,
        at: f.checked_at,
      });
      events.push({ name: 'incident.opened', data: view });
    } else if (f.new_status === 'up' && open.has(m.id)) {
      const row = await incidentsRepo.resolve(trx, open.get(m.id)!.id, f.checked_at);
      open.delete(m.id);
      const view = toIncidentView(row, f.checked_at);
      // Recovery reaches every channel the incident's alerts did (escalation steps too).
      const notified = await incidentChannelsRepo.forIncident(trx, row.id);
      await notifyMonitorEvent(trx, deps, {
        monitor,
        channelIds: [...(await channelsOf(m.id)), ...notified],
        event: 'monitor.up',
        incident: view,
        result: resultOf(f),
        at: f.checked_at,
        locations: await alertLocations(trx, row),
      });
      // Status page subscribers hear of it too (nothing is queued unless subscriptions are set up).
      await notifySubscribers(trx, deps, {
        kind: 'incident_resolved',
        incidentId: row.id,
        monitorId: m.id,
        at: f.checked_at,
      });
      events.push({ name: 'incident.resolved', data: view });
    }
    if (f.locations && failing(f) && open.has(m.id)) {
      // More locations see it down while it lasts: the incident names them too.
      open.set(m.id, await joinLocations(trx, open.get(m.id)!, downLocations(f.locations)));
    }
    if (f.tls_days_left !== null && f.status === 'up') {
      const threshold = tlsThreshold(f.tls_days_left, m.tls_warn_days);
      const warned = m.tls_warned_threshold;
      if (threshold === null && warned !== null) {
        // Days left climbed back above every threshold: a renewed certificate starts afresh.
        await trx
          .updateTable('monitors')
          .set({ tls_warned_threshold: null })
          .where('id', '=', m.id)
          .execute();
        m.tls_warned_threshold = null;
      } else if (threshold !== null && (warned === null || threshold < warned)) {
        await trx
          .updateTable('monitors')
          .set({ tls_warned_threshold: threshold })
          .where('id', '=', m.id)
          .execute();
        m.tls_warned_threshold = threshold;
        await notifyMonitorEvent(trx, deps, {
          monitor,
          channelIds: await channelsOf(m.id),
          event: 'monitor.tls_expiring',
          result: resultOf(f),
          at: f.checked_at,
          dedupKey: `monitor.tls_expiring:monitor:${m.id}:${threshold}d:${f.checked_at}`,
        });
      }
    }
  }
  await addToParentIncidents(trx, joining, Date.now());
  return events;
}

// The failing dependants of a monitor that has just gone down, listed on its incident and counted
// in its alert ("router down, 28 monitors affected").
async function affectedOf(trx: Db, monitorId: number, incidentId: number, at: number) {
  const list = await failingDependants(trx, monitorId);
  if (list.length === 0) return undefined;
  await dependenciesRepo.addAffected(
    trx,
    incidentId,
    list.map((d) => d.id),
    at,
  );
  return { count: list.length, monitors: list.slice(0, 50) };
}
