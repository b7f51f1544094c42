// Event latency between metrics instances over the PostgreSQL relay: progress ticks published by
// "instance A" (this process, through the service's own InstanceRelay) and read by SSE clients of
// a real api-role process B. Prints p50/p99/max of publish → event received, at --rate events/s.
// Usage: node --import tsx bench/metrics-multi-instance/run.ts [--rate 300] [--seconds 30] [--runs 60]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger, openDatabase } from '@app/kit';
import { freePort, testPostgresUrl } from '@app/kit/testing';
import pg from 'pg';
import { AnalysisEvents } from '../../services/metrics/src/platform/events/analysis-events.js';
import { InstanceRelay } from '../../services/metrics/src/platform/events/instance-relay.js';
import { migrations } from '../../services/metrics/src/store/migrations/index.js';
import type { MetricsDB } from '../../services/metrics/src/store/schema.js';

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? def : Number(process.argv[i + 1]);
};
const RATE = arg('rate', 300);
const SECONDS = arg('seconds', 30);
const RUNS = arg('runs', 60);
const MAIN = new URL('../../services/metrics/src/main.ts', import.meta.url).pathname;

const schema = `bench_${process.pid}`;
const admin = new pg.Client({ connectionString: testPostgresUrl });
await admin.connect();
await admin.query(`create schema ${schema}`);
const u = new URL(testPostgresUrl);
u.searchParams.set('options', `-c search_path=${schema}`);
const databaseUrl = u.toString();
const dataDir = mkdtempSync(join(tmpdir(), 'bench-metrics-multi-'));

// Runs sitting in `analyzing`, held by a worker that does not exist (its lease far ahead).
const database = await openDatabase<MetricsDB>({ databaseUrl, sqliteFile: '', migrations });
const now = Date.now();
const ids: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const row = await database.db
    .insertInto('analyses')
    .values({
      repo_url: `https://github.com/bench/r${i}`,
      owner: 'bench',
      repo: `r${i}`,
      branch: null,
      ref: null,
      status: 'running',
      stage: 'analyzing',
      stage_times: JSON.stringify([
        { stage: 'pending', at: now },
        { stage: 'analyzing', at: now },
      ]),
      progress_done: 0,
      progress_total: 1_000_000,
      warnings: '[]',
      settings: '{}',
      created_at: now,
      started_at: now,
      lease_owner: 'bench-host|1|bench',
      lease_expires_at: now + 3_600_000,
      attempts: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  ids.push(row.id);
}

const port = await freePort();
const b = spawn(process.execPath, ['--import', 'tsx', MAIN, '--role', 'api'], {
  env: {
    ...process.env,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const url = `http://127.0.0.1:${port}`;
for (;;) {
  if ((await fetch(`${url}/readyz`).catch(() => null))?.status === 200) break;
  await new Promise((r) => setTimeout(r, 100));
}

// One SSE client per run on B; each progress event's `done` says which publish it was.
const sentAt = new Map<string, bigint>();
const latencies: number[] = [];
const aborts: AbortController[] = [];
await Promise.all(
  ids.map(async (id) => {
    const abort = new AbortController();
    aborts.push(abort);
    const res = await fetch(`${url}/api/analyses/${id}/stream`, { signal: abort.signal });
    const reader = res.body!.getReader();
    let buf = '';
    void (async () => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) return;
        buf += Buffer.from(value!).toString();
        let cut = buf.indexOf('\n\n');
        while (cut !== -1) {
          const block = buf.slice(0, cut);
          buf = buf.slice(cut + 2);
          cut = buf.indexOf('\n\n');
          if (!block.startsWith('event: progress')) continue;
          const data = JSON.parse(block.slice(block.indexOf('data: ') + 6)) as { done: number };
          const t0 = sentAt.get(`${id}:${data.done}`);
          if (t0 !== undefined) latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
        }
      }
    })();
  }),
);

const events = new AnalysisEvents();
const a = await InstanceRelay.start(databaseUrl, events, createLogger({ name: 'bench', level: 'warn' }));
const total = RATE * SECONDS;
const step = 1000 / RATE;
const start = performance.now();
for (let n = 1; n <= total; n++) {
  const wait = start + n * step - performance.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  const id = ids[n % RUNS]!;
  // What a worker relays (already throttled per run): one progress message.
  sentAt.set(`${id}:${n}`, process.hrtime.bigint());
  a.publish({ t: 'progress', id, done: n, total: 1_000_000 });
}
await new Promise((r) => setTimeout(r, 2000));

latencies.sort((x, y) => x - y);
const q = (p: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]!.toFixed(1);
console.log(
  JSON.stringify({
    rate: RATE,
    seconds: SECONDS,
    streams: RUNS,
    published: total,
    received: latencies.length,
    p50_ms: q(0.5),
    p99_ms: q(0.99),
    max_ms: latencies.at(-1)?.toFixed(1),
    loadavg: loadavg().map((l) => l.toFixed(2)),
  }),
);

for (const x of aborts) x.abort();
await a.close();
b.kill('SIGTERM');
await new Promise((r) => b.once('exit', r));
await database.close();
await admin.query(`drop schema ${schema} cascade`);
await admin.end();
rmSync(dataDir, { recursive: true, force: true });
