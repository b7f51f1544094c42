import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { testDatabases } from '@app/kit/testing';
import { type Harness, resultsOf, startHarness, waitFor } from '../engine/harness.js';
import { startTestServer } from '../helpers/test-server.js';
import { closedPort, type HttpTarget, makeCert, startHttpTarget } from '../peers/index.js';
import { parseScrape } from './exposition.js';

const TRICKY_NAME = 'Shop "EU" \\ main\nsecond line';

for (const target of await testDatabases()) {
  describe(`GET /metrics on ${target.name}`, { skip: target.skip }, () => {
    let h: Harness;
    let web: HttpTarget;
    let tlsWeb: HttpTarget;
    let apiKey: string;
    const ids = {} as Record<'up' | 'down' | 'tls' | 'paused' | 'quiet', number>;

    const create = async (body: Record<string, unknown>) => {
      const res = await h.call('POST', '/api/monitors', {
        check_interval_seconds: 60,
        retry_count: 0,
        ...body,
      });
      assert.equal(res.statusCode, 201, res.body);
      return res.json().id as number;
    };
    const scrape = async () => {
      const res = await h.server.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${apiKey}` },
      });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.headers['content-type'], 'text/plain; version=0.0.4; charset=utf-8');
      return parseScrape(res.body);
    };

    before(async () => {
      h = await startHarness(target);
      web = await startHttpTarget();
      tlsWeb = await startHttpTarget(await makeCert(5));
      const key = await h.call('POST', '/api/api-keys', { name: 'prometheus' });
      assert.equal(key.statusCode, 201, key.body);
      apiKey = key.json().raw_key;
      ids.up = await create({ name: 'shop', url: `${web.origin}/ok?delay=20` });
      ids.down = await create({ name: 'db', monitor_type: 'tcp', url: `127.0.0.1:${await closedPort()}` });
      ids.tls = await create({
        name: 'cert',
        monitor_type: 'tls',
        url: `127.0.0.1:${tlsWeb.port}`,
        ignore_tls_errors: true,
      });
      ids.paused = await create({ name: 'later', url: `${web.origin}/ok` });
      await h.call('POST', `/api/monitors/${ids.paused}/pause`);
      ids.quiet = await create({
        name: 'nightly job',
        monitor_type: 'heartbeat',
        check_interval_seconds: 3600,
      });
      // Control characters cannot come through the API; a name from an older import can hold them.
      await h.server.ctx.db
        .updateTable('monitors')
        .set({ name: TRICKY_NAME })
        .where('id', '=', ids.up)
        .execute();
      for (const [id, status] of [
        [ids.up, 'up'],
        [ids.down, 'down'],
        [ids.tls, 'up'],
      ] as const) {
        await waitFor(`monitor ${id} ${status}`, async () => {
          const m = (await h.call('GET', `/api/monitors/${id}`)).json();
          return m.current_status === status ? m : undefined;
        });
      }
    });
    after(async () => {
      await h?.stop();
      await web?.close();
      await tlsWeb?.close();
    });

    test('without credentials: 401 with a Bearer challenge', async () => {
      const res = await h.server.app.inject({ method: 'GET', url: '/metrics' });
      assert.equal(res.statusCode, 401);
      assert.equal(res.headers['content-type'], 'application/problem+json; charset=utf-8');
      assert.match(String(res.headers['www-authenticate']), /^Bearer/);
      assert.equal(res.json().status, 401);
      const bad = await h.server.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: 'Bearer mon_not-a-key' },
      });
      assert.equal(bad.statusCode, 401);
    });

    test('per-monitor series after real checks, labelled id, name and type', async () => {
      const m = await scrape();
      const up = { id: String(ids.up) };
      const down = { id: String(ids.down) };
      assert.deepEqual(m.samples('monitor_up', up)[0]!.labels, {
        id: String(ids.up),
        name: TRICKY_NAME,
        type: 'http_get',
      });
      assert.equal(m.value('monitor_up', up), 1);
      assert.equal(m.value('monitor_up', down), 0);
      assert.equal(m.families.get('monitor_status')!.type, 'GAUGE');
      const states = Object.fromEntries(
        m.samples('monitor_status', down).map((s) => [s.labels!.state, Number(s.value)]),
      );
      assert.deepEqual(states, { up: 0, degraded: 0, down: 1, maintenance: 0, paused: 0, pending: 0 });
      assert.equal(m.value('monitor_status', { id: String(ids.paused), state: 'paused' }), 1);

      const api = (await h.call('GET', `/api/monitors/${ids.up}`)).json();
      assert.equal(m.value('monitor_response_time_ms', up), api.last_response_time_ms);
      // The heartbeat monitor has had no ping and no check yet: no response time, no counters.
      const quiet = { id: String(ids.quiet) };
      assert.equal(m.value('monitor_status', { ...quiet, state: 'pending' }), 1);
      assert.equal(m.value('monitor_response_time_ms', quiet), undefined);
      assert.equal(m.families.get('monitor_checks_total')!.type, 'COUNTER');
      const stored = await resultsOf(h, ids.up);
      assert.equal(m.value('monitor_checks_total', { ...up, status: 'up' }), stored.length);
      assert.equal(m.value('monitor_checks_total', { ...up, status: 'down' }), 0);
      assert.equal(
        m.value('monitor_checks_total', { ...down, status: 'down' }),
        (await resultsOf(h, ids.down)).length,
      );
      assert.equal(m.samples('monitor_checks_total', quiet).length, 0);

      assert.equal(m.value('monitor_tls_days_left', { id: String(ids.tls), type: 'tls' }), 5);
      assert.equal(m.value('monitor_tls_days_left', up), undefined, 'plain http reads no certificate');
    });

    test('the service’s own metrics and the process defaults', async () => {
      const m = await scrape();
      const lag = m.samples('monitor_engine_scheduling_lag_seconds')[0]!;
      assert.equal(m.families.get('monitor_engine_scheduling_lag_seconds')!.type, 'HISTOGRAM');
      assert.ok(Number(lag.count) >= 3, `a lag per scheduled check (${lag.count})`);
      const writes = m.samples('monitor_engine_result_batch_write_seconds')[0]!;
      assert.ok(Number(writes.count) >= 1);
      assert.equal(m.value('monitor_engine_checks_in_flight'), 0);
      assert.equal(m.value('monitor_outbox_pending'), 0);
      assert.equal(m.value('monitor_outbox_failed'), 0);
      assert.equal(m.value('monitor_outbox_failed_attempts_total'), 0);
      assert.equal(m.value('monitor_sse_clients'), 0);
      assert.ok((m.value('process_cpu_seconds_total') ?? 0) > 0);
      assert.ok(m.families.has('nodejs_eventloop_lag_seconds'));
    });

    test('open live streams are counted', async () => {
      const base = await h.listen();
      const abort = new AbortController();
      const res = await fetch(`${base}/api/sse/dashboard`, {
        headers: { authorization: `Bearer ${h.admin}` },
        signal: abort.signal,
      });
      const reader = res.body!.getReader();
      await reader.read(); // the ": connected" comment: the stream is registered
      assert.equal((await scrape()).value('monitor_sse_clients'), 1);
      abort.abort();
      await reader.cancel().catch(() => {});
      await waitFor('the stream to be closed', async () =>
        (await scrape()).value('monitor_sse_clients') === 0 ? true : undefined,
      );
    });

    test('gzip when the scraper accepts it, as Prometheus does', async () => {
      const res = await h.server.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${apiKey}`, 'accept-encoding': 'gzip' },
      });
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['content-encoding'], 'gzip');
      assert.equal(res.headers.vary, 'accept-encoding');
      const m = parseScrape(gunzipSync(res.rawPayload).toString('utf8'));
      assert.equal(m.value('monitor_up', { id: String(ids.up) }), 1);
    });

    test('a signed-in user of any role may scrape too', async () => {
      const res = await h.call('GET', '/metrics', undefined, h.viewer);
      assert.equal(res.statusCode, 200);
    });
  });

  describe(`GET /metrics with METRICS_PUBLIC=true on ${target.name}`, { skip: target.skip }, () => {
    test('answers without credentials', async () => {
      const s = await startTestServer(target, { METRICS_PUBLIC: 'true' });
      try {
        const res = await s.app.inject({ method: 'GET', url: '/metrics' });
        assert.equal(res.statusCode, 200, res.body);
        const m = parseScrape(res.body);
        assert.ok(m.families.has('monitor_up'));
        assert.ok(m.families.has('monitor_engine_checks_in_flight'));
      } finally {
        await s.stop();
      }
    });
  });
}
