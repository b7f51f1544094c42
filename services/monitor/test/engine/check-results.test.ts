import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { checkResultsRepo } from '../../src/store/repos/check-results-repo.js';
import { type Harness, type ResultView, startHarness } from './harness.js';

const BASE = Date.parse('2026-01-01T00:00:00Z');

for (const t of await testDatabases()) {
  describe(`GET /api/check-results (${t.name})`, { skip: t.skip }, () => {
    let h: Harness;
    before(async () => {
      h = await startHarness(t);
      // Results of monitors 9001 (250, one a second) and 9002 (1200), written as the engine would.
      const rows = [
        ...Array.from({ length: 250 }, (_, i) => ({ monitor_id: 9001, at: BASE + i * 1000, i })),
        ...Array.from({ length: 1200 }, (_, i) => ({ monitor_id: 9002, at: BASE + i * 500, i })),
      ].map((r) => ({
        monitor_id: r.monitor_id,
        checked_at: r.at,
        status: r.i % 10 === 0 ? 0 : 1,
        response_time_ms: r.i,
        status_code: r.i % 10 === 0 ? 503 : 200,
        error: r.i % 10 === 0 ? 'expected status 2xx, got 503' : null,
        tls_days_left: null,
      }));
      await checkResultsRepo.insertMany(h.server.ctx.db, rows);
    });
    after(() => h.stop());

    const get = (qs: string, token?: string) => h.call('GET', `/api/check-results${qs}`, undefined, token);

    test('newest first, 100 by default, Link to the next page until the end', async () => {
      const res = await get('?monitor_id=9001', h.viewer);
      assert.equal(res.statusCode, 200);
      const page = res.json() as ResultView[];
      assert.equal(page.length, 100);
      assert.equal(page[0]!.checked_at, new Date(BASE + 249_000).toISOString());
      assert.deepEqual(page[0], {
        id: page[0]!.id,
        monitor_id: 9001,
        checked_at: '2026-01-01T00:04:09.000Z',
        status: 'up',
        response_time_ms: 249,
        status_code: 200,
        error: null,
        tls_days_left: null,
        // Checked by the central instance itself (issue 13: check locations).
        location_id: 'local',
      });
      const down = page.find((r) => r.response_time_ms === 240)!;
      assert.equal(down.status, 'down');
      assert.equal(down.error, 'expected status 2xx, got 503');
      const seen: ResultView[] = [...page];
      let link = res.headers.link as string | undefined;
      while (link) {
        const m = /^<([^>]+)>; rel="next"$/.exec(link);
        assert.ok(m, link);
        const next = await h.call('GET', m[1]!, undefined, h.viewer);
        seen.push(...(next.json() as ResultView[]));
        link = next.headers.link as string | undefined;
      }
      assert.equal(seen.length, 250);
      assert.equal(new Set(seen.map((r) => r.id)).size, 250);
      const times = seen.map((r) => Date.parse(r.checked_at));
      assert.deepEqual(
        times,
        [...times].sort((a, b) => b - a),
      );
    });

    test('from and to bound the time range (inclusive); limit is capped at 1000', async () => {
      const from = new Date(BASE + 10_000).toISOString();
      const to = new Date(BASE + 19_000).toISOString();
      const res = await get(`?monitor_id=9001&from=${from}&to=${to}`);
      const rows = res.json() as ResultView[];
      assert.equal(rows.length, 10);
      assert.equal(rows[0]!.checked_at, to);
      assert.equal(rows.at(-1)!.checked_at, from);
      assert.equal(res.headers.link, undefined);

      const big = await get('?monitor_id=9002&limit=5000');
      assert.equal((big.json() as ResultView[]).length, 1000);
      assert.match(String(big.headers.link), /limit=1000/);
      const small = await get('?monitor_id=9002&limit=3');
      assert.equal((small.json() as ResultView[]).length, 3);
      const all = await get('?limit=1000');
      assert.ok((all.json() as ResultView[]).every((r) => [9001, 9002].includes(r.monitor_id)));
    });

    test('bad input is 422 with the field; no credentials is 401', async () => {
      for (const [qs, path] of [
        ['?from=yesterday', 'from'],
        ['?to=2026-13-45T00:00:00Z', 'to'],
        ['?from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z', 'from'],
        ['?limit=0', 'limit'],
        ['?monitor_id=abc', 'monitor_id'],
        ['?colour=red', 'colour'],
      ] as const) {
        const res = await get(qs);
        assert.equal(res.statusCode, 422, qs);
        const body = res.json() as { code: string; errors: { path: string }[] };
        assert.equal(body.code, 'validation_failed');
        assert.ok(
          body.errors.some((e) => e.path === path),
          `${qs}: ${JSON.stringify(body.errors)}`,
        );
      }
      const anon = await h.server.app.inject({ method: 'GET', url: '/api/check-results' });
      assert.equal(anon.statusCode, 401);
    });
  });
}
