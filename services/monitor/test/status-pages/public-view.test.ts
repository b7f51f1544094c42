import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { DAY_MS, HOUR_MS } from '../../src/rollups/rollup-job.js';
import { buildPublicView } from '../../src/status-pages/public-view-builder.js';
import type { OpsServer, TestDb } from '../operations/ops-server.js';
import { acmeFixture, isoAt, NOW } from './public-view-fixture.js';

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
    before(async () => {
      ({ db, s } = await acmeFixture(target));
    });
    after(async () => {
      await s.close();
      await db.cleanup();
    });

    test('the view is built from roll-ups: per-day bars, window uptime, states and banner', async () => {
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
      assert.equal(byDate.get('2031-05-20')!.uptime_percent, 75); // today's finished hours
      assert.equal(byDate.get('2031-05-11')!.uptime_percent, null); // no data
      // 28 of 34 checks in the window; the checks 40 days ago are outside it.
      assert.equal(shopView.uptime_percent, 82.353);
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
