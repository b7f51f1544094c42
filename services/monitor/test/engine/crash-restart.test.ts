import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import {
  type CountingTarget,
  createMonitors,
  firstChecksAfter,
  type MonitorProcess,
  startCountingTarget,
  startMonitorProcess,
} from './crash-rig.js';

const MONITORS = 120;
const INTERVAL_MS = 4000;
/*
 * Every monitor must be checked within one interval of the restart becoming ready, plus this
 * margin: a check's own round trip on loopback (a few ms) and the scheduling lag of a busy 2-core
 * machine (p99 tens of ms, max ~200 ms measured in bench/monitor-capacity), with headroom. Before
 * the fix the first check came only after the 30 s lease expired, far beyond it.
 */
const MARGIN_MS = 1000;
/*
 * The engine starts two checks of one monitor at least half an interval apart; the target sees each
 * request some time after its start: on this loaded machine (load average 15–25 on 2 cores) up to
 * about a second. Spacing measured at the target is compared with this much slack.
 */
const JITTER_MS = 1000;

const since = (target: CountingTarget, i: number, from: number) =>
  (target.hits.get(i) ?? []).filter((t) => t >= from);

/**
 * After the restart `p` (spawned after the last kill, so every check from its spawn on is its own):
 * each monitor is checked by `p.readyAt + interval + margin`, none twice within half an interval
 * (no burst of overdue checks), and the overdue checks are spread, not all fired at once.
 */
async function assertCaughtUp(target: CountingTarget, p: MonitorProcess) {
  const deadline = p.readyAt + INTERVAL_MS + MARGIN_MS;
  await target
    .until(
      'every monitor checked after the restart',
      () => firstChecksAfter(target, MONITORS, p.spawnedAt).every((t) => t !== undefined),
      deadline - Date.now() + 5000,
    )
    .catch(() => {}); // the assertion below names the monitors that were late
  const late = firstChecksAfter(target, MONITORS, p.spawnedAt)
    .map((t, i) => ({ monitor: i, after_ready_ms: t === undefined ? null : t - p.readyAt }))
    .filter((m) => m.after_ready_ms === null || m.after_ready_ms > INTERVAL_MS + MARGIN_MS);
  assert.deepEqual(late, [], 'monitors not checked within one interval of the restart');

  // Each monitor's second check after the restart shows whether the first came in a burst.
  await target.until(
    'two checks of every monitor after the restart',
    () =>
      Array.from({ length: MONITORS }, (_, i) => i).every((i) => since(target, i, p.spawnedAt).length >= 2),
    2 * INTERVAL_MS + 5000,
  );
  const bursts: { monitor: number; apart_ms: number }[] = [];
  for (let i = 0; i < MONITORS; i++) {
    const times = since(target, i, p.spawnedAt);
    for (let j = 1; j < times.length; j++) {
      const apart = times[j]! - times[j - 1]!;
      if (apart < INTERVAL_MS / 2 - JITTER_MS) bursts.push({ monitor: i, apart_ms: apart });
    }
  }
  assert.deepEqual(bursts, [], 'monitors checked twice within half an interval after the restart');
  // No crowd: within any eighth of the interval, no more first checks after the restart than the
  // checks seen in the busiest eighth before the crash (or than twice an even spread), plus a
  // quarter of the monitors: a stall of the starting process on a busy machine may release a few
  // hundred ms of the spread together (an eighth was missed by 3 and 4 checks under a full CI run
  // on both databases). Before the fix the whole overdue lot went out within a few ms, which this
  // bound still refuses.
  const crowd = (times: number[]) =>
    Math.max(...times.map((t) => times.filter((u) => u >= t && u < t + INTERVAL_MS / 8).length));
  const lastBefore = Array.from({ length: MONITORS }, (_, i) =>
    (target.hits.get(i) ?? []).filter((t) => t < p.spawnedAt),
  )
    .map((times) => times.at(-1))
    .filter((t): t is number => t !== undefined);
  const before = crowd(lastBefore);
  const after = crowd(firstChecksAfter(target, MONITORS, p.spawnedAt) as number[]);
  assert.ok(
    after <= Math.max(before, MONITORS / 4) + MONITORS / 4,
    `${after} of ${MONITORS} first checks within an eighth of the interval (before the crash: ${before})`,
  );
}

for (const t of await testDatabases()) {
  describe(`kill -9 and restart (${t.name})`, { skip: t.skip }, () => {
    for (const kills of [1, 3]) {
      test(`${kills === 1 ? 'one crash' : 'three crashes a few seconds apart'}: every monitor checked within one interval of the restart`, async () => {
        const target = await startCountingTarget();
        const db = await t.create();
        let p: MonitorProcess | undefined;
        try {
          p = await startMonitorProcess(db);
          await createMonitors(p.base, target.origin, MONITORS, INTERVAL_MS / 1000);
          await target.until(
            'checks flowing',
            () => firstChecksAfter(target, MONITORS, p!.readyAt + INTERVAL_MS).every((x) => x !== undefined),
            30_000,
          );
          for (let k = 0; k < kills; k++) {
            await p.crash();
            p = await startMonitorProcess(db);
            if (k < kills - 1) {
              // A few checks of its own, then this one crashes too before its leases expire.
              const since = p.spawnedAt;
              await target.until(
                'checks after the restart',
                () => firstChecksAfter(target, MONITORS, since).filter((x) => x !== undefined).length >= 20,
                30_000,
              );
            }
          }
          await assertCaughtUp(target, p);
        } finally {
          await p?.proc.stop();
          await db.cleanup();
          await target.close();
        }
      });
    }
  });
}
