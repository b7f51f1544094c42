import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { type Harness, startHarness, waitFor } from '../engine/harness.js';
import { closedPort, type HttpTarget, startHttpTarget } from '../peers/index.js';
import { createMonitor, createPage, statusOf } from './page-fixture.js';

// Every status a monitor can have, reached the way the engine and the API reach it, and what a
// visitor reads for it in its row of the public page (HTML) and in the JSON twin.
const EXPECTED = [
  { name: 'Up svc', status: 'up', state: 'up', label: 'Operational' },
  { name: 'Slow svc', status: 'degraded', state: 'degraded', label: 'Degraded' },
  { name: 'Down svc', status: 'down', state: 'down', label: 'Down' },
  { name: 'Paused svc', status: 'paused', state: 'paused', label: 'Monitoring paused' },
  { name: 'Maint svc', status: 'maintenance', state: 'maintenance', label: 'Maintenance' },
  { name: 'Pending svc', status: 'pending', state: 'unknown', label: 'No data' },
] as const;

type Row = { name: string; state: string };
const rowsOf = (body: { sections: { monitors: Row[] }[] }) =>
  body.sections.flatMap((s) => s.monitors.map((m) => [m.name, m.state]));

/** Per monitor row of the page's HTML: its name, state class and label. */
const htmlRows = (html: string) =>
  [
    ...html.matchAll(
      /<span class="mon-name">([^<]+)<\/span><span class="mon-uptime"[^>]*>[^<]*<\/span><span class="state state-([a-z]+)">([^<]+)<\/span>/g,
    ),
  ].map((m) => [m[1], m[2], m[3]]);

for (const target of await testDatabases()) {
  describe(`public status page: each monitor status in its row on ${target.name}`, {
    skip: target.skip,
  }, () => {
    let h: Harness;
    let peer: HttpTarget;
    const ids = new Map<string, number>();

    before(async () => {
      h = await startHarness(target);
      peer = await startHttpTarget();
      const refused = await closedPort();
      const make = async (name: string, body: Record<string, unknown>) => {
        ids.set(name, await createMonitor(h, { name, ...body }));
      };
      await make('Up svc', { url: `${peer.origin}/ok` });
      await make('Slow svc', { url: `${peer.origin}/slow?delay=300`, degraded_response_ms: 100 });
      await make('Down svc', { url: `http://127.0.0.1:${refused}/` });
      await make('Paused svc', { url: `${peer.origin}/ok` });
      await make('Maint svc', { url: `${peer.origin}/ok` });
      await make('Pending svc', { monitor_type: 'heartbeat' });
      await waitFor('first checks', async () => {
        for (const name of ['Up svc', 'Paused svc', 'Maint svc']) {
          if ((await statusOf(h, ids.get(name)!)) !== 'up') return undefined;
        }
        return (await statusOf(h, ids.get('Slow svc')!)) === 'degraded' &&
          (await statusOf(h, ids.get('Down svc')!)) === 'down'
          ? true
          : undefined;
      });
      const pause = await h.call('POST', `/api/monitors/${ids.get('Paused svc')}/pause`);
      assert.equal(pause.statusCode, 200, pause.body);
      const window = await h.call('POST', '/api/maintenance', {
        name: 'works',
        starts_at: new Date(Date.now() - 60_000).toISOString(),
        ends_at: new Date(Date.now() + 3_600_000).toISOString(),
        monitor_ids: [ids.get('Maint svc')],
      });
      assert.equal(window.statusCode, 201, window.body);
      const now = await h.call('POST', `/api/monitors/${ids.get('Maint svc')}/check-now`);
      assert.equal(now.statusCode, 202, now.body);
      await waitFor('maintenance', async () =>
        (await statusOf(h, ids.get('Maint svc')!)) === 'maintenance' ? true : undefined,
      );
      for (const e of EXPECTED) assert.equal(await statusOf(h, ids.get(e.name)!), e.status, e.name);
      await createPage(h, {
        slug: 'states',
        sections: [{ name: 'All', monitor_ids: EXPECTED.map((e) => ids.get(e.name)!) }],
      });
      await createPage(h, { slug: 'slow', sections: [{ name: 'Web', monitor_ids: [ids.get('Slow svc')!] }] });
    });
    after(async () => {
      await h?.stop();
      await peer?.close();
    });

    test('up, degraded, down, paused, maintenance and pending each read as themselves, in HTML and JSON', async () => {
      const json = await h.call('GET', '/api/public/status-pages/states');
      assert.equal(json.statusCode, 200, json.body);
      assert.deepEqual(
        rowsOf(json.json()),
        EXPECTED.map((e) => [e.name, e.state]),
      );
      const page = await h.call('GET', '/status/states');
      assert.equal(page.statusCode, 200);
      assert.deepEqual(
        htmlRows(page.body),
        EXPECTED.map((e) => [e.name, e.state, e.label]),
      );
    });

    test('a degraded monitor reads "Degraded" in its row under the "Degraded performance" banner', async () => {
      const json = (await h.call('GET', '/api/public/status-pages/slow')).json();
      assert.equal(json.overall, 'degraded');
      assert.deepEqual(rowsOf(json), [['Slow svc', 'degraded']]);
      const page = (await h.call('GET', '/status/slow')).body;
      assert.match(page, /class="banner banner-degraded"[^>]*>[\s\S]*?Degraded performance/);
      assert.deepEqual(htmlRows(page), [['Slow svc', 'degraded', 'Degraded']]);
    });
  });
}
