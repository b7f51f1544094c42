import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { testDatabases } from '@app/kit/testing';
import { DAY_MS, HOUR_MS, rollUp } from '../../src/rollups/rollup-job.js';
import { buildPublicView } from '../../src/status-pages/public-view-builder.js';
import { checkResultsRepo } from '../../src/store/repos/check-results-repo.js';
import { incidentsRepo } from '../../src/store/repos/incidents-repo.js';
import { monitorsRepo } from '../../src/store/repos/monitors-repo.js';
import { type OpsServer, roleTokens, startOn, type TestDb } from '../operations/ops-server.js';

// A fixed "now" (10:30 UTC) in the future, so the real clock's roll-up job never meets this data.
const NOW = Date.UTC(2031, 4, 20, 10, 30);
const TODAY = Math.floor(NOW / DAY_MS) * DAY_MS;
const isoAt = (ms: number) => new Date(ms).toISOString();

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
    let admin: string;
    let shop: number;
    let api: number;
    let hidden: number;
    let pageId: number;
    before(async () => {
      db = await target.create();
      s = await startOn(db);
      ({ admin } = await roleTokens(s, await s.token()));
      const create = async (payload: object) => {
        const res = await s.as(admin, { method: 'POST', url: '/api/monitors', payload });
        assert.equal(res.statusCode, 201, res.body);
        return res.json().id as number;
      };
      shop = await create({
        name: 'Shop',
        monitor_type: 'http_get',
        url: 'https://user:pw@shop.internal.example:8443/health?key=abc',
        headers: { 'X-Probe': 'probe-header-value' },
      });
      api = await create({ name: 'API', monitor_type: 'tcp', url: '10.77.0.5:5432' });
      hidden = await create({
        name: 'hidden-billing',
        monitor_type: 'http_get',
        url: 'https://billing.internal.example/',
      });
      const page = await s.as(admin, {
        method: 'POST',
        url: '/api/status-pages',
        payload: {
          slug: 'acme',
          title: 'Acme',
          description: 'All systems',
          footer: 'Acme Inc.',
          uptime_days: 30,
          is_public: true,
          sections: [
            { name: 'Storefront', monitor_ids: [shop] },
            { name: 'Backend', monitor_ids: [api, shop] },
            { name: 'Empty', monitor_ids: [] },
          ],
        },
      });
      assert.equal(page.statusCode, 201, page.body);
      pageId = page.json().id;

      const ctxDb = s.ctx.db;
      const rows = [];
      const result = (monitor_id: number, at: number, up: boolean) => ({
        monitor_id,
        checked_at: at,
        status: up ? 1 : 0,
        response_time_ms: up ? 20 : null,
        status_code: up ? 200 : null,
        error: up ? null : 'connect ECONNREFUSED 10.77.0.5:5432',
        tls_days_left: null,
      });
      // Shop: 10 days ago 9 of 10 up; 2 days ago 4 of 4; today (3 hours ago) 15 of 20; 40 days
      // ago (outside the 30-day window) 0 of 4.
      for (let i = 0; i < 10; i++)
        rows.push(result(shop, TODAY - 10 * DAY_MS + 3600_000 + i * 1000, i !== 0));
      for (let i = 0; i < 4; i++) rows.push(result(shop, TODAY - 2 * DAY_MS + 7200_000 + i * 1000, true));
      for (let i = 0; i < 20; i++) rows.push(result(shop, NOW - 3 * HOUR_MS + i * 1000, i >= 5));
      for (let i = 0; i < 4; i++) rows.push(result(shop, TODAY - 40 * DAY_MS + i * 1000, false));
      // API: a single day, all down. Hidden: plenty of data that must never show.
      for (let i = 0; i < 5; i++) rows.push(result(api, TODAY - 1 * DAY_MS + i * 1000, false));
      for (let i = 0; i < 5; i++) rows.push(result(hidden, TODAY - 1 * DAY_MS + i * 1000, true));
      await checkResultsRepo.insertMany(ctxDb, rows);
      // Days are rolled up until two days ago; the days since come from hourly buckets.
      while ((await rollUp(ctxDb, 'hour', NOW)) > 0);
      while ((await rollUp(ctxDb, 'day', TODAY - DAY_MS)) > 0);
      // What the engine would have written.
      await monitorsRepo.update(ctxDb, shop, { current_status: 'up', consecutive_failures: 0 });
      await monitorsRepo.update(ctxDb, api, { current_status: 'down', consecutive_failures: 3 });
      await monitorsRepo.update(ctxDb, hidden, { current_status: 'down', consecutive_failures: 3 });

      // Maintenance: Shop five days ago; everything in two days (upcoming); the hidden monitor now.
      const window = async (name: string, from: number, to: number, monitor_ids: number[]) => {
        const res = await s.as(admin, {
          method: 'POST',
          url: '/api/maintenance',
          payload: { name, starts_at: isoAt(from), ends_at: isoAt(to), monitor_ids },
        });
        assert.equal(res.statusCode, 201, res.body);
      };
      await window('shop upgrade', TODAY - 5 * DAY_MS + 10 * HOUR_MS, TODAY - 5 * DAY_MS + 12 * HOUR_MS, [
        shop,
      ]);
      await window('network works', NOW + 2 * DAY_MS, NOW + 2 * DAY_MS + HOUR_MS, []);
      await window('billing migration', NOW - HOUR_MS, NOW + HOUR_MS, [hidden]);
      await window('next month', NOW + 20 * DAY_MS, NOW + 21 * DAY_MS, [api]);

      // Incidents: API open with two updates; Shop resolved two days ago with a postmortem; Shop
      // resolved ten days ago (too old); the hidden monitor open.
      const incident = (
        monitor_id: number,
        started_at: number,
        resolved_at: number | null,
        postmortem: string | null,
      ) =>
        incidentsRepo.insert(ctxDb, {
          monitor_id,
          status: resolved_at === null ? 'open' : 'resolved',
          started_at,
          resolved_at,
          root_cause: 'root cause text: connect ECONNREFUSED 10.77.0.5',
          reminders_sent: 0,
          postmortem,
        });
      const open = await incident(api, NOW - 2 * HOUR_MS, null, null);
      await ctxDb
        .insertInto('incident_updates')
        .values([
          {
            incident_id: open.id,
            status: 'investigating',
            message: 'Looking into it',
            author_id: null,
            author_name: 'ops',
            created_at: NOW - 90 * 60_000,
          },
          {
            incident_id: open.id,
            status: 'identified',
            message: 'Database failover',
            author_id: null,
            author_name: 'ops',
            created_at: NOW - 30 * 60_000,
          },
        ])
        .execute();
      await incident(shop, NOW - 2 * DAY_MS - HOUR_MS, NOW - 2 * DAY_MS, 'Disk filled up.');
      await incident(shop, NOW - 10 * DAY_MS - HOUR_MS, NOW - 10 * DAY_MS, null);
      await incident(hidden, NOW - HOUR_MS, null, null);
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

    test('the JSON twin: CORS, cache headers, ETag and 304; 404 for unknown and private pages', async () => {
      const res = await s.app.inject({ method: 'GET', url: '/api/public/status-pages/acme' });
      assert.equal(res.statusCode, 200);
      assert.match(String(res.headers['content-type']), /^application\/json/);
      assert.equal(res.headers['access-control-allow-origin'], '*');
      assert.match(String(res.headers['cache-control']), /^public, max-age=\d+$/);
      const etag = String(res.headers.etag);
      assert.match(etag, /^W\/".+"$/);
      const again = await s.app.inject({
        method: 'GET',
        url: '/api/public/status-pages/acme',
        headers: { 'if-none-match': etag },
      });
      assert.equal(again.statusCode, 304);
      assert.equal(again.body, '');
      assert.equal(again.headers['content-length'], undefined);
      // Compressed for clients that take it; the same document.
      const zipped = await s.app.inject({
        method: 'GET',
        url: '/api/public/status-pages/acme',
        headers: { 'accept-encoding': 'br;q=1, gzip;q=0.8' },
      });
      assert.equal(zipped.statusCode, 200);
      assert.equal(zipped.headers['content-encoding'], 'gzip');
      assert.equal(zipped.headers.vary, 'Accept-Encoding');
      assert.deepEqual(JSON.parse(gunzipSync(zipped.rawPayload).toString()), res.json());
      assert.equal(again.headers.etag, etag);

      // A cross-origin poller that sends If-None-Match asks first.
      const preflight = await s.app.inject({ method: 'OPTIONS', url: '/api/public/status-pages/acme' });
      assert.equal(preflight.statusCode, 204);
      assert.equal(preflight.headers['access-control-allow-origin'], '*');
      assert.match(String(preflight.headers['access-control-allow-headers']), /If-None-Match/);
      const head = await s.app.inject({ method: 'HEAD', url: '/api/public/status-pages/acme' });
      assert.equal(head.statusCode, 200);
      assert.equal(head.body, '');

      for (const url of ['/api/public/status-pages/nope', '/api/public/status-pages/Bad%20Slug']) {
        const missing = await s.app.inject({ method: 'GET', url });
        assert.equal(missing.statusCode, 404, missing.body);
        assert.equal(missing.json().code, 'not_found');
        assert.equal(missing.headers['access-control-allow-origin'], '*');
      }
      const priv = await s.as(admin, {
        method: 'POST',
        url: '/api/status-pages',
        payload: { slug: 'internal', title: 'Internal', sections: [{ name: 'S', monitor_ids: [hidden] }] },
      });
      assert.equal(priv.statusCode, 201);
      const hiddenRes = await s.app.inject({ method: 'GET', url: '/api/public/status-pages/internal' });
      assert.equal(hiddenRes.statusCode, 404);
      assert.ok(!hiddenRes.body.includes('hidden-billing'));
      assert.equal(await buildPublicView(s.ctx.db, 'internal', NOW), null);
      assert.equal(await buildPublicView(s.ctx.db, 'nope', NOW), null);
    });

    test('the cache serves from memory until a status change on the bus, a page edit or maintenance reload', async () => {
      const get = async () => {
        const res = await s.app.inject({ method: 'GET', url: '/api/public/status-pages/acme' });
        assert.equal(res.statusCode, 200);
        return { body: res.json(), etag: String(res.headers.etag) };
      };
      const first = await get();
      // Changed behind the cache's back: still served from memory.
      await monitorsRepo.update(s.ctx.db, api, {
        name: 'API renamed',
        current_status: 'up',
        consecutive_failures: 0,
      });
      const cached = await get();
      assert.equal(cached.etag, first.etag);
      assert.equal(cached.body.sections[1].monitors[0].name, 'API');
      // An event about a monitor that is not on the page changes nothing.
      s.ctx.bus.publish('monitor.status_changed', { monitor_id: hidden, status: 'up', prev_status: 'down' });
      assert.equal((await get()).etag, first.etag);

      // A real status change through the heartbeat path: the monitor of the page goes down.
      const hb = await s.as(admin, {
        method: 'POST',
        url: '/api/monitors',
        payload: { name: 'Cron', monitor_type: 'heartbeat', retry_count: 0 },
      });
      const cron = hb.json();
      const put = await s.as(admin, {
        method: 'PUT',
        url: `/api/status-pages/${pageId}`,
        payload: {
          slug: 'acme',
          title: 'Acme edited',
          uptime_days: 30,
          is_public: true,
          sections: [
            { name: 'Storefront', monitor_ids: [shop] },
            { name: 'Backend', monitor_ids: [api, shop, cron.id] },
          ],
        },
      });
      assert.equal(put.statusCode, 200, put.body);
      // The page edit shows at once (and the rename with it, since the view was rebuilt).
      const edited = await get();
      assert.equal(edited.body.title, 'Acme edited');
      assert.equal(edited.body.sections[1].monitors[0].name, 'API renamed');
      assert.equal(edited.body.sections[1].monitors[2].state, 'unknown');

      const ping = await s.app.inject({ method: 'POST', url: `/api/heartbeat/${cron.heartbeat_token}` });
      assert.equal(ping.statusCode, 200, ping.body);
      const up = await get();
      assert.equal(up.body.sections[1].monitors[2].state, 'up');
      assert.equal(up.body.overall, 'operational');
      const fail = await s.app.inject({ method: 'POST', url: `/api/heartbeat/${cron.heartbeat_token}/fail` });
      assert.equal(fail.statusCode, 200, fail.body);
      const down = await get();
      assert.equal(down.body.sections[1].monitors[2].state, 'down');
      assert.equal(down.body.overall, 'partial_outage');
      assert.notEqual(down.etag, up.etag);

      // An incident event for a monitor of the page (as the engine publishes it with the
      // incident's API view) brings the incident in; one for another monitor does not.
      const before = (await get()).body.incidents.length;
      const opened = await incidentsRepo.insert(s.ctx.db, {
        monitor_id: cron.id,
        status: 'open',
        started_at: Date.now(),
        resolved_at: null,
        reminders_sent: 0,
      });
      s.ctx.bus.publish('incident.acknowledged', { id: 0, monitor_id: hidden });
      assert.equal((await get()).body.incidents.length, before, 'still the cached view');
      s.ctx.bus.publish('incident.opened', { id: opened.id, monitor_id: cron.id });
      const withIncident = (await get()).body;
      assert.equal(withIncident.incidents.length, before + 1);
      const cronIncident = withIncident.incidents.find((i: { id: number }) => i.id === opened.id);
      assert.deepEqual([cronIncident?.affected, cronIncident?.status], [['Cron'], 'open']);

      // A maintenance window created now covers the page: its reload drops the view.
      const w = await s.as(admin, {
        method: 'POST',
        url: '/api/maintenance',
        payload: {
          name: 'right now',
          starts_at: isoAt(Date.now() - 60_000),
          ends_at: isoAt(Date.now() + HOUR_MS),
          monitor_ids: [cron.id],
        },
      });
      assert.equal(w.statusCode, 201, w.body);
      const withWindow = await get();
      assert.deepEqual(
        withWindow.body.maintenance.map((m: { name: string; active: boolean }) => [m.name, m.active]),
        [['right now', true]],
      );
    });

    test('concurrent requests share one build', async () => {
      const { publicViewCache } = await import('../../src/status-pages/public-view-cache.js');
      const cache = publicViewCache(s.ctx);
      cache.invalidate('acme');
      const entries = await Promise.all(Array.from({ length: 25 }, () => cache.entry('acme')));
      assert.ok(entries[0]);
      assert.ok(entries.every((e) => e === entries[0]));
      assert.equal(await cache.entry('acme'), entries[0]);
    });

    test('a cached view expires when a maintenance window of its page starts, whatever the TTL', async () => {
      const { PublicViewCache } = await import('../../src/status-pages/public-view-cache.js');
      let clock = NOW;
      const cache = new PublicViewCache(s.ctx.db, s.ctx.bus, () => s.ctx.maintenance.list(), s.ctx.log, {
        ttlMs: 7 * DAY_MS,
        staleMs: 0,
        now: () => clock,
      });
      try {
        const before = await cache.entry('acme');
        const network = (e: typeof before) => e?.view.maintenance.find((m) => m.name === 'network works');
        assert.equal(network(before)?.active, false);
        clock = NOW + DAY_MS;
        assert.equal(await cache.entry('acme'), before, 'nothing changed yet: served from memory');
        clock = NOW + 2 * DAY_MS + 60_000;
        const during = await cache.entry('acme');
        assert.notEqual(during, before);
        assert.equal(network(during)?.active, true);
      } finally {
        cache.close();
      }
    });

    test('a deleted page is gone from the public side at once', async () => {
      assert.equal(
        (await s.app.inject({ method: 'GET', url: '/api/public/status-pages/acme' })).statusCode,
        200,
      );
      const del = await s.as(admin, { method: 'DELETE', url: `/api/status-pages/${pageId}` });
      assert.equal(del.statusCode, 204);
      assert.equal(
        (await s.app.inject({ method: 'GET', url: '/api/public/status-pages/acme' })).statusCode,
        404,
      );
    });
  });
}
