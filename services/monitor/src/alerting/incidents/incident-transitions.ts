import { failingDependants } from '../../engine/dependencies/affected.js';
import { dependenciesRepo } from '../../store/repos/dependencies-repo.js';
import { incidentChannelsRepo } from '../../store/repos/incident-channels-repo.js';
import { incidentsRepo } from '../../store/repos/incidents-repo.js';
import type { Db } from '../../store/schema.js';
import { notifyMonitorEvent } from '../notify/enqueue.js';
import { notifySubscribers } from '../subscriptions/notify-subscribers.js';
import type { IncidentBatch, MonitorFacts } from './incident-batch.js';
import { alertLocations, downLocations, joinLocations, locationsColumn } from './incident-locations.js';
import { toIncidentView } from './incident-view.js';
import { type ResultFact, resultOf } from './result-facts.js';

/**
 * Opens, raises or resolves the incident of one monitor's state change and queues its alerts. A
 * dependant down because of its parent is not handled here: it joins the parent's incident.
 */
export async function applyTransition(b: IncidentBatch, f: ResultFact, m: MonitorFacts): Promise<void> {
  const open = b.open.get(m.id);
  if (f.new_status === 'down' && open?.severity === 'minor') await raiseToMajor(b, f, m);
  else if (f.new_status === 'degraded' && !open) await openMinor(b, f, m);
  else if (f.new_status === 'degraded' && f.prev_status === 'down') await backButSlow(b, f, m);
  else if (f.new_status === 'down' && !open) await openMajor(b, f, m);
  else if (f.new_status === 'up' && open) await resolve(b, f, m);
}

const monitorOf = (m: MonitorFacts) => ({ id: m.id, name: m.name, url: m.url });
const slowText = (f: ResultFact, m: MonitorFacts) =>
  `responded in ${f.response_time_ms} ms, slower than ${m.degraded_response_ms} ms`;

// Down beats degraded: the incident becomes major and the down alert goes out.
async function raiseToMajor(b: IncidentBatch, f: ResultFact, m: MonitorFacts) {
  const major = await incidentsRepo.setSeverity(b.trx, b.open.get(m.id)!.id, 'major', f.error);
  const row = await joinLocations(b.trx, major, downLocations(f.locations));
  b.open.set(m.id, row);
  await notifyMonitorEvent(b.trx, b.deps, {
    monitor: monitorOf(m),
    channelIds: await b.channelsOf(m.id),
    event: 'monitor.down',
    incident: toIncidentView(row, f.checked_at),
    result: resultOf(f),
    at: f.checked_at,
    affected: await affectedOf(b.trx, m.id, row.id, f.checked_at),
    locations: await alertLocations(b.trx, row),
  });
}

async function openMinor(b: IncidentBatch, f: ResultFact, m: MonitorFacts) {
  const slow = slowText(f, m);
  const row = await incidentsRepo.insert(b.trx, {
    monitor_id: m.id,
    status: 'open',
    severity: 'minor',
    started_at: f.checked_at,
    root_cause: slow,
    last_alert_at: f.checked_at,
    reminders_sent: 0,
  });
  b.open.set(m.id, row);
  const view = toIncidentView(row, f.checked_at);
  await notifyMonitorEvent(b.trx, b.deps, {
    monitor: monitorOf(m),
    channelIds: await b.channelsOf(m.id),
    event: 'monitor.degraded',
    incident: view,
    result: resultOf(f, slow),
    at: f.checked_at,
  });
  b.events.push({ name: 'incident.opened', data: view });
}

// Back, but slow: the incident stays open (it resolves once the monitor is up) and says so.
async function backButSlow(b: IncidentBatch, f: ResultFact, m: MonitorFacts) {
  const view = toIncidentView(b.open.get(m.id)!, f.checked_at);
  await notifyMonitorEvent(b.trx, b.deps, {
    monitor: monitorOf(m),
    channelIds: await b.channelsOf(m.id),
    event: 'monitor.degraded',
    incident: view,
    result: resultOf(f, slowText(f, m)),
    at: f.checked_at,
    dedupKey: `monitor.degraded:incident:${view.id}:${f.checked_at}`,
  });
}

async function openMajor(b: IncidentBatch, f: ResultFact, m: MonitorFacts) {
  const row = await incidentsRepo.insert(b.trx, {
    monitor_id: m.id,
    status: 'open',
    started_at: f.checked_at,
    root_cause: f.error,
    last_alert_at: f.checked_at,
    reminders_sent: 0,
    ...(f.locations && { locations: locationsColumn(downLocations(f.locations)) }),
  });
  b.open.set(m.id, row);
  const view = toIncidentView(row, f.checked_at);
  await notifyMonitorEvent(b.trx, b.deps, {
    monitor: monitorOf(m),
    channelIds: await b.channelsOf(m.id),
    event: 'monitor.down',
    incident: view,
    result: resultOf(f),
    at: f.checked_at,
    affected: await affectedOf(b.trx, m.id, row.id, f.checked_at),
    locations: await alertLocations(b.trx, row),
  });
  // Status page subscribers hear of it too (nothing is queued unless subscriptions are set up).
  await notifySubscribers(b.trx, b.deps, {
    kind: 'incident_opened',
    incidentId: row.id,
    monitorId: m.id,
    at: f.checked_at,
  });
  b.events.push({ name: 'incident.opened', data: view });
}

async function resolve(b: IncidentBatch, f: ResultFact, m: MonitorFacts) {
  const row = await incidentsRepo.resolve(b.trx, b.open.get(m.id)!.id, f.checked_at);
  b.open.delete(m.id);
  const view = toIncidentView(row, f.checked_at);
  // Recovery reaches every channel the incident's alerts did (escalation steps too).
  const notified = await incidentChannelsRepo.forIncident(b.trx, row.id);
  await notifyMonitorEvent(b.trx, b.deps, {
    monitor: monitorOf(m),
    channelIds: [...(await b.channelsOf(m.id)), ...notified],
    event: 'monitor.up',
    incident: view,
    result: resultOf(f),
    at: f.checked_at,
    locations: await alertLocations(b.trx, row),
  });
  // Status page subscribers hear of it too (nothing is queued unless subscriptions are set up).
  await notifySubscribers(b.trx, b.deps, {
    kind: 'incident_resolved',
    incidentId: row.id,
    monitorId: m.id,
    at: f.checked_at,
  });
  b.events.push({ name: 'incident.resolved', data: view });
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
