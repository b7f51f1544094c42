import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { runOne } from './run-one.js';

/*
 * bench/monitor-capacity: N HTTP monitors against a loopback target; prints checks/s, scheduling
 * lag (actual start minus due time) p50/p99/max, CPU, peak RSS and database bytes per result.
 * Each size runs in its own process so RSS figures do not mix.
 */
const { values } = parseArgs({
  options: {
    monitors: { type: 'string', default: '1000,5000,10000' },
    interval: { type: 'string', default: '30' },
    duration: { type: 'string', default: '90' },
    warmup: { type: 'string', default: '10' },
    'database-url': { type: 'string' },
    single: { type: 'boolean', default: false },
  },
});

const spec = {
  intervalSeconds: Number(values.interval),
  durationSeconds: Number(values.duration),
  warmupSeconds: Number(values.warmup),
  databaseUrl: values['database-url'],
};

if (values.single) {
  const out = await runOne({ ...spec, monitors: Number(values.monitors) });
  process.stdout.write(`${JSON.stringify(out)}\n`);
  process.exit(0);
}

const rows: Record<string, unknown>[] = [];
for (const n of values.monitors.split(',').map(Number)) {
  const args = ['--import', 'tsx', new URL(import.meta.url).pathname, '--single', '--monitors', String(n)];
  for (const k of ['interval', 'duration', 'warmup'] as const) args.push(`--${k}`, String(values[k]));
  if (values['database-url']) args.push('--database-url', values['database-url']);
  process.stderr.write(`running ${n} monitors at ${spec.intervalSeconds} s for ${spec.durationSeconds} s…\n`);
  const res = spawnSync(process.execPath, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const line = res.stdout.trim().split('\n').at(-1) ?? '';
  const row = JSON.parse(line) as Record<string, unknown> & { lag_ms: Record<string, number> };
  rows.push(row);
  process.stdout.write(`${line}\n`);
}

console.log('\nmonitors  checks/s (expected)  lag p50/p99/max ms  CPU %  peak RSS MB  bytes/result  down');
for (const r of rows as (Record<string, number> & { lag_ms: Record<string, number> })[]) {
  console.log(
    `${String(r.monitors).padStart(8)}  ${`${r.checks_per_s} (${r.expected_checks_per_s})`.padEnd(20)}` +
      `${`${r.lag_ms.p50}/${r.lag_ms.p99}/${r.lag_ms.max}`.padEnd(20)}${String(r.cpu_percent_of_one_core).padEnd(7)}` +
      `${String(r.peak_rss_mb).padEnd(13)}${String(r.db_bytes_per_result).padEnd(14)}${r.down_results}`,
  );
}
