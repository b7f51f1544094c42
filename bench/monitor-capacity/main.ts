import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { bundle, nodeFlags } from '../../scripts/build-service.mjs';
import { type MemoryFigures, memoryColumns } from '../shared/memory-sampler.js';
import { runOne } from './run-one.js';

/** This benchmark (engine and all) as one plain JavaScript file, as `npm start` bundles the service. */
async function bundleBenchmark(): Promise<string> {
  const outdir = new URL('./dist/', import.meta.url).pathname;
  await bundle({ main: new URL(import.meta.url).pathname }, outdir);
  return `${outdir}main.js`;
}

/*
 * bench/monitor-capacity: N HTTP monitors against a loopback target; prints checks/s, scheduling
 * lag (actual start minus due time) p50/p99/max, CPU, peak RSS and V8 heap (used/reserved) and
 * database bytes per result. Each size runs in its own process so memory figures do not mix.
 */
const { values } = parseArgs({
  options: {
    monitors: { type: 'string', default: '1000,5000,10000' },
    interval: { type: 'string', default: '30' },
    duration: { type: 'string', default: '90' },
    warmup: { type: 'string', default: '10' },
    'database-url': { type: 'string' },
    single: { type: 'boolean', default: false },
    'heap-snapshot': { type: 'string' },
    'default-heap-growth': { type: 'boolean', default: false },
    'default-young-generation': { type: 'boolean', default: false },
    tsx: { type: 'boolean', default: false },
  },
});

const spec = {
  intervalSeconds: Number(values.interval),
  durationSeconds: Number(values.duration),
  warmupSeconds: Number(values.warmup),
  databaseUrl: values['database-url'],
  heapSnapshot: values['heap-snapshot'],
  defaultHeapGrowth: values['default-heap-growth'],
};

if (values.single) {
  const out = await runOne({ ...spec, monitors: Number(values.monitors) });
  process.stdout.write(`${JSON.stringify(out)}\n`);
  process.exit(0);
}

// Each size runs in a child measured on itself. By default the child is this benchmark bundled to
// plain JavaScript as `npm start` bundles the service (scripts/build-service.mjs): no tsx loader
// thread in the figures. --tsx measures the service from its TypeScript sources instead. Either
// runs with the Node options `npm start` gives the monitor (its young generation's size, which
// only a command-line option sets); --default-young-generation leaves V8's own, to compare.
const flags = values['default-young-generation'] ? [] : nodeFlags('monitor');
const child = values.tsx
  ? [...flags, '--import', 'tsx', new URL(import.meta.url).pathname]
  : [...flags, await bundleBenchmark()];
const rows: Record<string, unknown>[] = [];
for (const n of values.monitors.split(',').map(Number)) {
  const args = [...child, '--single', '--monitors', String(n)];
  for (const k of ['interval', 'duration', 'warmup'] as const) args.push(`--${k}`, String(values[k]));
  if (values['database-url']) args.push('--database-url', values['database-url']);
  if (values['default-heap-growth']) args.push('--default-heap-growth');
  if (values['heap-snapshot'])
    args.push('--heap-snapshot', values['heap-snapshot'].replace('.heapsnapshot', `-${n}.heapsnapshot`));
  process.stderr.write(`running ${n} monitors at ${spec.intervalSeconds} s for ${spec.durationSeconds} s…\n`);
  const res = spawnSync(process.execPath, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const line = res.stdout.trim().split('\n').at(-1) ?? '';
  const row = JSON.parse(line) as Record<string, unknown> & { lag_ms: Record<string, number> };
  rows.push(row);
  process.stdout.write(`${line}\n`);
}

console.log(
  '\nmonitors  checks/s (expected)  lag p50/p99/max ms  CPU %  bytes/result  down  peak RSS MB      heap used/total MB',
);
for (const r of rows as (Record<string, number> & { lag_ms: Record<string, number> } & MemoryFigures)[]) {
  console.log(
    `${String(r.monitors).padStart(8)}  ${`${r.checks_per_s} (${r.expected_checks_per_s})`.padEnd(20)}` +
      `${`${r.lag_ms.p50}/${r.lag_ms.p99}/${r.lag_ms.max}`.padEnd(20)}${String(r.cpu_percent_of_one_core).padEnd(7)}` +
      `${String(r.db_bytes_per_result).padEnd(14)}${String(r.down_results).padEnd(6)}${memoryColumns(r)}`,
  );
}
