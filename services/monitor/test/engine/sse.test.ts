import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { makeCert } from '../peers/certs.js';
import { type HttpTarget, startHttpTarget } from '../peers/http-target.js';
import { type Harness, startHarness } from './harness.js';
import { openSse } from './sse-client.js';

const [sqlite] = await testDatabases();

describe('GET /api/sse/dashboard', () => {
  let h: Harness;
  let base: string;
  let target: HttpTarget;
  before(async () => {
    target = await startHttpTarget();
    h = await startHarness(sqlite!);
    base = await h.listen();
  });
  after(async () => {
    await h.stop();
    await target.close();
  });

  const ticket = async (token: string) =>
    (
      (await (
        await fetch(`${base}/api/sse/tickets`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
        })
      ).json()) as { ticket: string }
    ).ticket;

  test('no credential is 401; a viewer ticket in ?ticket= is accepted', async () => {
    const anon = await fetch(`${base}/api/sse/dashboard`);
    assert.equal(anon.status, 401);
    assert.equal(anon.headers.get('www-authenticate'), 'Bearer');
    const bad = await fetch(`${base}/api/sse/dashboard?ticket=nonsense`);
    assert.equal(bad.status, 401);
    const sse = await openSse(`${base}/api/sse/dashboard?ticket=${await ticket(h.viewer)}`);
    assert.equal(sse.status, 200);
    assert.match(String(sse.headers['content-type']), /^text\/event-stream/);
    sse.close();
  });

  test('check results and status changes stream with increasing ids; Last-Event-ID resumes', async () => {
    const sse = await openSse(`${base}/api/sse/dashboard?ticket=${await ticket(h.viewer)}`);
    const created = await h.call('POST', '/api/monitors', {
      name: 'streamed',
      url: `${target.origin}/ok`,
      check_interval_seconds: 1,
    });
    const id = (created.json() as { id: number }).id;
    const first = await sse.waitForEvents(4);
    assert.ok(sse.comments.includes('connected'));
    const [result, change] = first as [(typeof first)[0], (typeof first)[0]];
    assert.equal(result.event, 'monitor.check_result');
    const data = JSON.parse(result.data) as Record<string, unknown>;
    assert.deepEqual(Object.keys(data).sort(), [
      'checked_at',
      // Where the check ran (issue 13): `local` for this instance's own checks.
      'location_id',
      'monitor_id',
      'monitor_status',
      'prev_status',
      'response_time_ms',
      'result_id',
      'status',
      'status_code',
      'status_reason',
    ]);
    assert.equal(data.monitor_id, id);
    assert.equal(data.status_reason, null);
    assert.equal(data.location_id, 'local');
    assert.equal(data.status, 'up');
    assert.equal(data.prev_status, 'pending');
    assert.equal(data.status_code, 200);
    assert.equal(change.event, 'monitor.status_changed');
    assert.deepEqual(
      [JSON.parse(change.data).prev_status, JSON.parse(change.data).status],
      ['pending', 'up'],
    );
    const ids = first.map((e) => Number(e.id));
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => a - b),
    );
    assert.equal(new Set(ids).size, ids.length);
    sse.close();

    // Reconnect with an API key in the header, resuming after the second event.
    const key = await h.call('POST', '/api/api-keys', { name: 'dash' });
    const raw = (key.json() as { raw_key: string }).raw_key;
    const resumed = await openSse(`${base}/api/sse/dashboard`, {
      authorization: `Bearer ${raw}`,
      'last-event-id': first[1]!.id!,
    });
    assert.equal(resumed.status, 200);
    const replay = await resumed.waitForEvents(2);
    assert.deepEqual(
      replay.map((e) => e.id),
      first.slice(2, 4).map((e) => e.id),
    );
    resumed.close();
    await h.call('DELETE', `/api/monitors/${id}`);
  });

  test('a result that read a certificate carries its days left (the dashboard shows them live)', async () => {
    const secure = await startHttpTarget(await makeCert(30));
    const sse = await openSse(`${base}/api/sse/dashboard?ticket=${await ticket(h.viewer)}`);
    const created = await h.call('POST', '/api/monitors', {
      name: 'secure',
      url: `${secure.origin}/ok`,
      ignore_tls_errors: true,
      check_interval_seconds: 3600,
    });
    const id = (created.json() as { id: number }).id;
    const ours = (e: { event?: string; data: string }) =>
      e.event === 'monitor.check_result' && JSON.parse(e.data).monitor_id === id;
    // Skips any late event of the previous test's monitor.
    let n = 1;
    while (!(await sse.waitForEvents(n)).some(ours)) n++;
    const result = sse.events.find(ours)!;
    const data = JSON.parse(result.data) as Record<string, unknown>;
    assert.equal(data.monitor_id, id);
    assert.equal(data.status, 'up');
    assert.equal(data.tls_days_left, 30);
    sse.close();
    await h.call('DELETE', `/api/monitors/${id}`);
    await secure.close();
  });
});
