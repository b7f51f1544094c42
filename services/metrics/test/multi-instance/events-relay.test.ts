import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createLogger } from '@app/kit';
import { testDatabases, testPostgresUrl } from '@app/kit/testing';
import pg from 'pg';
import { AnalysisEvents, type ProgressTick } from '../../src/platform/events/analysis-events.js';
import { InstanceRelay } from '../../src/platform/events/instance-relay.js';

// Two instances' event hubs joined by the real relay on PostgreSQL (in one process: what crosses is
// only what goes through LISTEN/NOTIFY).
const pgTarget = (await testDatabases()).find((t) => t.name === 'postgres')!;
const log = createLogger({ name: 'relay-test', level: 'silent' });

describe('run events between instances', { skip: pgTarget.skip }, () => {
  let database: { databaseUrl: string | undefined; cleanup(): Promise<void> };
  const a = new AnalysisEvents();
  const b = new AnalysisEvents();
  let relayA: InstanceRelay;
  let relayB: InstanceRelay;

  before(async () => {
    database = await pgTarget.create();
    relayA = await InstanceRelay.start(database.databaseUrl!, a, log);
    relayB = await InstanceRelay.start(database.databaseUrl!, b, log);
  });
  after(async () => {
    await relayA.close();
    await relayB.close();
    await database.cleanup();
  });

  test('a change on A reaches the streams of B, and not A twice', async () => {
    let onA = 0;
    const offA = a.subscribe(
      7,
      () => onA++,
      () => {},
    );
    const seenOnB = new Promise<void>((resolve) => {
      const off = b.subscribe(
        7,
        () => {
          off();
          resolve();
        },
        () => {},
      );
    });
    a.changed(7);
    await seenOnB;
    offA();
    assert.equal(onA, 1);
  });

  test('progress: A gets every tick, B a few per second and always the last one', async () => {
    const onA: ProgressTick[] = [];
    const onB: ProgressTick[] = [];
    const offA = a.subscribe(
      8,
      () => {},
      (t) => onA.push(t),
    );
    const last = new Promise<void>((resolve) => {
      b.subscribe(
        8,
        () => {},
        (t) => {
          onB.push(t);
          if (t.done === 1000) resolve();
        },
      );
    });
    for (let done = 1; done <= 1000; done++) a.progress(8, { done, total: 1000 });
    await last;
    offA();
    assert.equal(onA.length, 1000);
    // The first tick goes at once, the last (done === total) always; those between are held back.
    assert.deepEqual(onB[0], { done: 1, total: 1000 });
    assert.deepEqual(onB.at(-1), { done: 1000, total: 1000 });
    assert.ok(onB.length < 10, `B got ${onB.length} ticks`);
  });

  test('a tick held back is sent when its interval is over', async () => {
    const seen = new Promise<ProgressTick>((resolve) => {
      b.subscribe(
        9,
        () => {},
        (t) => {
          if (t.done === 5) resolve(t);
        },
      );
    });
    a.progress(9, { done: 1, total: 10 });
    a.progress(9, { done: 5, total: 10 });
    assert.deepEqual(await seen, { done: 5, total: 10 });
  });

  test('a lost LISTEN connection comes back, and the streams of that instance reload their runs', async () => {
    // The relay's client is private to the kit: reached here only to know which backend to end.
    const client = (relayB as unknown as { relay: { client: { processID: number } } }).relay.client;
    const reloaded = new Promise<void>((resolve) => {
      b.subscribe(11, resolve, () => {});
    });
    const admin = new pg.Client({ connectionString: testPostgresUrl });
    await admin.connect();
    try {
      await admin.query('select pg_terminate_backend($1)', [client.processID]);
    } finally {
      await admin.end();
    }
    // Nothing was published for run 11: the reload is the gap's doing.
    await reloaded;
    assert.equal(relayB.connected, true);
    const again = new Promise<void>((resolve) => b.subscribe(12, resolve, () => {}));
    a.changed(12);
    await again;
  });

  test('a queued run wakes the other instances’ workers and a cancel reaches them', async () => {
    const woken = new Promise<void>((resolve) => relayB.attachWorker({ wake: resolve, cancel: () => {} }));
    relayA.publish({ t: 'queued' });
    await woken;
    const cancelled = new Promise<number>((resolve) =>
      relayB.attachWorker({ wake: () => {}, cancel: (id) => resolve(id) }),
    );
    relayA.publish({ t: 'cancel', id: 42 });
    assert.equal(await cancelled, 42);
  });
});
