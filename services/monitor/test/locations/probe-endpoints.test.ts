import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { testDatabases } from '@app/kit/testing';
import { openSse } from '../engine/sse-client.js';
import { type LocationServer, startLocationServer } from './location-server.js';
import { result, seedProbeLocations } from './probe-fixture.js';

for (const target of await testDatabases()) {
  describe(`probe endpoints on ${target.name}`, { skip: target.skip }, () => {
    let s: LocationServer;
    let token: string;
    let otherToken: string;
    let mine: number;
    let paused: number;
    let localOnly: number;
    let elsewhere: number;
    before(async () => {
      s = await startLocationServer(target, { startEngine: false });
      ({ token, otherToken, mine, paused, localOnly, elsewhere } = await seedProbeLocations(s));
    });
    after(() => s.stop());

    test('a probe token opens the probe endpoints only; users and keys cannot use them', async () => {
      for (const url of [
        '/api/monitors',
        '/api/locations',
        '/api/auth/me',
        '/api/sse/tickets',
        '/api/health',
      ]) {
        const r = await s.probe(token, { method: url === '/api/sse/tickets' ? 'POST' : 'GET', url });
        assert.equal(r.statusCode, 403, url);
        assert.equal(r.json().code, 'probe_token_not_allowed', url);
      }
      const jwt = await s.call('GET', '/api/probe/assignments');
      assert.equal(jwt.statusCode, 403);
      assert.equal(jwt.json().code, 'probe_only');
      const key = (await s.call('POST', '/api/api-keys', { name: 'k' })).json().raw_key;
      const byKey = await s.probe(key, { method: 'POST', url: '/api/probe/heartbeat', payload: {} });
      assert.equal(byKey.statusCode, 403);
      const none = await s.app.inject({ method: 'GET', url: '/api/probe/assignments' });
      assert.equal(none.statusCode, 401);
      const forged = await s.probe(`${token.slice(0, 20)}${'A'.repeat(33)}`, {
        method: 'GET',
        url: '/api/probe/assignments',
      });
      assert.equal(forged.statusCode, 401);
      assert.equal(forged.json().code, 'invalid_token');
      const inUrl = await s.app.inject({ method: 'GET', url: `/api/probe/assignments?token=${token}` });
      assert.equal(inUrl.statusCode, 400);
    });

    test('assignments: active monitors of this location with credentials, nothing about channels', async () => {
      const r = await s.probe(token, { method: 'GET', url: '/api/probe/assignments' });
      assert.equal(r.statusCode, 200);
      const body = r.json();
      assert.deepEqual(body.location, { id: 'paris', name: 'Paris', heartbeat_seconds: 10 });
      assert.deepEqual(
        body.monitors.map((m: { id: number }) => m.id),
        [mine],
      );
      assert.deepEqual(body.removed, []);
      assert.ok(Math.abs(body.server_time - Date.now()) < 5000);
      const m = body.monitors[0];
      const row = await s.ctx.db
        .selectFrom('monitors')
        .selectAll()
        .where('id', '=', mine)
        .executeTakeFirstOrThrow();
      assert.equal(m.version, row.updated_at);
      assert.equal(m.check_interval_seconds, 60);
      assert.equal(m.retry_count, 3);
      assert.equal(m.paused, false);
      // The URL's password travels as basic auth, resolved (the API shows only the mask).
      assert.equal(m.target.url, 'http://127.0.0.1:9/health');
      assert.deepEqual(m.target.auth, { type: 'basic', username: 'user', password: 'pa55word' });
      assert.equal(m.target.headers.Authorization, 'Bearer s3cret-value');
      assert.equal(m.target.monitor_type, 'http_get');
      assert.doesNotMatch(r.body, /channel|hook|webhook/i);

      const tokyo = await s.probe(otherToken, { method: 'GET', url: '/api/probe/assignments' });
      assert.deepEqual(
        tokyo.json().monitors.map((x: { id: number }) => x.id),
        [elsewhere],
      );

      const some = await s.probe(token, {
        method: 'GET',
        url: `/api/probe/assignments?ids=${mine},${paused},${localOnly},${elsewhere},99999`,
      });
      assert.equal(some.statusCode, 200);
      assert.deepEqual(
        some.json().monitors.map((x: { id: number; paused: boolean }) => [x.id, x.paused]),
        [
          [mine, false],
          [paused, true],
        ],
      );
      assert.deepEqual(some.json().removed, [localOnly, elsewhere, 99999]);
      const bad = await s.probe(token, { method: 'GET', url: '/api/probe/assignments?ids=1,x' });
      assert.equal(bad.statusCode, 400);
    });

    test('the stream tells of changes to the monitors of this location, before or after', async () => {
      const base = await s.listen();
      const none = await openSse(`${base}/api/probe/stream`);
      assert.equal(none.status, 401);
      none.close();
      const stream = await openSse(`${base}/api/probe/stream`, { authorization: `Bearer ${token}` });
      assert.equal(stream.status, 200);
      assert.match(String(stream.headers['content-type']), /text\/event-stream/);
      // Not this location's: nothing. Then an edit, a move away, a move here, a pause, a delete.
      assert.equal(
        (await s.call('PATCH', `/api/monitors/${elsewhere}`, { timeout_seconds: 5 })).statusCode,
        200,
      );
      const edit = await s.call('PATCH', `/api/monitors/${mine}`, { timeout_seconds: 7 });
      assert.equal(edit.statusCode, 200);
      const v1 = Date.parse(edit.json().updated_at);
      assert.equal(
        (await s.call('PATCH', `/api/monitors/${mine}`, { location_ids: ['local'] })).statusCode,
        200,
      );
      const back = await s.call('PATCH', `/api/monitors/${elsewhere}`, { location_ids: ['tokyo', 'paris'] });
      assert.equal(back.statusCode, 200);
      const pause = await s.call('POST', `/api/monitors/${elsewhere}/pause`);
      assert.equal(pause.statusCode, 200);
      assert.equal((await s.call('DELETE', `/api/monitors/${elsewhere}`)).statusCode, 204);
      const events = await stream.waitForEvents(5);
      assert.deepEqual(
        events.map((e) => [e.event, JSON.parse(e.data)]),
        [
          ['assignment', { id: mine, version: v1 }],
          ['assignment', { id: mine, version: null }],
          ['assignment', { id: elsewhere, version: Date.parse(back.json().updated_at) }],
          ['assignment', { id: elsewhere, version: Date.parse(pause.json().updated_at) }],
          ['assignment', { id: elsewhere, version: null }],
        ],
      );
      // Put things back for the next tests.
      assert.equal(
        (await s.call('PATCH', `/api/monitors/${mine}`, { location_ids: ['paris', 'local'] })).statusCode,
        200,
      );
      await stream.waitForEvents(6);
      // A gap in the relayed events: the probe must fetch everything.
      s.ctx.bus.gap();
      const [, , , , , , resync] = await stream.waitForEvents(7);
      assert.equal(resync!.event, 'resync');
      // Rotating the token ends the stream opened with the old one.
      const rotated = await s.call('POST', '/api/locations/tokyo/rotate-token');
      otherToken = rotated.json().token;
      const tokyoStream = await fetch(`${base}/api/probe/stream`, {
        headers: { authorization: `Bearer ${otherToken}` },
      });
      assert.equal(tokyoStream.status, 200);
      const again = await s.call('POST', '/api/locations/tokyo/rotate-token');
      otherToken = again.json().token;
      // The stream ends by itself: reading it to the end finishes.
      const text = await tokyoStream.text();
      assert.match(text, /connected/);
      stream.close();
    });

    test('results: gzip accepted, skew corrected, unassigned rejected, replay stored once, location online', async () => {
      const before = await s.call('GET', '/api/locations/paris');
      assert.equal(before.json().status, 'offline');
      const now = Date.now();
      const skew = 60_000;
      const batch = {
        batch_id: randomUUID(),
        sent_at: now + skew,
        results: [
          result(mine, now + skew - 2000),
          result(localOnly, now + skew - 1500),
          result(mine, now + skew - 1000, 'down'),
          result(paused, now + skew - 900),
          result(424242, now + skew - 800),
        ],
      };
      const body = gzipSync(Buffer.from(JSON.stringify(batch)));
      const post = () =>
        s.probe(token, {
          method: 'POST',
          url: '/api/probe/results',
          headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
          payload: body,
        });
      const r = await post();
      assert.equal(r.statusCode, 200, r.body);
      assert.deepEqual(r.json(), {
        batch_id: batch.batch_id,
        duplicate: false,
        accepted: 2,
        rejected: [
          { index: 1, monitor_id: localOnly, reason: 'not_assigned' },
          { index: 3, monitor_id: paused, reason: 'paused' },
          { index: 4, monitor_id: 424242, reason: 'not_assigned' },
        ],
      });
      const rows = await s.ctx.db.selectFrom('probe_inbox').selectAll().orderBy('id').execute();
      assert.equal(rows.length, 2);
      assert.deepEqual(
        rows.map((x) => [x.monitor_id, x.location_id, x.status, x.status_code, x.error]),
        [
          [mine, 'paris', 1, 200, null],
          [mine, 'paris', 0, 503, 'HTTP 503'],
        ],
      );
      // The probe's clock runs 60 s ahead: stored times are on ours (within the request's own time).
      assert.ok(Math.abs(rows[0]!.checked_at - (now - 2000)) < 1000, `${rows[0]!.checked_at - now}`);
      assert.equal(rows[1]!.checked_at - rows[0]!.checked_at, 1000);
      const loc = (await s.call('GET', '/api/locations/paris')).json();
      assert.equal(loc.status, 'online');
      assert.ok(Math.abs(loc.skew_ms - skew) < 1000, `${loc.skew_ms}`);
      assert.ok(s.ctx.locations.isOnline('paris'));

      const again = await post();
      assert.equal(again.statusCode, 200);
      assert.equal(again.json().duplicate, true);
      assert.equal(again.json().accepted, 0);
      assert.equal((await s.ctx.db.selectFrom('probe_inbox').select('id').execute()).length, 2);
      // The same batch id from another location is that location's own batch.
      const tokyo = await s.probe(otherToken, {
        method: 'POST',
        url: '/api/probe/results',
        payload: { batch_id: batch.batch_id, sent_at: Date.now(), results: [result(mine, Date.now())] },
      });
      assert.equal(tokyo.json().duplicate, false);
      assert.deepEqual(tokyo.json().rejected, [{ index: 0, monitor_id: mine, reason: 'not_assigned' }]);
    });

    test('results: bad bodies are refused and change nothing', async () => {
      const count = async () => (await s.ctx.db.selectFrom('probe_inbox').select('id').execute()).length;
      const before = await count();
      const send = (payload: unknown, headers: Record<string, string> = {}) =>
        s.probe(token, { method: 'POST', url: '/api/probe/results', headers, payload: payload as string });
      const notGzip = await send('{"batch_id":"x"}', {
        'content-type': 'application/json',
        'content-encoding': 'gzip',
      });
      assert.equal(notGzip.statusCode, 400, notGzip.body);
      const br = await send('{}', { 'content-type': 'application/json', 'content-encoding': 'br' });
      assert.equal(br.statusCode, 415);
      const many = {
        batch_id: randomUUID(),
        sent_at: Date.now(),
        results: Array.from({ length: 5001 }, () => result(mine, Date.now())),
      };
      const tooMany = await send(gzipSync(JSON.stringify(many)), {
        'content-type': 'application/json',
        'content-encoding': 'gzip',
      });
      assert.ok(tooMany.statusCode === 400 || tooMany.statusCode === 422, `${tooMany.statusCode}`);
      const bomb = gzipSync(Buffer.alloc(9 * 1024 * 1024, 0x20));
      const big = await send(bomb, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      assert.equal(big.statusCode, 413);
      const badStatus = await send({
        batch_id: 'b',
        sent_at: 1,
        results: [{ ...result(mine, 1), status: 'maybe' }],
      });
      assert.ok(badStatus.statusCode === 400 || badStatus.statusCode === 422);
      assert.equal(await count(), before);
      const batches = await s.ctx.db
        .selectFrom('probe_batches')
        .select('batch_id')
        .where('batch_id', '=', 'b')
        .execute();
      assert.equal(batches.length, 0);
    });

    test('heartbeat: seen now, version and skew recorded', async () => {
      const r = await s.probe(otherToken, {
        method: 'POST',
        url: '/api/probe/heartbeat',
        payload: { version: '9.9.9', sent_at: Date.now() + 5000, spooled: 3, dropped: 0 },
      });
      assert.equal(r.statusCode, 200, r.body);
      assert.equal(r.json().heartbeat_seconds, 10);
      // Tokyo posted with no skew a moment ago; a clock now 5 s ahead shows at once (a lower measure
      // would be filtered: see skew-estimate.test.ts).
      assert.ok(Math.abs(r.json().skew_ms - 5000) < 1000, `${r.json().skew_ms}`);
      const loc = (await s.call('GET', '/api/locations/tokyo')).json();
      assert.equal(loc.version, '9.9.9');
      assert.equal(loc.status, 'online');
    });

    test('results: a time after the batch was sent, too old, or under a forged clock is refused and counted', async () => {
      const inbox = () => s.ctx.db.selectFrom('probe_inbox').selectAll().orderBy('id').execute();
      await s.ctx.db.deleteFrom('probe_inbox').execute();
      const post = (payload: object) =>
        s.probe(token, { method: 'POST', url: '/api/probe/results', payload: payload as never });
      const now = Date.now();
      const tenYears = 10 * 365 * 24 * 3600_000;
      // The red team's repro: one result ten years ahead in a batch sent now.
      const future = await post({
        batch_id: randomUUID(),
        sent_at: now,
        results: [result(mine, now + tenYears), result(mine, now - 500), result(mine, now - 30 * 3600_000)],
      });
      assert.equal(future.statusCode, 200, future.body);
      assert.equal(future.json().accepted, 1);
      assert.deepEqual(future.json().rejected, [
        { index: 0, monitor_id: mine, reason: 'checked_after_sent' },
        { index: 2, monitor_id: mine, reason: 'too_old' },
      ]);
      const rows = await inbox();
      assert.equal(rows.length, 1);
      assert.ok(Math.abs(rows[0]!.checked_at - (now - 500)) < 1000, `${rows[0]!.checked_at - now}`);

      // A heartbeat claiming a clock a year ahead: reported, then the next honest post moves it back.
      const forged = await s.probe(token, {
        method: 'POST',
        url: '/api/probe/heartbeat',
        payload: { version: '1', sent_at: Date.now() + 365 * 24 * 3600_000, spooled: 0, dropped: 0 },
      });
      assert.equal(forged.statusCode, 200, forged.body);
      // Recorded as far as the column goes (about 24.8 days), and marked in the UI as beyond ±2 s.
      assert.equal(forged.json().skew_ms, 2_147_483_647);
      // A batch under that clock (sent and checked a year ahead) cannot be corrected: refused.
      const yearAhead = Date.now() + 365 * 24 * 3600_000;
      const skewed = await post({
        batch_id: randomUUID(),
        sent_at: yearAhead,
        results: [result(mine, yearAhead - 100)],
      });
      assert.deepEqual(skewed.json().rejected, [{ index: 0, monitor_id: mine, reason: 'clock_skew' }]);
      assert.equal(skewed.json().accepted, 0);
      const honest = await s.probe(token, {
        method: 'POST',
        url: '/api/probe/heartbeat',
        payload: { version: '1', sent_at: Date.now(), spooled: 0, dropped: 0 },
      });
      assert.ok(Math.abs(honest.json().skew_ms) < 1000, `${honest.json().skew_ms}`);
      const later = Date.now();
      const next = await post({
        batch_id: randomUUID(),
        sent_at: later,
        results: [result(mine, later - 100)],
      });
      assert.equal(next.json().accepted, 1, next.body);
      const stored = (await inbox()).at(-1)!;
      assert.ok(Math.abs(stored.checked_at - (later - 100)) < 1000, `${stored.checked_at - later}`);
      assert.equal((await inbox()).length, 2);

      const metrics = await s.call('GET', '/metrics');
      assert.equal(metrics.statusCode, 200);
      const count = (reason: string) =>
        Number(
          new RegExp(
            `^monitor_probe_results_refused_total\\{location="paris",reason="${reason}"\\} (\\d+)$`,
            'm',
          ).exec(metrics.body)?.[1],
        );
      assert.equal(count('checked_after_sent'), 1);
      assert.equal(count('too_old'), 1);
      assert.equal(count('clock_skew'), 1);
    });

    test('results: a batch id that is not a UUID is refused and changes nothing', async () => {
      const before = (await s.ctx.db.selectFrom('probe_inbox').select('id').execute()).length;
      const r = await s.probe(token, {
        method: 'POST',
        url: '/api/probe/results',
        payload: { batch_id: 'x', sent_at: Date.now(), results: [result(mine, Date.now())] },
      });
      assert.equal(r.statusCode, 422, r.body);
      assert.match(String(r.headers['content-type']), /application\/problem\+json/);
      assert.equal(r.json().code, 'validation_failed');
      assert.equal(r.json().errors[0].path, 'batch_id');
      assert.equal((await s.ctx.db.selectFrom('probe_inbox').select('id').execute()).length, before);
      const taken = await s.ctx.db
        .selectFrom('probe_batches')
        .select('batch_id')
        .where('batch_id', '=', 'x')
        .execute();
      assert.deepEqual(taken, []);
    });
  });
}
