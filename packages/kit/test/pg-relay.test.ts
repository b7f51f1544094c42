import assert from 'node:assert/strict';
import { EventEmitter, once } from 'node:events';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { PgRelay } from '../src/index.js';
import { testDatabases } from '../src/testing/index.js';

const postgres = (await testDatabases()).find((t) => t.name === 'postgres')!;

/** A relay whose received messages can be awaited one by one. */
async function listener(databaseUrl: string, channel = 'kit_test') {
  const inbox: unknown[] = [];
  const signal = new EventEmitter();
  const relay = await PgRelay.start({
    databaseUrl,
    channel,
    onMessage: (m) => {
      inbox.push(m);
      signal.emit('message');
    },
    onGap: () => signal.emit('gap'),
  });
  const until = async (n: number) => {
    while (inbox.length < n) await once(signal, 'message');
  };
  return { relay, inbox, signal, until };
}

describe('PgRelay over PostgreSQL LISTEN/NOTIFY', { skip: postgres.skip }, () => {
  let env: Awaited<ReturnType<typeof postgres.create>>;
  before(async () => {
    env = await postgres.create();
  });
  after(async () => env.cleanup());

  test('delivers each message to the other instances in order, never back to its sender', async () => {
    const a = await listener(env.databaseUrl!);
    const b = await listener(env.databaseUrl!);
    try {
      for (let i = 0; i < 500; i++) a.relay.publish({ i });
      b.relay.publish({ from: 'b' });
      await b.until(500);
      await a.until(1);
      assert.deepEqual(
        b.inbox.map((m) => (m as { i: number }).i),
        Array.from({ length: 500 }, (_, i) => i),
      );
      assert.deepEqual(a.inbox, [{ from: 'b' }]);
    } finally {
      await a.relay.close();
      await b.relay.close();
    }
  });

  test('a message over NOTIFY’s 8 kB limit goes by reference and keeps its place', async () => {
    const a = await listener(env.databaseUrl!);
    const b = await listener(env.databaseUrl!);
    try {
      const big = { text: 'x'.repeat(50_000) };
      a.relay.publish({ n: 1 });
      await a.relay.drain();
      a.relay.publish(big);
      await a.relay.drain();
      a.relay.publish({ n: 3 });
      await b.until(3);
      assert.deepEqual(b.inbox, [{ n: 1 }, big, { n: 3 }]);
    } finally {
      await a.relay.close();
      await b.relay.close();
    }
  });

  test('channels of different schemas or names stay apart', async () => {
    const other = await postgres.create();
    const a = await listener(env.databaseUrl!);
    const sameDbOtherName = await listener(env.databaseUrl!, 'kit_other');
    const otherSchema = await listener(other.databaseUrl!);
    const b = await listener(env.databaseUrl!);
    try {
      a.relay.publish({ only: 'b' });
      await b.until(1);
      await a.relay.drain();
      // A round trip through the other listeners' connections proves nothing is still in flight.
      await sameDbOtherName.relay.drain();
      await otherSchema.relay.drain();
      assert.deepEqual(sameDbOtherName.inbox, []);
      assert.deepEqual(otherSchema.inbox, []);
    } finally {
      for (const r of [a, sameDbOtherName, otherSchema, b]) await r.relay.close();
      await other.cleanup();
    }
  });

  test('a listener whose connection is killed reconnects, reports the gap, and hears again', async () => {
    const a = await listener(env.databaseUrl!);
    const b = await listener(env.databaseUrl!);
    try {
      const admin = new pg.Client({ connectionString: env.databaseUrl! });
      await admin.connect();
      const gap = once(b.signal, 'gap');
      const pid = (b.relay as unknown as { client: { processID: number } }).client.processID;
      await admin.query('select pg_terminate_backend($1)', [pid]);
      await admin.end();
      await gap;
      a.relay.publish({ after: 'reconnect' });
      await b.until(1);
      assert.deepEqual(b.inbox, [{ after: 'reconnect' }]);
    } finally {
      await a.relay.close();
      await b.relay.close();
    }
  });
});
