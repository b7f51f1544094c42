import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { readConfig } from '../../services/monitor/src/config.js';
import { createServer } from '../../services/monitor/src/server.js';
import { Central, Probe, startTarget } from '../../services/monitor/test/locations-e2e/rig.js';
import { insertHttpMonitors } from '../shared/monitor-bench.js';
import { CpuWindow, listen, matchChecks, pct, type StoredResult, type StreamEvent } from './measure.js';

/*
 * bench/monitor-locations (issue 13): a central instance on SQLite and three probes (real
 * processes, sources 127.0.0.2-4), each with N HTTP monitors assigned to its location alone,
 * against a loopback target. Steady state: results stored per second, the central process's CPU,
 * check-to-dashboard-stream latency. Then the central instance down (kill -9) for a while: do
 * the results of that time arrive afterwards, in order, once, and does any monitor change state?
 */
const { values } = parseArgs({
  options: {
    'monitors-per-probe': { type: 'string', default: '5000' },
    interval: { type: 'string', default: '30' },
    /** Seconds of steady state measured, after a warm-up of one interval and a bit. */
    measure: { type: 'string', default: '60' },
    'outage-seconds': { type: 'string', default: '60' },
    'heartbeat-seconds': { type: 'string', default: '10' },
  },
});
const perProbe = Number(values['monitors-per-probe']);
const intervalS = Number(values.interval);
const outageMs = Number(values['outage-seconds']) * 1000;
const LOCS = [
  { id: 'p2', source: '127.0.0.2' },
  { id: 'p3', source: '127.0.0.3' },
  { id: 'p4', source: '127.0.0.4' },
] as const;
const SECRET_KEY = 'bench-secret-key-bench-secret-key-0123456789';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const log = (s: string) => process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${s}\n`);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const dataDir = mkdtempSync(join(tmpdir(), 'bench-locations-'));
const target = await startTarget();
const central = new Central(dataDir, { SECRET_KEY });
const probes: Probe[] = [];
const figures: Record<string, unknown> = {
  monitors_per_probe: perProbe,
  monitors: perProbe * LOCS.length,
  interval_s: intervalS,
  expected_results_per_s: Math.round(((perProbe * LOCS.length) / intervalS) * 10) / 10,
  load_at_start: load(),
};
const closers: (() => void)[] = [];
/** Monitor number (its name `m<n>`) by database id, read once. */
let nameOf: Map<number, number> | null = null;

try {
  // 1. Locations through the API (their tokens are shown once), then the monitors straight into
  // the database while the central instance is stopped (the API would validate and audit each).
  log('central instance: first start, locations');
  await central.start();
  const tokens = new Map<string, string>();
  for (const l of LOCS) {
    const loc = await central.createLocation(l.id, `Probe ${l.id}`, Number(values['heartbeat-seconds']));
    tokens.set(l.id, loc.token);
  }
  await central.stop();
  log(`inserting ${perProbe * LOCS.length} monitors`);
  await insertMonitors();

  // 2. The central instance and the probes.
  log('central instance and probes: start');
  await central.start();
  const port = Number(new URL(target.url).port);
  for (const l of LOCS) {
    const p = new Probe(l.source, {
      PROBE_SERVER_URL: central.base,
      PROBE_TOKEN: tokens.get(l.id)!,
      PROBE_SPOOL_FILE: join(dataDir, `spool-${l.id}.ndjson`),
    });
    probes.push(p);
  }
  await Promise.all(probes.map((p) => p.start()));
  figures.target_port = port;

  // 3. Steady state.
  const events: StreamEvent[] = [];
  closers.push(await listen(central.base, central.bearer, (e) => events.push(e)));
  log(`warm-up: ${intervalS + 10} s`);
  await sleep((intervalS + 10) * 1000);
  events.length = 0;
  const db = new Database(join(dataDir, 'monitor.db'), { readonly: true, fileMustExist: true });
  const maxId = () =>
    (db.prepare('select max(id) as n from check_results').get() as { n: number | null }).n ?? 0;
  const id0 = maxId();
  const t0 = Date.now();
  const cpu = new CpuWindow(central.pid);
  const probeCpu = probes.map((p) => new CpuWindow(p.proc.child.pid!));
  log(`steady state: ${values.measure} s`);
  await sleep(Number(values.measure) * 1000);
  const seconds = (Date.now() - t0) / 1000;
  const latencies = events
    .filter((e) => e.event === 'monitor.check_result')
    .map((e) => e.at - Date.parse((JSON.parse(e.data) as { checked_at: string }).checked_at));
  figures.steady = {
    results_stored_per_s: Math.round(((maxId() - id0) / seconds) * 10) / 10,
    central_cpu_percent_of_one_core: cpu.percent(),
    probes_cpu_percent_of_one_core: probeCpu.map((c) => c.percent()),
    check_to_stream_ms: {
      events: latencies.length,
      p50: pct(latencies, 50),
      p95: pct(latencies, 95),
      p99: pct(latencies, 99),
      max: pct(latencies, 100),
    },
    monitors_by_status: statusCounts(db),
    load: load(),
  };
  log(JSON.stringify(figures.steady));

  // 4. The central instance down for the outage, then back.
  closers.pop()?.();
  log(`outage: kill -9 of the central instance for ${outageMs / 1000} s`);
  const incidents0 = (db.prepare('select count(*) as n from incidents').get() as { n: number }).n;
  const downAt = Date.now();
  await central.crash();
  await sleep(outageMs);
  await central.start();
  const upAt = Date.now();
  const after: StreamEvent[] = [];
  closers.push(await listen(central.base, central.bearer, (e) => after.push(e)));
  const made = outageHits(downAt, upAt);
  log(`back after ${upAt - downAt} ms; ${made.total} checks made meanwhile; waiting for them`);
  // A third of an interval: a stored result is matched to its own check, never a neighbour's.
  const tolerance = Math.min((intervalS * 1000) / 3, 10_000);
  const inWindow = db.prepare(
    'select id, monitor_id, location_id, checked_at from check_results where checked_at between ? and ?',
  );
  const judge = () =>
    judgeOutage(inWindow.all(downAt - tolerance, upAt + tolerance) as Row[], made.perMonitor, tolerance);
  let verdict = judge();
  let still = Date.now();
  const waitEnd = Date.now() + 10 * 60_000;
  while (verdict.arrived_afterwards < made.total && Date.now() < waitEnd && Date.now() - still < 30_000) {
    await sleep(1000);
    const next = judge();
    if (next.arrived_afterwards !== verdict.arrived_afterwards) still = Date.now();
    verdict = next;
  }
  const replayedAt = Date.now();
  // Anything stored twice or changing state shows within a few more seconds.
  await sleep(10_000);
  figures.outage = {
    outage_ms: upAt - downAt,
    checks_made_meanwhile: made.total,
    ...judge(),
    all_stored_ms_after_restart: verdict.arrived_afterwards === made.total ? replayedAt - upAt : null,
    status_changes_after_restart: after.filter((e) => e.event === 'monitor.status_changed').length,
    monitors_changed_state: new Set(
      after
        .filter((e) => e.event === 'monitor.status_changed')
        .map((e) => (JSON.parse(e.data) as { monitor_id: number }).monitor_id),
    ).size,
    incidents_opened:
      (db.prepare('select count(*) as n from incidents').get() as { n: number }).n - incidents0,
    monitors_by_status: statusCounts(db),
    probe_warnings: probes.map((p) => warnings(p.proc.output())),
    load: load(),
  };
  log(JSON.stringify(figures.outage));
  db.close();
} finally {
  for (const c of closers) c();
  await Promise.all(probes.map((p) => p.stop().catch(() => undefined)));
  await central.stop().catch(() => undefined);
  await target.close();
}
figures.load_at_end = load();
console.log(JSON.stringify(figures, null, 2));

interface Row {
  id: number;
  monitor_id: number;
  location_id: string | null;
  checked_at: number;
}

async function insertMonitors(): Promise<void> {
  const server = await createServer(readConfig({ DATA_DIR: dataDir, SECRET_KEY, LOG_LEVEL: 'warn' }), {
    startEngine: false,
  });
  const kdb = server.ctx.db;
  await insertHttpMonitors(kdb, {
    count: perProbe * LOCS.length,
    port: Number(new URL(target.url).port),
    intervalSeconds: intervalS,
    name: (i) => `m${i}`,
  });
  const rows = await kdb.selectFrom('monitors').select(['id', 'name']).execute();
  await kdb.transaction().execute(async (trx) => {
    for (const [i, l] of LOCS.entries()) {
      const ids = rows
        .filter((r) => {
          const n = Number(r.name.slice(1));
          return n >= i * perProbe && n < (i + 1) * perProbe;
        })
        .map((r) => r.id);
      for (let from = 0; from < ids.length; from += 500) {
        const part = ids.slice(from, from + 500);
        await trx
          .updateTable('monitors')
          .set({ location_ids: JSON.stringify([l.id]) })
          .where('id', 'in', part)
          .execute();
        await trx
          .insertInto('monitor_locations')
          .values(part.map((id) => ({ monitor_id: id, location_id: l.id })))
          .execute();
      }
    }
  });
  await server.close();
}

// The checks each probe made while the central instance was away: per monitor number, its
// location and request times (the target records each request's source address).
function outageHits(from: number, to: number) {
  const perMonitor = new Map<number, { location: string; hits: number[] }>();
  let total = 0;
  for (const [i, l] of LOCS.entries()) {
    for (let n = i * perProbe; n < (i + 1) * perProbe; n++) {
      const hits = target.hits(l.source, `/m/${n}`).filter((t) => t >= from && t <= to);
      perMonitor.set(n, { location: l.id, hits });
      total += hits.length;
    }
  }
  return { perMonitor, total };
}

function judgeOutage(
  rows: Row[],
  perMonitor: Map<number, { location: string; hits: number[] }>,
  tolerance: number,
) {
  if (!nameOf) {
    nameOf = new Map();
    const dbAll = new Database(join(dataDir, 'monitor.db'), { readonly: true });
    for (const r of dbAll.prepare('select id, name from monitors').all() as { id: number; name: string }[]) {
      nameOf.set(r.id, Number(r.name.slice(1)));
    }
    dbAll.close();
  }
  const byMonitor = new Map<number, StoredResult[]>();
  let wrongLocation = 0;
  for (const r of rows) {
    const n = nameOf.get(r.monitor_id);
    if (n === undefined) continue;
    if (r.location_id !== perMonitor.get(n)?.location) wrongLocation++;
    byMonitor.set(n, [...(byMonitor.get(n) ?? []), { id: r.id, checked_at: r.checked_at }]);
  }
  let arrived = 0;
  let missing = 0;
  let outOfOrder = 0;
  let twice = 0;
  const offsets: number[] = [];
  for (const [n, { hits }] of perMonitor) {
    const m = matchChecks(hits, byMonitor.get(n) ?? [], tolerance, (intervalS * 1000) / 2);
    arrived += m.matched;
    missing += m.missing;
    outOfOrder += m.outOfOrder;
    twice += m.twice;
    offsets.push(...m.offsets);
  }
  return {
    arrived_afterwards: arrived,
    missing,
    stored_out_of_order: outOfOrder,
    stored_twice: twice,
    results_from_another_location: wrongLocation,
    // Stored checked_at (skew-corrected) minus the check's request at the target.
    checked_at_offset_ms: {
      p50: pct(offsets, 50),
      p99: pct(offsets, 99),
      min: pct(offsets, 0),
      max: pct(offsets, 100),
    },
  };
}

// A probe's log lines at warn level or above, counted by message.
function warnings(output: string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const line of output.split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const entry = JSON.parse(line) as { level?: number; msg?: string };
      if ((entry.level ?? 0) >= 40) counts[entry.msg ?? '?'] = (counts[entry.msg ?? '?'] ?? 0) + 1;
    } catch {
      // not a log line
    }
  }
  return counts;
}

function statusCounts(db: Database.Database): Record<string, number> {
  const rows = db
    .prepare('select current_status as s, count(*) as n from monitors group by current_status')
    .all() as {
    s: string;
    n: number;
  }[];
  return Object.fromEntries(rows.map((r) => [r.s, r.n]));
}
