import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { type Harness, startHarness, waitFor } from '../engine/harness.js';
import { HttpReceiver } from '../peers-providers/http-receiver.js';

/** A target whose answer the test flips between 200 and 500. */
async function flippableTarget(): Promise<{ url: string; status: number; close(): Promise<void> }> {
  const state = { status: 200 };
  const server: Server = createServer((_req, res) => {
    res.writeHead(state.status, { 'content-type': 'text/plain' });
    res.end(state.status === 200 ? 'ok' : 'broken');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/health`,
    get status() {
      return state.status;
    },
    set status(s: number) {
      state.status = s;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

for (const target of await testDatabases()) {
  describe(`alerts end to end on ${target.name}`, { skip: target.skip }, () => {
    let h: Harness;
    let site: Awaited<ReturnType<typeof flippableTarget>>;
    let hookA: HttpReceiver;
    let hookB: HttpReceiver;
    let id: number;
    before(async () => {
      h = await startHarness(target);
      site = await flippableTarget();
      hookA = await HttpReceiver.start();
      hookB = await HttpReceiver.start();
      const a = await h.call('POST', '/api/channels', {
        name: 'a',
        type: 'webhook',
        config: { url: `${hookA.url}/a` },
      });
      const b = await h.call('POST', '/api/channels', {
        name: 'b',
        type: 'webhook',
        config: { url: `${hookB.url}/b` },
      });
      const m = await h.call('POST', '/api/monitors', {
        name: 'site',
        url: site.url,
        check_interval_seconds: 1,
        timeout_seconds: 1,
        retry_count: 1,
        retry_interval_seconds: 1,
        channel_ids: [a.json().id, b.json().id],
      });
      assert.equal(m.statusCode, 201, m.body);
      assert.deepEqual(m.json().channel_ids, [a.json().id, b.json().id]);
      id = m.json().id;
      await waitFor('monitor up', async () =>
        (await h.call('GET', `/api/monitors/${id}`)).json().current_status === 'up' ? true : undefined,
      );
    });
    after(async () => {
      await h.stop();
      await site.close();
      await hookA.close();
      await hookB.close();
    });

    const status = async () => (await h.call('GET', `/api/monitors/${id}`)).json().current_status as string;
    const incidents = async () =>
      (await h.call('GET', `/api/incidents?monitor_id=${id}`)).json() as Array<{
        id: number;
        status: string;
      }>;

    test('a target flipped to 500 opens one incident and sends exactly one down alert per channel', async () => {
      site.status = 500;
      const [open] = await waitFor('incident', async () => {
        const list = await incidents();
        return list.length ? list : undefined;
      });
      assert.equal(open!.status, 'open');
      assert.equal(await status(), 'down');
      await waitFor('alerts', async () =>
        hookA.requests.length >= 1 && hookB.requests.length >= 1 ? true : undefined,
      );
      await settle(2500); // several more failed checks: still one alert each
      for (const rx of [hookA, hookB]) {
        const downs = rx.requests.map((r) => JSON.parse(r.body)).filter((b) => b.event === 'monitor.down');
        assert.equal(downs.length, 1);
        assert.equal(downs[0].incident.id, open!.id);
        assert.equal(downs[0].monitor.id, id);
      }
      assert.equal((await incidents()).length, 1);
    });

    test('acknowledging works, and recovery resolves with exactly one recovery alert per channel', async () => {
      const [open] = await incidents();
      const ack = await h.call('POST', `/api/incidents/${open!.id}/acknowledge`);
      assert.equal(ack.json().status, 'acknowledged');
      site.status = 200;
      await waitFor('resolved', async () =>
        (await incidents())[0]!.status === 'resolved' ? true : undefined,
      );
      await waitFor('recovery alerts', async () =>
        hookA.requests.length >= 2 && hookB.requests.length >= 2 ? true : undefined,
      );
      await settle(1500);
      for (const rx of [hookA, hookB]) {
        const bodies = rx.requests.map((r) => JSON.parse(r.body));
        assert.deepEqual(
          bodies.map((b) => b.event),
          ['monitor.down', 'monitor.up'],
        );
        assert.equal(bodies[1].incident.status, 'resolved');
      }
    });

    test('a maintenance window covering the monitor suppresses the incident and both alerts', async () => {
      const now = Date.now();
      const w = await h.call('POST', '/api/maintenance', {
        name: 'deploy',
        starts_at: new Date(now - 60_000).toISOString(),
        ends_at: new Date(now + 10 * 60_000).toISOString(),
        monitor_ids: [id],
      });
      assert.equal(w.statusCode, 201, w.body);
      await h.server.ctx.maintenance.reload();
      await waitFor('maintenance status', async () =>
        (await status()) === 'maintenance' ? true : undefined,
      );
      const before = [hookA.requests.length, hookB.requests.length];
      const resultsBefore = (await h.call('GET', `/api/check-results?monitor_id=${id}&limit=1000`)).json()
        .length;
      site.status = 500;
      await settle(3500);
      assert.equal(await status(), 'maintenance');
      assert.equal((await incidents()).filter((i) => i.status !== 'resolved').length, 0);
      assert.deepEqual([hookA.requests.length, hookB.requests.length], before);
      const results = (await h.call('GET', `/api/check-results?monitor_id=${id}&limit=1000`)).json();
      assert.ok(results.length > resultsBefore, 'results are still stored');
      assert.equal(results[0].status, 'down');
    });
  });
}
