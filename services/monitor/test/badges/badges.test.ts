import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import type { LightMyRequestResponse } from 'fastify';
import { BADGE_COLOURS } from '../../src/public-face/badges/badge-render.js';
import { type Harness, startHarness, waitFor } from '../engine/harness.js';
import { closedPort, type HttpTarget, makeCert, startHttpTarget } from '../peers/index.js';
import { parseBadge } from './badge-svg.js';

const get = (h: Harness, url: string, headers: Record<string, string> = {}) =>
  h.server.app.inject({ method: 'GET', url, headers });

/** Puts monitors on a new status page straight into the store (pages are managed elsewhere). */
async function pageWith(h: Harness, slug: string, isPublic: boolean, monitorIds: number[]) {
  const db = h.server.ctx.db;
  const now = Date.now();
  const page = await db
    .insertInto('status_pages')
    .values({
      slug,
      title: slug,
      is_public: isPublic ? 1 : 0,
      uptime_days: 90,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const section = await db
    .insertInto('status_page_sections')
    .values({ page_id: page.id, position: 0, name: 'Services' })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [i, id] of monitorIds.entries()) {
    await db
      .insertInto('status_page_monitors')
      .values({ section_id: section.id, page_id: page.id, monitor_id: id, position: i })
      .execute();
  }
  return page.id;
}

// Everything about a response a caller could compare, but the date.
const visible = (res: LightMyRequestResponse) => {
  const { date: _date, ...headers } = res.headers;
  return { status: res.statusCode, headers, body: res.body };
};

for (const target of await testDatabases()) {
  describe(`badges on ${target.name}`, { skip: target.skip }, () => {
    let h: Harness;
    let web: HttpTarget;
    let tlsWeb: HttpTarget;
    const ids = {} as Record<'up' | 'down' | 'tls' | 'hidden' | 'onPrivate' | 'onPublic', number>;

    const create = async (body: Record<string, unknown>) => {
      const res = await h.call('POST', '/api/monitors', {
        check_interval_seconds: 60,
        retry_count: 0,
        ...body,
      });
      assert.equal(res.statusCode, 201, res.body);
      return res.json() as { id: number; badge_enabled: boolean };
    };
    const settled = (id: number, status: string) =>
      waitFor(`monitor ${id} ${status}`, async () => {
        const m = (await h.call('GET', `/api/monitors/${id}`)).json();
        return m.current_status === status ? m : undefined;
      });

    before(async () => {
      h = await startHarness(target);
      web = await startHttpTarget();
      tlsWeb = await startHttpTarget(await makeCert(5));
      const up = await create({ name: 'Web "front" <site>', url: `${web.origin}/ok`, badge_enabled: true });
      assert.equal(up.badge_enabled, true);
      ids.up = up.id;
      ids.down = (
        await create({
          name: 'gone',
          monitor_type: 'tcp',
          url: `127.0.0.1:${await closedPort()}`,
          badge_enabled: true,
        })
      ).id;
      ids.tls = (
        await create({
          name: 'cert',
          monitor_type: 'tls',
          url: `127.0.0.1:${tlsWeb.port}`,
          ignore_tls_errors: true,
          badge_enabled: true,
        })
      ).id;
      const hidden = await create({ name: 'hidden', url: `${web.origin}/ok` });
      assert.equal(hidden.badge_enabled, false, 'badges are off by default');
      ids.hidden = hidden.id;
      ids.onPrivate = (await create({ name: 'private page', url: `${web.origin}/ok` })).id;
      ids.onPublic = (await create({ name: 'public page', url: `${web.origin}/ok` })).id;
      await pageWith(h, 'internal', false, [ids.onPrivate, ids.hidden]);
      await pageWith(h, 'public', true, [ids.onPublic]);
      await Promise.all([settled(ids.up, 'up'), settled(ids.down, 'down'), settled(ids.tls, 'up')]);
    });
    after(async () => {
      await h?.stop();
      await web?.close();
      await tlsWeb?.close();
    });

    test('the status badge is an SVG that shows the state in its colour', async () => {
      const res = await get(h, `/api/badges/${ids.up}/status.svg`);
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.headers['content-type'], 'image/svg+xml; charset=utf-8');
      assert.deepEqual(parseBadge(res.body), {
        label: 'status',
        message: 'up',
        colour: BADGE_COLOURS.green,
        title: 'status: up',
      });
      const down = parseBadge((await get(h, `/api/badges/${ids.down}/status.svg`)).body);
      assert.equal(down.message, 'down');
      assert.equal(down.colour, BADGE_COLOURS.red);
      await h.call('POST', `/api/monitors/${ids.down}/pause`);
      const paused = parseBadge((await get(h, `/api/badges/${ids.down}/status.svg`)).body);
      assert.deepEqual([paused.message, paused.colour], ['paused', BADGE_COLOURS.grey]);
    });

    test('cache and embedding headers, with an ETag that answers 304', async () => {
      const res = await get(h, `/api/badges/${ids.up}/status.svg`);
      assert.equal(res.headers['cache-control'], 'public, max-age=60');
      assert.equal(res.headers['cross-origin-resource-policy'], 'cross-origin');
      assert.match(String(res.headers.etag), /^"[\w-]+"$/);
      const again = await get(h, `/api/badges/${ids.up}/status.svg`, {
        'if-none-match': String(res.headers.etag),
      });
      assert.equal(again.statusCode, 304);
      assert.equal(again.body, '');
      // Everything else keeps the strict same-origin policy.
      const other = await get(h, '/api/health');
      assert.equal(other.headers['cross-origin-resource-policy'], 'same-origin');
    });

    test('uptime over a window, response time and certificate days', async () => {
      const uptime = parseBadge((await get(h, `/api/badges/${ids.up}/uptime.svg?window=7d`)).body);
      assert.deepEqual(uptime, {
        label: 'uptime 7d',
        message: '100%',
        colour: BADGE_COLOURS.green,
        title: 'uptime 7d: 100%',
      });
      const down = parseBadge((await get(h, `/api/badges/${ids.down}/uptime.svg?window=90d`)).body);
      assert.deepEqual([down.label, down.message, down.colour], ['uptime 90d', '0%', BADGE_COLOURS.red]);
      const bad = await get(h, `/api/badges/${ids.up}/uptime.svg?window=1y`);
      assert.equal(bad.statusCode, 422);

      const rt = parseBadge((await get(h, `/api/badges/${ids.up}/response-time.svg`)).body);
      assert.equal(rt.label, 'response time');
      assert.match(rt.message, /^\d+ ms$/);

      const cert = parseBadge((await get(h, `/api/badges/${ids.tls}/certificate.svg`)).body);
      // Five days left is below the default warning threshold of 14.
      assert.deepEqual(
        [cert.label, cert.message, cert.colour],
        ['certificate', '5 days', BADGE_COLOURS.orange],
      );
      const none = parseBadge((await get(h, `/api/badges/${ids.up}/certificate.svg`)).body);
      assert.deepEqual([none.message, none.colour], ['n/a', BADGE_COLOURS.grey]);
    });

    test('label= renames the badge and is shown as text, escaped', async () => {
      const label = 'a<b> & "c"';
      const res = await get(h, `/api/badges/${ids.up}/status.svg?label=${encodeURIComponent(label)}`);
      assert.equal(res.statusCode, 200);
      assert.equal(parseBadge(res.body).label, label);
      assert.ok(!res.body.includes('<b>'), 'the label is escaped, not markup');
      const long = await get(h, `/api/badges/${ids.up}/status.svg?label=${'x'.repeat(41)}`);
      assert.equal(long.statusCode, 422);
    });

    test('missing, malformed, hidden and privately listed monitors get the same 404', async () => {
      const answers = await Promise.all(
        [ids.hidden, ids.onPrivate, 999999, 'abc', '0', '-1', `0${ids.up}`].map((id) =>
          get(h, `/api/badges/${id}/status.svg`),
        ),
      );
      const first = visible(answers[0]!);
      assert.equal(first.status, 404);
      assert.equal(first.headers['content-type'], 'application/problem+json; charset=utf-8');
      assert.equal(JSON.parse(first.body).code, 'not_found');
      assert.equal(first.headers['cache-control'], 'public, max-age=60');
      for (const res of answers) assert.deepEqual(visible(res), first);
      for (const kind of ['uptime', 'response-time', 'certificate']) {
        assert.deepEqual(visible(await get(h, `/api/badges/${ids.onPrivate}/${kind}.svg`)), first);
      }
    });

    test('a monitor on a public page has badges without opting in', async () => {
      const res = await get(h, `/api/badges/${ids.onPublic}/status.svg`);
      assert.equal(res.statusCode, 200, res.body);
      assert.ok(!res.body.includes('public page'), 'the badge does not carry the monitor name');
    });

    test('badge_enabled toggles the badges of a monitor on no public page', async () => {
      const on = await h.call('PATCH', `/api/monitors/${ids.hidden}`, { badge_enabled: true });
      assert.equal(on.statusCode, 200, on.body);
      assert.equal(on.json().badge_enabled, true);
      assert.equal((await get(h, `/api/badges/${ids.hidden}/status.svg`)).statusCode, 200);
      const off = await h.call('PATCH', `/api/monitors/${ids.hidden}`, { badge_enabled: false });
      assert.equal(off.json().badge_enabled, false);
      assert.equal((await get(h, `/api/badges/${ids.hidden}/status.svg`)).statusCode, 404);
      const bad = await h.call('PATCH', `/api/monitors/${ids.hidden}`, { badge_enabled: 'yes' });
      assert.equal(bad.statusCode, 422);
      assert.equal(bad.json().errors[0].path, 'badge_enabled');
    });

    test('badge_enabled travels in export and import', async () => {
      const doc = (await h.call('GET', '/api/export/monitors')).json();
      const exported = doc.monitors.find((m: { name: string }) => m.name === 'gone');
      assert.equal(exported.badge_enabled, true);
      assert.equal(doc.monitors.find((m: { name: string }) => m.name === 'hidden').badge_enabled, false);
      const res = await h.call('POST', '/api/import/monitors', [{ ...exported, name: 'gone (copy)' }]);
      assert.equal(res.statusCode, 200, res.body);
      const copy = (await h.call('GET', `/api/monitors/${res.json().ids[0]}`)).json();
      assert.equal(copy.badge_enabled, true);
      const bad = await h.call('POST', '/api/import/monitors', [
        { ...exported, name: 'x', badge_enabled: 1 },
      ]);
      assert.equal(bad.statusCode, 422);
      assert.equal(bad.json().errors[0].path, 'monitors.0.badge_enabled');
    });

    test('publishing a page through the API gives its monitors badges; unpublishing takes them away', async () => {
      const id = await create({ name: 'published later', url: `${web.origin}/ok` }).then((m) => m.id);
      const url = `/api/badges/${id}/status.svg`;
      const page = { slug: 'shop', title: 'Shop', sections: [{ name: 'All', monitor_ids: [id] }] };
      const made = await h.call('POST', '/api/status-pages', page);
      assert.equal(made.statusCode, 201, made.body);
      const hidden = visible(await get(h, '/api/badges/999999/status.svg'));
      assert.deepEqual(visible(await get(h, url)), hidden, 'a private page shows nothing');
      const pageId = made.json().id;
      assert.equal(
        (await h.call('PUT', `/api/status-pages/${pageId}`, { ...page, is_public: true })).statusCode,
        200,
      );
      assert.equal((await get(h, url)).statusCode, 200);
      assert.equal(
        (await h.call('PUT', `/api/status-pages/${pageId}`, { ...page, is_public: false })).statusCode,
        200,
      );
      assert.deepEqual(visible(await get(h, url)), hidden);
    });
  });
}
