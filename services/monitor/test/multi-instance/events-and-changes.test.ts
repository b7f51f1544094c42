import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { type CountingTarget, createMonitors, startCountingTarget } from '../engine/crash-rig.js';
import { openSse, type SseClient, type SseMessage } from '../engine/sse-client.js';
import {
  clusterEnv,
  type Instance,
  monitorIds,
  shardOwners,
  startInstance,
  type TestDb,
  until,
} from './cluster.js';

const postgres = (await testDatabases()).find((t) => t.name === 'postgres')!;
const MONITORS = 40;
const INTERVAL_S = 2;

type CheckData = { monitor_id: number; result_id: number };
const dataOf = (e: SseMessage) => JSON.parse(e.data) as CheckData;
const keyOf = (e: SseMessage) => `${e.event}:${dataOf(e).result_id}`;

/*
 * Two instances on one PostgreSQL. The change poller is stretched to 10 minutes, so whatever a change
 * made through one instance does on the other within the test came by the relay's notice.
 */
describe('two monitor instances: events and changes across instances', { skip: postgres.skip }, () => {
  let db: TestDb & { cleanup(): Promise<void> };
  let target: CountingTarget;
  let a: Instance;
  let b: Instance;
  let ids: Map<number, number>;
  /** Monitor numbers whose shard A holds. */
  let ofA: number[];

  before(async () => {
    target = await startCountingTarget();
    db = await postgres.create();
    const env = clusterEnv(db, { CHANGE_POLL_SECONDS: '600' });
    a = await startInstance('A', env);
    b = await startInstance('B', env);
    await until('the shards split between A and B', async () => {
      const owners = await shardOwners(db);
      const pids = new Set(owners.values());
      return owners.size === 64 && pids.has(a.pid) && pids.has(b.pid) ? true : undefined;
    });
    await createMonitors(a.base, target.origin, MONITORS, INTERVAL_S);
    ids = await monitorIds(a);
    // Read A's share once the split holds again: on a loaded machine a lease renewed late can move
    // shards for a moment (one run saw A own none right after the split).
    ofA = await until('A and B both owning some of the monitors', async () => {
      const owners = await shardOwners(db);
      const mine = [...ids].filter(([, id]) => owners.get(id % 64) === a.pid).map(([n]) => n);
      return mine.length >= 3 && mine.length < MONITORS ? mine : undefined;
    });
  });

  after(async () => {
    await Promise.all([a?.proc.stop(), b?.proc.stop()]);
    await db?.cleanup();
    await target?.close();
  });

  test('a check run by A reaches a dashboard stream on B', async () => {
    const onB = await b.stream();
    const idsOfA = new Set(ofA.map((n) => ids.get(n)));
    try {
      await until('a result of a monitor A checks, on B', async () =>
        onB.events.some((e) => e.event === 'monitor.check_result' && idsOfA.has(dataOf(e).monitor_id))
          ? true
          : undefined,
      );
    } finally {
      onB.close();
    }
  });

  test('a session ended through A ends its streams on B (sign-out, then a password reset)', async () => {
    const user = { username: 'roaming', password: 'Roaming-Correct-Horse-1' };
    const made = await a.call('POST', '/api/users', { ...user, role: 'viewer' });
    assert.equal(made.status, 201);
    const signIn = async () => {
      const res = await fetch(`${a.base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(user),
      });
      assert.equal(res.status, 200);
      return (await res.json()) as { access_token: string; refresh_token: string };
    };
    const one = await signIn();
    const two = await signIn();
    // Session one watches B through a ticket issued by A; session two through its token.
    const ticket = await fetch(`${a.base}/api/sse/tickets`, {
      method: 'POST',
      headers: { authorization: `Bearer ${one.access_token}` },
    });
    const viaTicket = await openSse(
      `${b.base}/api/sse/dashboard?ticket=${((await ticket.json()) as { ticket: string }).ticket}`,
    );
    const viaToken = await openSse(`${b.base}/api/sse/dashboard`, {
      authorization: `Bearer ${two.access_token}`,
    });
    assert.equal(viaTicket.status, 200);
    assert.equal(viaToken.status, 200);
    const bounded = (stream: SseClient, what: string) =>
      Promise.race([
        stream.ended,
        new Promise<never>((_, fail) => setTimeout(() => fail(new Error(`${what} stayed open`)), 20_000)),
      ]);
    try {
      const out = await fetch(`${a.base}/api/auth/logout`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refresh_token: one.refresh_token }),
      });
      assert.equal(out.status, 204);
      await bounded(viaTicket, 'the signed-out session’s stream on B');
      assert.equal(viaTicket.events.at(-1)?.event, 'session_ended');
      // Session two is untouched by that: its stream on B still delivers A's checks.
      const seen = viaToken.events.length;
      await until('a check result on the other session’s stream', async () =>
        viaToken.events.slice(seen).some((e) => e.event === 'monitor.check_result') ? true : undefined,
      );
      const reset = await a.call('POST', `/api/users/${(made.json as { id: number }).id}/reset-password`, {});
      assert.equal(reset.status, 200);
      await bounded(viaToken, 'the stream on B after a password reset on A');
      assert.equal(viaToken.events.at(-1)?.event, 'session_ended');
    } finally {
      viaTicket.close();
      viaToken.close();
    }
  });

  test('Last-Event-ID from A resumes on B without loss or repetition', async () => {
    const onA = await a.stream();
    const idsOfA = new Set(ofA.map((n) => ids.get(n)));
    await onA.waitForEvents(12, 30_000);
    // Results reach A's stream in each instance's write batches: a dozen events can all be B's.
    // Wait for results of A's own monitors past the resume point, which the replay on B must hold.
    const ownPastFour = () =>
      onA.events
        .slice(4)
        .filter((e) => e.event === 'monitor.check_result' && idsOfA.has(dataOf(e).monitor_id)).length;
    await until('results of A past the resume point', async () => (ownPastFour() >= 2 ? true : undefined));
    const from = onA.events[3]!;
    const fromId = Number(from.id);
    const seenOnA = onA.events.length;
    const upTo = Number(onA.events[seenOnA - 1]!.id);
    // The client moves to B with the id of the last event it handled.
    const onB = await b.stream(from.id);
    try {
      await until('B to replay up to where A was', async () =>
        onB.events.some((e) => Number(e.id) >= upTo) ? true : undefined,
      );
      assert.ok(!onB.events.some((e) => e.event === 'resync'), 'a resync instead of a replay');
      const onBKeys = onB.events.map(keyOf);
      assert.equal(new Set(onBKeys).size, onBKeys.length, 'an event came twice');
      assert.ok(!onBKeys.includes(keyOf(from)), 'the event of Last-Event-ID itself was replayed');
      // Events made on A come in A's order with A's ids: each one after the resume point must be there.
      const madeOnA = onA.events
        .slice(4, seenOnA)
        .filter((e) => e.event === 'monitor.check_result' && idsOfA.has(dataOf(e).monitor_id));
      assert.ok(madeOnA.length > 0, 'no event of A after the resume point');
      const missing = madeOnA.map(keyOf).filter((k) => !onBKeys.includes(k));
      assert.deepEqual(missing, []);
      // The replay is in id order, all after the resume point.
      const replayIds = onB.events.map((e) => Number(e.id));
      assert.ok(
        replayIds.every((id, i) => id > fromId && (i === 0 || id >= replayIds[i - 1]!)),
        `ids out of order: ${replayIds.join(', ')}`,
      );
    } finally {
      onA.close();
      onB.close();
    }
  });

  test('a pause and a resume made through B apply on A, the owner', async () => {
    const [paused, sentinel] = ofA.map((n) => ids.get(n)!);
    const pausedN = ofA[0]!;
    const sentinelN = ofA[1]!;
    assert.equal((await a.call('POST', `/api/monitors/${sentinel}/pause`)).status, 200);
    assert.equal((await b.call('POST', `/api/monitors/${paused}/pause`)).status, 200);
    const sentinelHits = () => target.hits.get(sentinelN)?.length ?? 0;
    const before = sentinelHits();
    // Notices from B reach A in order: when A checks the resumed sentinel, it has applied the pause.
    assert.equal((await b.call('POST', `/api/monitors/${sentinel}/resume`)).status, 200);
    await target.until('A checks the resumed monitor', () => sentinelHits() > before, 20_000);
    const pausedHits = target.hits.get(pausedN)?.length ?? 0;
    await target.until('two more checks of the resumed monitor', () => sentinelHits() > before + 2, 20_000);
    // At most the check that was already running when the pause arrived reaches the target.
    assert.ok((target.hits.get(pausedN)?.length ?? 0) <= pausedHits + 1, 'A kept checking a paused monitor');
  });

  test('an interval changed and a monitor created through B are scheduled by their owner', async () => {
    // A long interval and then check-now, both through B: only A (the owner) can run the check.
    const n = ofA[2]!;
    const id = ids.get(n)!;
    const patched = await b.call('PATCH', `/api/monitors/${id}`, {
      check_interval_seconds: 3600,
      timeout_seconds: 5,
    });
    assert.equal(patched.status, 200);
    const hits = () => target.hits.get(n)?.length ?? 0;
    const before = hits();
    assert.equal((await b.call('POST', `/api/monitors/${id}/check-now`)).status, 202);
    await target.until('A runs the check requested through B', () => hits() > before, 20_000);

    // A monitor created through B lands in a shard of A or B; either way its owner checks it.
    const created = await b.call('POST', '/api/monitors', {
      name: 'm999',
      url: `${target.origin}/m/999`,
      check_interval_seconds: 3600,
    });
    assert.equal(created.status, 201);
    await target.until('the new monitor checked', () => (target.hits.get(999)?.length ?? 0) > 0, 20_000);
  });
});
