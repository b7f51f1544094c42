import { parseArgs } from 'node:util';
import { testDatabases } from '@app/kit/testing';
import {
  createMonitors,
  firstChecksAfter,
  type MonitorProcess,
  maxGap,
  startCountingTarget,
  startMonitorProcess,
} from '../../services/monitor/test/engine/crash-rig.js';

/*
 * bench/monitor-crash-restart: N HTTP monitors in a real monitor process (production lease
 * timings), kill -9 and an immediate restart on the same database, once and three times a few
 * seconds apart. Prints, for the last restart: restart to ready, to the first check, to every
 * monitor checked; the longest time any monitor went unchecked across the crashes; and how close
 * the checks after the restart came (the shortest spacing of one monitor's checks, the busiest
 * eighth of an interval).
 */
const { values } = parseArgs({
  options: {
    monitors: { type: 'string', default: '300' },
    interval: { type: 'string', default: '5' },
    kills: { type: 'string', default: '1,3' },
    /** Seconds between a restart becoming ready and the next kill. */
    gap: { type: 'string', default: '3' },
    postgres: { type: 'boolean', default: false },
  },
});
const n = Number(values.monitors);
const intervalMs = Number(values.interval) * 1000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const target = (await testDatabases()).find((t) => t.name === (values.postgres ? 'postgres' : 'sqlite'))!;
if (target.skip) throw new Error(target.skip);

async function scenario(kills: number) {
  const counting = await startCountingTarget();
  const db = await target.create();
  let p: MonitorProcess = await startMonitorProcess(db);
  try {
    await createMonitors(p.base, counting.origin, n, intervalMs / 1000);
    // Steady state: every monitor checked twice, the second time on its regular cadence.
    const from = p.readyAt;
    await counting.until(
      'checks flowing',
      () =>
        Array.from({ length: n }, (_, i) => i).every(
          (i) => (counting.hits.get(i) ?? []).filter((t) => t > from).length >= 2,
        ),
      120_000,
    );
    const firstKill = Date.now();
    const ready: number[] = [];
    for (let k = 0; k < kills; k++) {
      await p.crash();
      p = await startMonitorProcess(db);
      ready.push(p.readyAt - p.spawnedAt);
      if (k < kills - 1) await sleep(Number(values.gap) * 1000);
    }
    const restart = p.spawnedAt;
    const lastBefore = Array.from({ length: n }, (_, i) =>
      (counting.hits.get(i) ?? []).filter((t) => t < restart).at(-1),
    ).filter((t): t is number => t !== undefined);
    await counting.until(
      'every monitor checked after the last restart',
      () => firstChecksAfter(counting, n, restart).every((t) => t !== undefined),
      120_000,
    );
    const firsts = firstChecksAfter(counting, n, restart) as number[];
    const allAt = Math.max(...firsts);
    // One more interval so that each monitor's second check after the restart is in.
    await sleep(intervalMs + 500);
    let minSpacing = Number.POSITIVE_INFINITY;
    for (let i = 0; i < n; i++) {
      const times = (counting.hits.get(i) ?? []).filter((t) => t >= restart);
      for (let j = 1; j < times.length; j++) minSpacing = Math.min(minSpacing, times[j]! - times[j - 1]!);
    }
    const busiest = (times: number[]) =>
      Math.max(...times.map((t) => times.filter((u) => u >= t && u < t + intervalMs / 8).length));
    return {
      kills,
      monitors: n,
      interval_s: intervalMs / 1000,
      restart_to_ready_ms: ready,
      ready_to_first_check_ms: Math.min(...firsts) - p.readyAt,
      ready_to_all_checked_ms: allAt - p.readyAt,
      restart_to_all_checked_ms: allAt - restart,
      max_gap_ms: maxGap(counting, n, firstKill - intervalMs, allAt),
      min_spacing_after_restart_ms: minSpacing,
      busiest_eighth_interval: busiest(firsts),
      busiest_eighth_before_kill: busiest(lastBefore),
      even_eighth: n / 8,
    };
  } finally {
    await p.proc.stop();
    await db.cleanup();
    await counting.close();
  }
}

const rows = [];
for (const kills of values.kills.split(',').map(Number)) {
  process.stderr.write(`${n} monitors at ${intervalMs / 1000} s on ${target.name}, ${kills} kill(s)…\n`);
  const row = await scenario(kills);
  rows.push(row);
  process.stdout.write(`${JSON.stringify(row)}\n`);
}
console.log(
  '\nkills  restart→ready ms  ready→first check  ready→all checked  max gap  min spacing after  busiest 1/8 interval (before kill, even)',
);
for (const r of rows) {
  console.log(
    `${String(r.kills).padStart(5)}  ${r.restart_to_ready_ms.join('/').padEnd(17)} ${String(r.ready_to_first_check_ms).padEnd(18)} ` +
      `${String(r.ready_to_all_checked_ms).padEnd(18)} ${String(r.max_gap_ms).padEnd(8)} ${String(r.min_spacing_after_restart_ms).padEnd(18)} ` +
      `${r.busiest_eighth_interval} (${r.busiest_eighth_before_kill}, ${r.even_eighth})`,
  );
}
