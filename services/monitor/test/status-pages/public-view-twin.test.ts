import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { testDatabases } from '@app/kit/testing';
import { DAY_MS, HOUR_MS, markName } from '../../src/engine/rollups/rollup-job.js';
import { buildPublicView } from '../../src/public-face/status-pages/public-view-builder.js';
import { incidentsRepo } from '../../src/store/repos/incidents-repo.js';
import { monitorsRepo } from '../../src/store/repos/monitors-repo.js';
import { rollupsRepo } from '../../src/store/repos/rollups-repo.js';
import type { OpsServer, TestDb } from '../operations/ops-server.js';
import { acmeFixture, isoAt, NOW } from './public-view-fixture.js';

for (const target of await testDatabases()) {
  describe(`public status view: JSON twin and cache on ${target.name}`, { skip: target.skip }, () => {
    let db: TestDb;
    let s: OpsServer;
    let admin: string;
    let shop: number;
    let api: number;
    let hidden: number;
    let pageId: number;
    before(async () => {
      ({ db, s, admin, shop, api, hidden, pageId } = await acmeFixture(target));
    });
    after(async () => {
      await s.close();
      await db.cleanup();
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

      // From here the real clock runs: the roll-up watermarks (the fixture's are in 2031) are put
      // where the job would have left them this hour, so what follows is the hour in progress.
      const hourStart = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
      await rollupsRepo.setMark(s.ctx.db, markName('hour'), hourStart);
      await rollupsRepo.setMark(s.ctx.db, markName('day'), Math.floor(hourStart / DAY_MS) * DAY_MS);
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
      // Its first check shows at once in today's bar and its uptime (the hour in progress, read
      // from raw results), although the page's day bars were cached before it.
      const today = new Date().toISOString().slice(0, 10);
      const cronRow = (b: typeof up) => b.body.sections[1].monitors[2];
      assert.deepEqual(
        [cronRow(up).uptime_percent, cronRow(up).days.at(-1)],
        [100, { date: today, uptime_percent: 100, maintenance: false }],
      );
      const fail = await s.app.inject({ method: 'POST', url: `/api/heartbeat/${cron.heartbeat_token}/fail` });
      assert.equal(fail.statusCode, 200, fail.body);
      const down = await get();
      assert.equal(down.body.sections[1].monitors[2].state, 'down');
      assert.deepEqual([cronRow(down).uptime_percent, cronRow(down).days.at(-1).uptime_percent], [50, 50]);
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
      const { publicViewCache } = await import('../../src/public-face/status-pages/public-view-cache.js');
      const cache = publicViewCache(s.ctx);
      cache.invalidate('acme');
      const entries = await Promise.all(Array.from({ length: 25 }, () => cache.entry('acme')));
      assert.ok(entries[0]);
      assert.ok(entries.every((e) => e === entries[0]));
      assert.equal(await cache.entry('acme'), entries[0]);
    });

    test('a cached view expires when a maintenance window of its page starts, whatever the TTL', async () => {
      const { PublicViewCache } = await import('../../src/public-face/status-pages/public-view-cache.js');
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
