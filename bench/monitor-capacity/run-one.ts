import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { sql } from 'kysely';
import { limitHeapGrowth } from '../../services/monitor/src/heap-growth.js';
import { heapSnapshotTo, sampleMemory } from '../shared/memory-sampler.js';
import { benchServer, insertHttpMonitors } from '../shared/monitor-bench.js';
import { quantile } from './stats.js';

// The loopback target, found from this file or from its bundle in dist/ (see main.ts).
const TARGET = new URL(import.meta.url.includes('/dist/') ? '../target.ts' : './target.ts', import.meta.url)
  .pathname;

/** One benchmark run: N HTTP monitors against a loopback target; prints one JSON line of figures. */
export interface RunSpec {
  monitors: number;
  intervalSeconds: number;
  durationSeconds: number;
  warmupSeconds: number;
  databaseUrl: string | undefined;
  /** Where to write a V8 heap snapshot at the end of the measured window (none: no snapshot). */
  heapSnapshot?: string | undefined;
  /** V8's own heap growth instead of the service's (to compare). */
  defaultHeapGrowth?: boolean;
}

async function startTarget(): Promise<{ port: number; stop(): void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', TARGET], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.once('data', (d: Buffer) => resolve(Number(d.toString().trim())));
    child.once('exit', (code) => reject(new Error(`target exited ${code}`)));
  });
  return { port, stop: () => child.kill('SIGTERM') };
}

export async function runOne(spec: RunSpec) {
  // The heap grows as the service's entry point lets it (issue 29), unless asked to compare.
  if (!spec.defaultHeapGrowth) limitHeapGrowth();
  const target = await startTarget();
  const lags: number[] = [];
  let measuring = false;
  const { server, dataDir } = await benchServer('bench-capacity', spec.databaseUrl, {
    engine: {
      onCheckStarted: (lag) => {
        if (measuring) lags.push(lag);
      },
    },
  });
  const { db, engine } = server.ctx;
  await insertHttpMonitors(db, {
    count: spec.monitors,
    port: target.port,
    intervalSeconds: spec.intervalSeconds,
    name: (i) => `bench ${i}`,
  });

  // Memory is sampled from the engine's start: its first interval (every monitor new) counts too.
  const memory = sampleMemory();
  await engine.start();
  await new Promise((r) => setTimeout(r, spec.warmupSeconds * 1000));
  measuring = true;
  const stored0 = engine.writer.stored;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, spec.durationSeconds * 1000));
  const wall = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  measuring = false;
  const mem = memory.stop();
  const snapshot = heapSnapshotTo(spec.heapSnapshot);
  const stored = engine.writer.stored - stored0;
  await engine.stop();

  const counts = await db
    .selectFrom('check_results')
    .select([
      (e) => e.fn.countAll<number>().as('n'),
      sql<number>`sum(case when status = 0 then 1 else 0 end)`.as('down'),
    ])
    .executeTakeFirstOrThrow();
  let bytesPerResult: number | null = null;
  if (server.ctx.dialect === 'sqlite') {
    const size = await sql<{
      bytes: number;
    }>`select sum(pgsize) as bytes from dbstat where name in ('check_results', 'check_results_monitor_time', 'check_results_time')`.execute(
      db,
    );
    bytesPerResult = Number(size.rows[0]?.bytes ?? 0) / Number(counts.n);
  } else {
    const size = await sql<{
      bytes: number;
    }>`select pg_total_relation_size('check_results') as bytes`.execute(db);
    bytesPerResult = Number(size.rows[0]?.bytes ?? 0) / Number(counts.n);
  }
  await server.close();
  target.stop();
  rmSync(dataDir, { recursive: true, force: true });
  return {
    monitors: spec.monitors,
    interval_s: spec.intervalSeconds,
    database: server.ctx.dialect,
    // The V8 options this child ran with (the young generation's size among them).
    node_options: process.execArgv.join(' '),
    window_s: Math.round(wall),
    expected_checks_per_s: Math.round((spec.monitors / spec.intervalSeconds) * 10) / 10,
    checks_per_s: Math.round((stored / wall) * 10) / 10,
    lag_ms: {
      p50: quantile(lags, 0.5),
      p99: quantile(lags, 0.99),
      max: lags.length ? Math.max(...lags) : Number.NaN,
      samples: lags.length,
    },
    cpu_percent_of_one_core: Math.round(((cpu.user + cpu.system) / 1e6 / wall) * 1000) / 10,
    ...mem,
    heap_snapshot: snapshot,
    down_results: Number(counts.down),
    stored_results: Number(counts.n),
    db_bytes_per_result: Math.round((bytesPerResult ?? 0) * 10) / 10,
  };
}
