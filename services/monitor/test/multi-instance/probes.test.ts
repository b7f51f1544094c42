import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { startHarness } from '../engine/harness.js';

/*
 * /healthz and /readyz on each engine: SQLite has no relay to report; PostgreSQL does. A server with
 * its engine off has no scheduler check; a stopping one is not ready.
 */
for (const t of await testDatabases()) {
  describe(`health probes (${t.name})`, { skip: t.skip }, () => {
    test('liveness and readiness, public, at the root', async () => {
      const h = await startHarness(t);
      try {
        const live = await h.server.app.inject({ method: 'GET', url: '/healthz' });
        assert.equal(live.statusCode, 200);
        assert.deepEqual(live.json(), { status: 'ok' });
        const ready = await h.server.app.inject({ method: 'GET', url: '/readyz' });
        assert.equal(ready.statusCode, 200, ready.body);
        const expected = [
          { name: 'database', ok: true },
          { name: 'migrations', ok: true },
          { name: 'scheduler', ok: true, detail: 'holds 64 of 64 shards' },
          ...(t.name === 'postgres' ? [{ name: 'relay', ok: true }] : []),
        ];
        assert.deepEqual(ready.json(), { status: 'ready', checks: expected });
        // Marked stopping (as close() does first): 503, naming why.
        h.server.ctx.health.markStopping();
        const stopping = await h.server.app.inject({ method: 'GET', url: '/readyz' });
        assert.equal(stopping.statusCode, 503);
        assert.deepEqual(stopping.json(), {
          status: 'not_ready',
          checks: [...expected, { name: 'shutdown', ok: false, detail: 'stopping' }],
        });
        // /api/health is unchanged.
        const old = await h.server.app.inject({ method: 'GET', url: '/api/health' });
        assert.deepEqual(old.json(), { status: 'ok' });
      } finally {
        await h.stop();
      }
    });
  });
}
