import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { closeHttpAgents } from '../engine/checks/index.js';
import type { ProbeAssignment, ProbeResult } from '../shared-types/probe-protocol.js';
import { ProbeScheduler } from './probe-scheduler.js';

/*
 * The probe's scheduler against a real HTTP target on 127.0.0.1 whose paths answer 200, 500, or
 * slowly, and which records the source address of every request.
 */

describe('probe scheduler', () => {
  const seen: { path: string; from: string; at: number }[] = [];
  const server = createServer((req, res) => {
    seen.push({ path: req.url ?? '', from: req.socket.remoteAddress ?? '', at: Date.now() });
    if (req.url === '/fail') res.statusCode = 500;
    if (req.url === '/slow') setTimeout(() => res.end('slow'), 300);
    else res.end('ok');
  });
  let origin = '';
  before(async () => {
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    await closeHttpAgents();
    server.closeAllConnections();
    server.close();
  });

  function assignment(id: number, path: string, extra: Partial<ProbeAssignment> = {}): ProbeAssignment {
    return {
      id,
      version: 1,
      check_interval_seconds: 1,
      retry_interval_seconds: 1,
      retry_count: 0,
      paused: false,
      target: { monitor_type: 'http_get', url: `${origin}${path}`, timeout_seconds: 2 },
      ...extra,
    };
  }

  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  test('checks each monitor once per interval from the source address, results in check order', async () => {
    seen.length = 0;
    const results: ProbeResult[] = [];
    const s = new ProbeScheduler({
      concurrency: 10,
      localAddress: '127.0.0.5',
      onResult: (r) => results.push(r),
    });
    s.apply([assignment(1, '/ok'), assignment(2, '/fail')], [], true);
    await sleep(2_600);
    await s.stop();
    for (const id of [1, 2]) {
      const mine = results.filter((r) => r.monitor_id === id);
      assert.ok(mine.length >= 2 && mine.length <= 4, `monitor ${id}: ${mine.length} checks in 2.6 s at 1 s`);
      for (let i = 1; i < mine.length; i++) {
        const gap = mine[i]!.checked_at - mine[i - 1]!.checked_at;
        assert.ok(gap >= 500 && gap <= 1_600, `monitor ${id}: checks ${gap} ms apart`);
      }
    }
    const ok = results.find((r) => r.monitor_id === 1)!;
    assert.equal(ok.status, 'up');
    assert.equal(ok.status_code, 200);
    assert.equal(ok.error, null);
    const failed = results.find((r) => r.monitor_id === 2)!;
    assert.deepEqual(
      [failed.status, failed.status_code, failed.error],
      ['down', 500, 'expected status 2xx, got 500'],
    );
    assert.ok(seen.length > 0 && seen.every((r) => r.from === '127.0.0.5'));
  });

  test('a failure with retries left comes back at the retry interval, not the check interval', async () => {
    const results: ProbeResult[] = [];
    const s = new ProbeScheduler({ concurrency: 10, onResult: (r) => results.push(r) });
    s.apply(
      [assignment(3, '/fail', { check_interval_seconds: 60, retry_interval_seconds: 1, retry_count: 2 })],
      [],
      true,
    );
    await sleep(2_500);
    await s.stop();
    // Checked at once (the only new monitor), then retried twice a second apart; then down, and
    // the next check would be a minute later.
    assert.equal(results.length, 3);
    assert.ok(results.every((r) => r.status === 'down'));
  });

  test('removed, paused and no longer listed monitors stop; an edit is picked up', async () => {
    seen.length = 0;
    const s = new ProbeScheduler({ concurrency: 10, onResult: () => {} });
    s.apply([assignment(4, '/a'), assignment(5, '/b'), assignment(6, '/c')], [], true);
    assert.equal(s.size, 3);
    await sleep(300);
    s.apply([assignment(4, '/a', { paused: true })], [5], false);
    assert.equal(s.size, 1);
    s.apply([assignment(6, '/d', { version: 2 })], [], true);
    assert.equal(s.size, 1);
    assert.equal(s.versionOf(6), 2);
    const cut = Date.now();
    await sleep(1_300);
    await s.stop();
    const later = seen.filter((r) => r.at > cut + 50).map((r) => r.path);
    assert.ok(later.length >= 1);
    assert.deepEqual([...new Set(later)], ['/d']);
  });

  test('stopping lets a check under way finish and reports it', async () => {
    const results: ProbeResult[] = [];
    const s = new ProbeScheduler({ concurrency: 10, onResult: (r) => results.push(r) });
    s.apply([assignment(7, '/slow')], [], true);
    await sleep(100);
    await s.stop();
    assert.equal(results.length, 1);
    assert.equal(results[0]!.status, 'up');
  });
});
