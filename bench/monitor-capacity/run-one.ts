import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { readConfig } from '../../services/monitor/src/config.js';
import { createServer } from '../../services/monitor/src/server.js';
import { quantile } from './stats.js';

/** One benchmark run: N HTTP monitors against a loopback target; prints one JSON line of figures. */
export interface RunSpec {
  monitors: number;
  intervalSeconds: number;
  durationSeconds: number;
  warmupSeconds: number;
  databaseUrl: string | undefined;
}

async function startTarget(): Promise<{ port: number; stop(): void }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', new URL('./target.ts', import.meta.url).pathname],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.once('data', (d: Buffer) => resolve(Number(d.toString().trim())));
    child.once('exit', (code) => reject(new Error(`target exited ${code}`)));
  });
  return { port, stop: () => child.kill('SIGTERM') };
}

export async function runOne(spec: RunSpec) {
  const target = await startTarget();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-capacity-'));
  const lags: number[] = [];
  let measuring = false;
  const server = await createServer(
    readConfig({
      DATA_DIR: dataDir,
      ...(spec.databaseUrl ? { DATABASE_URL: spec.databaseUrl } : {}),
      SECRET_KEY: 'bench-secret-key-bench-secret-key-0123456789',
      ADMIN_USERNAME: 'bench',
      ADMIN_PASSWORD: 'bench-password-1',
      LOG_LEVEL: 'warn',
    }),
    {
      startEngine: false,
      engine: {
        onCheckStarted: (lag) => {
          if (measuring) lags.push(lag);
        },
      },
    },
  );
  const { db, engine } = server.ctx;
  const now = Date.now();
  const rows = Array.from({ length: spec.monitors }, (_, i) => ({
    name: `bench ${i}`,
    monitor_type: 'http_get',
    url: `http://127.0.0.1:${target.port}/m/${i}`,
    check_interval_seconds: spec.intervalSeconds,
    timeout_seconds: Math.min(10, spec.intervalSeconds),
    retry_count: 0,
    retry_interval_seconds: Math.min(20, spec.intervalSeconds),
    expected_status_codes: '2xx',
    max_redirects: 10,
    ignore_tls_errors: 0,
    dns_record_type: 'A',
    tls_warn_days: 14,
    heartbeat_grace_seconds: 60,
    paused: 0,
    current_status: 'pending' as const,
    consecutive_failures: 0,
    created_at: now,
    updated_at: now,
  }));
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 500)
      await trx
        .insertInto('monitors')
        .values(rows.slice(i, i + 500))
        .execute();
  });

  await engine.start();
  await new Promise((r) => setTimeout(r, spec.warmupSeconds * 1000));
  measuring = true;
  let peakRss = process.memoryUsage().rss;
  const rssTimer = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 250);
  const stored0 = engine.writer.stored;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, spec.durationSeconds * 1000));
  const wall = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  measuring = false;
  clearInterval(rssTimer);
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
    peak_rss_mb: Math.round(peakRss / 1024 / 1024),
    down_results: Number(counts.down),
    stored_results: Number(counts.n),
    db_bytes_per_result: Math.round((bytesPerResult ?? 0) * 10) / 10,
  };
}
