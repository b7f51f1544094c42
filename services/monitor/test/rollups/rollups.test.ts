import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { pruneOldData } from '../../src/engine/rollups/retention.js';
import { DAY_MS, HOUR_MS, rollUp } from '../../src/engine/rollups/rollup-job.js';
import { checkResultsRepo } from '../../src/store/repos/check-results-repo.js';
import { type Harness, startHarness } from '../engine/harness.js';

// Fixed "now": 10:30 UTC, so the current hour and day are partial.
const NOW = Date.UTC(2031, 4, 20, 10, 30);
const hourStart = (h: number) => Math.floor(NOW / HOUR_MS) * HOUR_MS - h * HOUR_MS;

for (const target of await testDatabases()) {
  describe(`roll-ups and retention on ${target.name}`, { skip: target.skip }, () => {
    let h: Harness;
    let id: number;
    before(async () => {
      h = await startHarness(target);
      // A heartbeat monitor with a day's interval: the engine writes nothing for it during the test.
      const m = await h.call('POST', '/api/monitors', {
        name: 'api',
        monitor_type: 'heartbeat',
        check_interval_seconds: 86400,
      });
      id = m.json().id;
      const rows = [];
      // Three hours ago: 20 checks, latencies 1..20 ms, the last two down (timeouts: no latency).
      for (let i = 0; i < 20; i++) {
        rows.push({
          monitor_id: id,
          checked_at: hourStart(3) + i * 60_000,
          status: i < 18 ? 1 : 0,
          response_time_ms: i < 18 ? i + 1 : null,
          status_code: i < 18 ? 200 : null,
          error: i < 18 ? null : 'timeout after 1000 ms',
          tls_days_left: null,
        });
      }
      // Ten days ago: 10 checks, all up at 100 ms. Forty days ago: 4 checks, 1 up.
      for (let i = 0; i < 10; i++) {
        rows.push({
          monitor_id: id,
          checked_at: NOW - 10 * DAY_MS + i * 1000,
          status: 1,
          response_time_ms: 100,
          status_code: 200,
          error: null,
          tls_days_left: null,
        });
      }
      for (let i = 0; i < 4; i++) {
        rows.push({
          monitor_id: id,
          checked_at: NOW - 40 * DAY_MS + i * 1000,
          status: i === 0 ? 1 : 0,
          response_time_ms: 50,
          status_code: 200,
          error: null,
          tls_days_left: null,
        });
      }
      // This hour (not complete yet): one up check.
      rows.push({
        monitor_id: id,
        checked_at: NOW - 60_000,
        status: 1,
        response_time_ms: 7,
        status_code: 200,
        error: null,
        tls_days_left: null,
      });
      await checkResultsRepo.insertMany(h.server.ctx.db, rows);
    });
    after(() => h.stop());

    test('before any roll-up, every window comes from raw results', async () => {
      const { uptimeOf } = await import('../../src/engine/rollups/uptime.js');
      const u = await uptimeOf(h.server.ctx.db, id, NOW);
      assert.deepEqual(
        [u['24h'].checks, u['7d'].checks, u['30d'].checks, u['365d'].checks],
        [21, 21, 31, 35],
      );
    });

    test('hourly buckets hold counts, mean and nearest-rank p95; reruns change nothing', async () => {
      const db = h.server.ctx.db;
      // Forty days of hours are worked off 48 buckets a run.
      for (let done = await rollUp(db, 'hour', NOW); done > 0; done = await rollUp(db, 'hour', NOW)) {
        assert.ok(done <= 48);
      }
      const hour = await db
        .selectFrom('check_rollups')
        .selectAll()
        .where('monitor_id', '=', id)
        .where('period', '=', 'hour')
        .where('bucket_start', '=', hourStart(3))
        .executeTakeFirstOrThrow();
      // 18 timed checks of 1..18 ms: mean 9.5, p95 = the ceil(0.95*18) = 18th smallest = 18; p50 the
      // 9th (9), p99 the 18th (18); none degraded (the monitor has no degraded_response_ms).
      assert.deepEqual(
        { ...hour, latency_avg: Number(hour.latency_avg) },
        {
          monitor_id: id,
          period: 'hour',
          bucket_start: hourStart(3),
          checks: 20,
          up_checks: 18,
          latency_count: 18,
          latency_avg: 9.5,
          latency_p95: 18,
          degraded_checks: 0,
          latency_p50: 9,
          latency_p99: 18,
        },
      );
      const partial = await db
        .selectFrom('check_rollups')
        .selectAll()
        .where('bucket_start', '=', hourStart(0))
        .execute();
      assert.deepEqual(partial, [], 'the current hour is not rolled up');
      assert.equal(await rollUp(db, 'hour', NOW), 0);
      while ((await rollUp(db, 'day', NOW)) > 0);
      const days = await db
        .selectFrom('check_rollups')
        .select(['checks', 'up_checks'])
        .where('period', '=', 'day')
        .orderBy('bucket_start')
        .execute();
      assert.deepEqual(days, [
        { checks: 4, up_checks: 1 },
        { checks: 10, up_checks: 10 },
      ]);
    });

    test('uptime windows combine roll-ups with the raw tail', async () => {
      const { uptimeOf } = await import('../../src/engine/rollups/uptime.js');
      const u = await uptimeOf(h.server.ctx.db, id, NOW);
      // 19 timed checks (1..18 and 7): mean 178/19, p95 the 19th smallest of 19.
      assert.deepEqual(u['24h'], {
        checks: 21,
        up_checks: 19,
        uptime_percent: 90.476,
        avg_response_time_ms: 9.4,
        p95_response_time_ms: 18,
      });
      assert.equal(u['7d'].checks, 21);
      assert.deepEqual([u['30d'].checks, u['30d'].up_checks], [31, 29]);
      assert.deepEqual([u['365d'].checks, u['365d'].up_checks], [35, 30]);
      assert.equal(u['365d'].uptime_percent, 85.714);
    });

    test('the API serves uptime and roll-up series; unknown monitors are 404', async () => {
      const res = await h.call('GET', `/api/monitors/${id}/uptime`, undefined, h.viewer);
      assert.equal(res.statusCode, 200);
      assert.deepEqual(Object.keys(res.json()).sort(), ['24h', '30d', '365d', '7d', 'monitor_id']);
      const series = await h.call(
        'GET',
        `/api/monitors/${id}/rollups?period=hour&from=${new Date(NOW - DAY_MS).toISOString()}&to=${new Date(NOW).toISOString()}`,
      );
      assert.equal(series.statusCode, 200);
      assert.deepEqual(series.json()[0], {
        at: new Date(hourStart(3)).toISOString(),
        checks: 20,
        up_checks: 18,
        avg_response_time_ms: 9.5,
        p95_response_time_ms: 18,
      });
      assert.equal((await h.call('GET', '/api/monitors/999999/uptime')).statusCode, 404);
      assert.equal((await h.call('GET', `/api/monitors/${id}/rollups?period=minute`)).statusCode, 422);
    });

    test('retention prunes old raw results but never what is not rolled up yet', async () => {
      const db = h.server.ctx.db;
      const count = async () =>
        (
          await db
            .selectFrom('check_results')
            .select((e) => e.fn.countAll().as('n'))
            .where('monitor_id', '=', id)
            .executeTakeFirstOrThrow()
        ).n;
      assert.equal(Number(await count()), 35);
      const deleted = await pruneOldData(db, 5, NOW);
      assert.equal(deleted, 14);
      assert.equal(Number(await count()), 21);
      // The roll-ups keep the history: 365-day uptime is unchanged.
      const { uptimeOf } = await import('../../src/engine/rollups/uptime.js');
      assert.deepEqual([(await uptimeOf(db, id, NOW))['365d'].checks], [35]);
      // With the hourly watermark held back, raw results after it survive any retention.
      await db
        .updateTable('job_state')
        .set({ done_until: hourStart(3) })
        .where('name', '=', 'rollup:hour')
        .execute();
      assert.equal(await pruneOldData(db, 1, NOW + 30 * DAY_MS), 0);
    });
  });
}
