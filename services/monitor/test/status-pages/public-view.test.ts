import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { DAY_MS, HOUR_MS, rollUp } from '../../src/engine/rollups/rollup-job.js';
import type { PublicStatusPage } from '../../src/public-face/status-pages/public-view.js';
import { buildPublicView } from '../../src/public-face/status-pages/public-view-builder.js';
import { PublicViewCache } from '../../src/public-face/status-pages/public-view-cache.js';
import { MAX_RAW_MS } from '../../src/public-face/status-pages/uptime-bars.js';
import { checkResultsRepo } from '../../src/store/repos/check-results-repo.js';
import type { OpsServer, TestDb } from '../operations/ops-server.js';
import { acmeFixture, isoAt, NOW, raw, TODAY } from './public-view-fixture.js';

/** Every key anywhere in a JSON value. */
function keysOf(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keysOf(v, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      keysOf(v, out);
    }
  }
  return out;
}

const SECRETS = [
  // The hidden monitor: not on the page.
  'hidden-billing',
  'billing.internal.example',
  // What the page's own monitors must not reveal.
  'shop.internal.example',
  '10.77.0.5',
  'ECONNREFUSED',
  'root cause text',
];

for (const target of await testDatabases()) {
  describe(`public status view on ${target.name}`, { skip: target.skip }, () => {
    let db: TestDb;
    let s: OpsServer;
    let shop: number;
    before(async () => {
      ({ db, s, shop } = await acmeFixture(target));
    });
    after(async () => {
      await s.close();
      await db.cleanup();
    });

    test('the view is built from roll-ups and the hour in progress: per-day bars, window uptime, states and banner', async () => {
      const view = await buildPublicView(s.ctx.db, 'acme', NOW);
      assert.ok(view);
      assert.equal(view.title, 'Acme');
      assert.equal(view.description, 'All systems');
      assert.equal(view.footer, 'Acme Inc.');
      assert.equal(view.uptime_days, 30);
      assert.equal(view.updated_at, isoAt(NOW));
      assert.deepEqual(
        view.sections.map((sec) => [sec.name, sec.monitors.map((m) => [m.key, m.name, m.state])]),
        [
          ['Storefront', [['s0-m0', 'Shop', 'up']]],
          [
            'Backend',
            [
              ['s1-m0', 'API', 'down'],
              ['s1-m1', 'Shop', 'up'],
            ],
          ],
          ['Empty', []],
        ],
      );
      const shopView = view.sections[0]!.monitors[0]!;
      assert.equal(shopView.days.length, 30);
      assert.equal(shopView.days[0]!.date, '2031-04-21');
      assert.equal(shopView.days[29]!.date, '2031-05-20');
      const byDate = new Map(shopView.days.map((d) => [d.date, d]));
      assert.equal(byDate.get('2031-05-10')!.uptime_percent, 90); // a daily roll-up
      assert.equal(byDate.get('2031-05-18')!.uptime_percent, 100); // hourly roll-ups, day not rolled
      // Today: the finished hours (15 of 20) and the hour in progress (4 of 5).
      assert.equal(byDate.get('2031-05-20')!.uptime_percent, 76);
      assert.equal(byDate.get('2031-05-11')!.uptime_percent, null); // no data
      // 32 of 39 checks in the window; the checks 40 days ago are outside it.
      assert.equal(shopView.uptime_percent, 82.051);
      assert.deepEqual(
        shopView.days.filter((d) => d.maintenance).map((d) => d.date),
        ['2031-05-15'],
      );
      const apiView = view.sections[1]!.monitors[0]!;
      assert.equal(apiView.uptime_percent, 0);
      assert.equal(apiView.days.filter((d) => d.uptime_percent !== null).length, 1);
      assert.ok(apiView.days.every((d) => !d.maintenance));
      // One of two distinct monitors down: a partial outage.
      assert.equal(view.overall, 'partial_outage');
    });

    test('open and recent incidents with their updates, and the maintenance of the page', async () => {
      const view = (await buildPublicView(s.ctx.db, 'acme', NOW))!;
      assert.deepEqual(
        view.incidents.map((i) => ({ ...i, id: 0 })),
        [
          {
            id: 0,
            affected: ['API'],
            status: 'open',
            started_at: isoAt(NOW - 2 * HOUR_MS),
            resolved_at: null,
            updates: [
              { status: 'identified', message: 'Database failover', at: isoAt(NOW - 30 * 60_000) },
              { status: 'investigating', message: 'Looking into it', at: isoAt(NOW - 90 * 60_000) },
            ],
            postmortem: null,
          },
          {
            id: 0,
            affected: ['Shop'],
            status: 'resolved',
            started_at: isoAt(NOW - 2 * DAY_MS - HOUR_MS),
            resolved_at: isoAt(NOW - 2 * DAY_MS),
            updates: [],
            postmortem: 'Disk filled up.',
          },
        ],
      );
      assert.deepEqual(
        view.maintenance.map(({ key: _k, ...m }) => m),
        [
          {
            name: 'network works',
            starts_at: isoAt(NOW + 2 * DAY_MS),
            ends_at: isoAt(NOW + 2 * DAY_MS + HOUR_MS),
            active: false,
            affected: ['Shop', 'API'],
          },
        ],
      );
    });

    test('day bars the cache keeps past a roll-up run neither lose nor count twice the hour it rolled up', async () => {
      let clock = NOW;
      // Views rebuilt at every request; their roll-up part kept for a week.
      const cache = new PublicViewCache(s.ctx.db, s.ctx.bus, () => s.ctx.maintenance.list(), s.ctx.log, {
        ttlMs: 0,
        staleMs: 0,
        barsTtlMs: 7 * DAY_MS,
        now: () => clock,
      });
      const shopOf = async (view: PublicStatusPage | null) => view!.sections[0]!.monitors[0]!;
      try {
        assert.equal((await shopOf(await cache.get('acme'))).days.at(-1)!.uptime_percent, 76);
        // 11:10: the 10:00 hour is rolled up meanwhile, the one failure at 10:30:01 with it.
        clock = NOW + 40 * 60_000;
        while ((await rollUp(s.ctx.db, 'hour', clock)) > 0);
        const cached = await shopOf(await cache.get('acme'));
        assert.equal(cached.days.at(-1)!.uptime_percent, 73.077); // 19 of 26
        assert.deepEqual(cached, await shopOf(await buildPublicView(s.ctx.db, 'acme', clock)));
      } finally {
        cache.close();
      }
    });

    test('across midnight the raw results fill each day they fall on; behind a roll-up job lagging more than MAX_RAW_MS only its last hours count', async () => {
      // Hours rolled up until 23:00 (the 10:00 one with the failure at 10:30:01); then two
      // failures at 23:00 and three successes after midnight, not rolled up.
      while ((await rollUp(s.ctx.db, 'hour', TODAY + 23 * HOUR_MS + 2 * 60_000)) > 0);
      await checkResultsRepo.insertMany(s.ctx.db, [
        ...[0, 1].map((i) => raw(shop, TODAY + 23 * HOUR_MS + i * 1000, false)),
        ...[0, 1, 2].map((i) => raw(shop, TODAY + DAY_MS + 10 * 60_000 + i * 1000, true)),
      ]);
      const shopAt = async (at: number) => {
        const m = (await buildPublicView(s.ctx.db, 'acme', at))!.sections[0]!.monitors[0]!;
        const byDate = new Map(m.days.map((d) => [d.date, d.uptime_percent]));
        return [byDate.get('2031-05-20'), byDate.get('2031-05-21'), m.uptime_percent];
      };
      // 00:30: 19 of 26 rolled up and 0 of 2 raw on the 20th, 3 of 3 raw on the 21st; with
      // 9 of 10 and 4 of 4 before, 35 of 45 in the window.
      assert.deepEqual(await shopAt(TODAY + DAY_MS + 30 * 60_000), [67.857, 100, 77.778]);
      // 05:00 with the job still at 23:00: the raw results of the last three hours (none) only.
      assert.equal(MAX_RAW_MS, 3 * HOUR_MS);
      assert.deepEqual(await shopAt(TODAY + DAY_MS + 5 * HOUR_MS), [73.077, null, 80]);
    });

    test('PRIVACY: nothing of a monitor beyond its name and state, nothing of monitors not on the page', async () => {
      const view = await buildPublicView(s.ctx.db, 'acme', NOW);
      const res = await s.app.inject({ method: 'GET', url: '/api/public/status-pages/acme' });
      assert.equal(res.statusCode, 200);
      for (const text of [JSON.stringify(view), res.body]) {
        for (const secret of [...SECRETS, 'probe-header-value', 'user:pw', 'monitor_id']) {
          assert.ok(!text.includes(secret), `"${secret}" leaked: ${text.slice(0, 200)}`);
        }
      }
      const allowed = new Set([
        ...['slug', 'title', 'description', 'footer', 'uptime_days', 'overall', 'sections', 'incidents'],
        ...[
          'maintenance',
          'updated_at',
          'name',
          'monitors',
          'key',
          'state',
          'uptime_percent',
          'days',
          'date',
        ],
        ...[
          'id',
          'affected',
          'status',
          'started_at',
          'resolved_at',
          'updates',
          'message',
          'at',
          'postmortem',
        ],
        ...['starts_at', 'ends_at', 'active'],
      ]);
      for (const k of keysOf(res.json())) assert.ok(allowed.has(k), `unexpected key ${k}`);
      // The only ids are incidents' own: sections carry none.
      assert.ok(!/"id":\s*(\d+)/.test(JSON.stringify(res.json().sections)));
    });
  });
}
