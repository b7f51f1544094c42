import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { rollUp } from '../../src/engine/rollups/rollup-job.js';
import { BERLIN_FROM, BERLIN_TO, nearestRank, type ReportServer, startReportServer } from './fixture.js';
import { pdfPages, pdftotextMissing } from './pdf-text.js';

for (const target of await testDatabases()) {
  describe(`SLA report figures on ${target.name}`, { skip: target.skip }, () => {
    let s: ReportServer;
    before(async () => {
      s = await startReportServer(target);
    });
    after(() => s.stop());

    test('March 2026 in Europe/Berlin equals the hand computation', async () => {
      const res = await s.call(
        'GET',
        `/api/reports?scope=monitor&scope_id=${s.monitorId}&period=2026-03&timezone=Europe/Berlin`,
      );
      assert.equal(res.statusCode, 200, res.body);
      const r = res.json();
      assert.deepEqual(r.period, {
        label: '2026-03',
        from: '2026-02-28T23:00:00.000Z',
        to: '2026-03-31T22:00:00.000Z',
        timezone: 'Europe/Berlin',
      });
      assert.deepEqual(r.scope, { kind: 'monitor', id: s.monitorId, name: 'shop api' });
      assert.equal(r.sources.rollups_until, null, 'nothing rolled up: all raw');
      const m = r.monitors[0];
      // 743 hours of 5-minute checks: 8,916 local, 8,628 from eu (offline 288 checks' worth).
      // Maintenance 02:00–04:00 on the 15th: 24 checks at each location, the local ones down.
      // Down outside maintenance: the 6 local checks of 10:00–10:25 on the 10th. Degraded: 12.
      const { locations, incidents, response_time_ms, ...figures } = m;
      assert.deepEqual(figures, {
        id: s.monitorId,
        name: 'shop api',
        monitor_type: 'heartbeat',
        sla_target_percent: 99.95,
        sla_met: true,
        monitored_minutes: 44580,
        maintenance_minutes: 120,
        checks: 17544,
        maintenance_checks: 48,
        down_checks: 6,
        degraded_checks: 12,
        uptime_percent: 99.966, // 17,490 / 17,496
        uptime_with_maintenance_percent: 99.829, // 17,514 / 17,544
        degraded_percent: 0.069, // 12 / 17,496
        downtime_minutes: 15.25, // 6 / 17,496 × 44,460
        error_budget_minutes: 22.23, // 0.05 % of 44,460
        error_budget_left_minutes: 6.98,
        error_budget_left_percent: 31.41,
        mtta_seconds: 420, // the one acknowledged incident: 7 minutes
        mttr_seconds: 1350, // (30 + 15) / 2 minutes
      });
      assert.deepEqual(locations, [
        {
          id: 'eu',
          name: 'Frankfurt',
          checks: 8628,
          maintenance_checks: 24,
          down_checks: 0,
          degraded_checks: 0,
          uptime_percent: 100,
          uptime_with_maintenance_percent: 100,
          degraded_percent: 0,
        },
        {
          id: 'local',
          name: 'Local',
          checks: 8916,
          maintenance_checks: 24,
          down_checks: 6,
          degraded_checks: 12,
          uptime_percent: 99.933, // 8,886 / 8,892
          uptime_with_maintenance_percent: 99.664, // 8,886 / 8,916
          degraded_percent: 0.135,
        },
      ]);
      assert.deepEqual(
        incidents.map(
          (i: {
            started_at: string;
            duration_seconds: number;
            time_to_acknowledge_seconds: number | null;
          }) => [i.started_at, i.duration_seconds, i.time_to_acknowledge_seconds],
        ),
        [
          ['2026-03-10T10:00:00.000Z', 1800, 420],
          ['2026-03-25T08:00:00.000Z', 900, null],
        ],
      );
      // Nearest rank over every stored response time of the month (maintenance included): 8,628 at
      // 50 ms (eu), then the local ones at 100–190 ms and 12 at 900 ms; rank 8,757 of 17,514 is 100 ms.
      const all = s.latencies(BERLIN_FROM, BERLIN_TO);
      assert.deepEqual(response_time_ms, {
        p50: nearestRank(all, 50),
        p95: nearestRank(all, 95),
        p99: nearestRank(all, 99),
      });
      assert.deepEqual([response_time_ms.p50, response_time_ms.p95, response_time_ms.p99], [100, 190, 190]);
    });

    test('the same month in UTC takes other checks: the zone moves the boundaries', async () => {
      const r = (
        await s.call('GET', `/api/reports?scope=monitor&scope_id=${s.monitorId}&period=2026-03`)
      ).json();
      const local = r.monitors[0].locations.find((l: { id: string }) => l.id === 'local');
      // 8,916 minus the 12 of 28 Feb 23:00–23:55 UTC, plus the 2 down checks of 31 March 22:00 and 22:05.
      assert.equal(local.checks, 8906);
      assert.equal(local.down_checks, 8);
      assert.equal(r.monitors[0].monitored_minutes, 744 * 60);
    });

    test('maintenance included for comparison, a target override, and a scope of everything', async () => {
      const r = (
        await s.call('GET', '/api/reports?period=2026-03&timezone=Europe/Berlin&sla_target_percent=99.99')
      ).json();
      assert.deepEqual(
        r.monitors.map((m: { name: string; sla_target_percent: number; sla_met: boolean }) => [
          m.name,
          m.sla_target_percent,
          m.sla_met,
        ]),
        [
          ['blog', 99.99, false], // 9 / 10
          ['shop api', 99.99, false], // 99.966 < 99.99
        ],
      );
      assert.deepEqual(r.summary, {
        monitors: 2,
        checks: 17554,
        uptime_percent: 99.96, // (17,490 + 9) / (17,496 + 10)
        uptime_with_maintenance_percent: 99.823, // (17,514 + 9) / 17,554
        downtime_minutes: r.monitors[0].downtime_minutes + r.monitors[1].downtime_minutes,
        incidents: 2,
        mtta_seconds: 420,
        mttr_seconds: 1350,
        sla_met: 0,
        sla_missed: 2,
      });
      assert.equal(r.monitors[0].downtime_minutes, 4458); // 10 % of 44,580 minutes (no maintenance)
    });

    test('CSV: one row per monitor with the JSON figures', async () => {
      const res = await s.call('GET', '/api/reports/csv?period=2026-03&timezone=Europe/Berlin');
      assert.equal(res.statusCode, 200);
      assert.match(res.headers['content-type'] as string, /^text\/csv/);
      assert.equal(
        res.headers['content-disposition'],
        'attachment; filename="sla-report-all-monitors-2026-03.csv"',
      );
      const lines = res.body.trimEnd().split('\r\n');
      assert.equal(lines.length, 3);
      const head = lines[0]!.split(',');
      const shop = Object.fromEntries(lines[2]!.split(',').map((v, i) => [head[i], v]));
      assert.equal(shop.name, 'shop api');
      assert.equal(shop.uptime_percent, '99.966');
      assert.equal(shop.uptime_with_maintenance_percent, '99.829');
      assert.equal(shop.downtime_minutes, '15.25');
      assert.equal(shop.incidents, '2');
      assert.equal(shop.mtta_seconds, '420');
      assert.equal(shop.sla_met, 'true');
      assert.equal(shop.p95_ms, '190');
    });

    test('PDF: pages with the summary, the monitors, the incidents and the locations', async (t) => {
      const why = pdftotextMissing();
      if (why) return t.skip(why);
      const res = await s.call('GET', '/api/reports/pdf?period=2026-03&timezone=Europe/Berlin');
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['content-type'], 'application/pdf');
      const pages = pdfPages(res.rawPayload);
      assert.ok(pages.length >= 2, `${pages.length} pages`);
      assert.match(pages[0]!, /SLA report: All monitors/);
      assert.match(pages[0]!, /Uptime, maintenance excluded\s+99\.96 %/);
      assert.match(pages[0]!, /MTTA \/ MTTR\s+7 min \/ 22\.5 min/);
      const rest = pages.slice(1).join('\n');
      assert.match(rest, /shop api\s+99\.95 %\s+99\.966 %\s+99\.829 %\s+yes\s+15\.3/);
      assert.match(rest, /Incidents \(2\)/);
      assert.match(rest, /shop api\s+Frankfurt\s+8628\s+100 %/);
    });

    test('sla_target_percent is a monitor field: read back, refused out of range, the setting as fallback', async () => {
      assert.equal((await s.call('GET', `/api/monitors/${s.monitorId}`)).json().sla_target_percent, 99.95);
      const bad = await s.call('PATCH', `/api/monitors/${s.otherId}`, { sla_target_percent: 101 });
      assert.equal(bad.statusCode, 422);
      assert.equal(bad.json().errors[0].path, 'sla_target_percent');
      assert.equal((await s.call('GET', `/api/monitors/${s.otherId}`)).json().sla_target_percent, null);
      const put = await s.call('PUT', '/api/settings', { sla_target_percent: 85 });
      assert.equal(put.statusCode, 200, put.body);
      const r = (
        await s.call('GET', `/api/reports?scope=monitor&scope_id=${s.otherId}&period=2026-03`)
      ).json();
      assert.deepEqual([r.monitors[0].sla_target_percent, r.monitors[0].sla_met], [85, true]); // 90 % ≥ 85 %
      await s.call('PUT', '/api/settings', { sla_target_percent: 99.9 });
    });

    test('bad requests are 422 problems naming the field; an unknown scope is 404', async () => {
      const bad = await s.call('GET', '/api/reports?period=2026-13');
      assert.equal(bad.statusCode, 422);
      assert.equal(bad.json().errors[0].path, 'period');
      const zone = await s.call('GET', '/api/reports?period=2026-03&timezone=Mars/Olympus');
      assert.equal(zone.statusCode, 422);
      assert.equal(zone.json().errors[0].path, 'timezone');
      const missing = await s.call('GET', '/api/reports?period=2026-03&scope=group');
      assert.equal(missing.statusCode, 422);
      assert.equal(missing.json().errors[0].path, 'scope_id');
      const gone = await s.call('GET', '/api/reports?period=2026-03&scope=tag&scope_id=999');
      assert.equal(gone.statusCode, 404);
      assert.equal((await s.call('GET', '/api/reports?period=2026-03', undefined, null)).statusCode, 401);
    });

    test('a group and a tag scope their monitors', async () => {
      const g = (await s.call('POST', '/api/groups', { name: 'shop' })).json();
      await s.call('PATCH', `/api/monitors/${s.monitorId}`, { group_id: g.id });
      const byGroup = (
        await s.call('GET', `/api/reports?period=2026-03&scope=group&scope_id=${g.id}`)
      ).json();
      assert.deepEqual(
        byGroup.monitors.map((m: { id: number }) => m.id),
        [s.monitorId],
      );
      assert.equal(byGroup.scope.name, 'shop');
      const t = await s.call('POST', '/api/tags', { name: 'public', color: '#336699' });
      assert.equal(t.statusCode, 201, t.body);
      await s.server.ctx.db
        .insertInto('monitor_tags')
        .values({ monitor_id: s.otherId, tag_id: t.json().id, value: null })
        .execute();
      const byTag = (
        await s.call('GET', `/api/reports?period=2026-03&scope=tag&scope_id=${t.json().id}`)
      ).json();
      assert.deepEqual(
        byTag.monitors.map((m: { id: number }) => m.id),
        [s.otherId],
      );
    });

    test('from daily roll-ups the counts are the raw ones; maintenance is prorated by time', async () => {
      const now = Date.now();
      while ((await rollUp(s.server.ctx.db, 'day', now)) > 0) {}
      // 9–21 March UTC: whole days, the down stretch, the maintenance window and the degraded hour.
      const q = `scope=monitor&scope_id=${s.monitorId}&from=2026-03-09T00:00:00Z&to=2026-03-21T00:00:00Z`;
      const r = (await s.call('GET', `/api/reports?${q}`)).json();
      assert.equal(r.sources.rollups_until, '2026-03-21T00:00:00.000Z');
      const m = r.monitors[0];
      // 12 days × 288 checks × 2 locations; maintenance: 2 / 24 of the 15th's 576 checks = 48 (exact,
      // as checks are evenly spread), but its up checks are prorated too: 2/24 × 552 = 46 (raw: 24).
      assert.equal(m.checks, 6912);
      assert.equal(m.maintenance_checks, 48);
      assert.equal(m.uptime_with_maintenance_percent, Math.round(((100 * (6912 - 30)) / 6912) * 1000) / 1000);
      assert.equal(m.degraded_checks, 12);
      assert.equal(m.down_checks, 6912 - 48 - (6882 - 46));
      assert.deepEqual(m.locations, [], 'per location only from raw results');
      assert.ok(m.response_time_ms.p50 !== null && m.response_time_ms.p99 !== null);
    });
  });
}
