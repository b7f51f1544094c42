import assert from 'node:assert/strict';
import { appendFile, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, beforeEach, describe, test } from 'node:test';
import { createLogger } from '@app/kit';
import type { ProbeResult } from '../shared-types/probe-protocol.js';
import { Spool } from './spool.js';

const log = createLogger({ name: 'spool-test', level: 'silent' });

function results(monitorId: number, from: number, n: number): ProbeResult[] {
  return Array.from({ length: n }, (_, i) => ({
    monitor_id: monitorId,
    checked_at: from + i,
    status: 'up',
    response_time_ms: 3,
    status_code: 200,
    error: null,
    tls_days_left: null,
  }));
}

// The size of a batch's line of n results (ids of two characters).
function lineBytes(n: number): number {
  return Buffer.byteLength(JSON.stringify({ b: 'b1', r: results(1, 100, n) })) + 1;
}

// Reads everything out of a spool as the sender does: oldest first, acknowledging each.
async function drain(spool: Spool): Promise<string[]> {
  const ids: string[] = [];
  for (let b = spool.peek(); b; b = spool.peek()) {
    ids.push(b.batch_id);
    await spool.ack(b.batch_id);
  }
  return ids;
}

describe('probe spool', () => {
  let dir: string;
  let file: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'probe-spool-'));
    file = join(dir, 'sub', 'spool.ndjson');
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true }).catch(() => undefined);
  });

  test('batches come out in the order they went in, and leave once acknowledged', async () => {
    const spool = await Spool.open(file, 1024 * 1024, log);
    await spool.append('b1', results(1, 100, 2));
    await spool.append('b2', results(1, 200, 3));
    await spool.append('b3', results(2, 300, 1));
    assert.equal(spool.size, 3);
    assert.equal(spool.spooledResults, 6);
    assert.equal(spool.peek()?.batch_id, 'b1');
    assert.deepEqual(
      spool.peek()?.results.map((r) => r.checked_at),
      [100, 101],
    );
    // Acknowledging out of order (a late answer) removes that one only.
    await spool.ack('b2');
    await spool.ack('unknown');
    assert.equal(spool.spooledResults, 3);
    assert.deepEqual(await drain(spool), ['b1', 'b3']);
    assert.equal(spool.spooledResults, 0);
    assert.equal(spool.dropped, 0);
    await spool.close();
    // All delivered: the file is empty again.
    assert.equal((await stat(file)).size, 0);
  });

  test('a restart replays what was not acknowledged, in order, with the same batch ids', async () => {
    const first = await Spool.open(file, 1024 * 1024, log);
    for (let i = 1; i <= 5; i++) await first.append(`b${i}`, results(7, i * 10, 2));
    await first.ack('b1');
    await first.ack('b3');
    await first.close();

    const second = await Spool.open(file, 1024 * 1024, log);
    assert.equal(second.size, 3);
    assert.equal(second.spooledResults, 6);
    assert.deepEqual(
      second.peek()?.results.map((r) => r.checked_at),
      [20, 21],
    );
    // New results queue behind the replayed ones.
    await second.append('b6', results(7, 60, 1));
    assert.deepEqual(await drain(second), ['b2', 'b4', 'b5', 'b6']);
    await second.close();

    const third = await Spool.open(file, 1024 * 1024, log);
    assert.equal(third.size, 0);
    await third.close();
  });

  test('a batch cut short by a crash is skipped, and the file is usable after it', async () => {
    const first = await Spool.open(file, 1024 * 1024, log);
    await first.append('b1', results(1, 1, 1));
    await first.close();
    await appendFile(file, '{"b":"b2","r":[{"monitor_id":1,"che');
    const second = await Spool.open(file, 1024 * 1024, log);
    assert.equal(second.size, 1);
    await second.append('b3', results(1, 3, 1));
    await second.close();
    const third = await Spool.open(file, 1024 * 1024, log);
    assert.deepEqual(await drain(third), ['b1', 'b3']);
    await third.close();
  });

  test('beyond its bound the oldest batches are dropped and counted', async () => {
    // A bound that holds three batches of 10 results.
    const bound = Math.floor(lineBytes(10) * 3.5);
    const spool = await Spool.open(file, bound, log);
    for (let i = 1; i <= 6; i++) await spool.append(`b${i}`, results(i, i * 100, 10));
    assert.equal(spool.size, 3);
    assert.equal(spool.dropped, 30);
    assert.equal(spool.spooledResults, 30);
    assert.equal(spool.peek()?.batch_id, 'b4');
    await spool.close();
    assert.ok((await stat(file)).size < bound * 2, 'the file stays near its bound');
    // The drops are in the file too: a restart does not bring them back.
    const again = await Spool.open(file, bound, log);
    assert.deepEqual(await drain(again), ['b4', 'b5', 'b6']);
    assert.equal(again.dropped, 0, 'dropped counts since this start');
    await again.close();
  });

  test('a smaller bound at restart keeps the newest batches', async () => {
    const first = await Spool.open(file, 1024 * 1024, log);
    for (let i = 1; i <= 4; i++) await first.append(`b${i}`, results(1, i * 100, 10));
    await first.close();
    const second = await Spool.open(file, Math.floor(lineBytes(10) * 2.5), log);
    assert.deepEqual([second.peek()?.batch_id, second.size, second.dropped], ['b3', 2, 20]);
    await second.close();
  });

  test('acknowledgements do not let the file grow without bound', async () => {
    const spool = await Spool.open(file, 64 * 1024 * 1024, log);
    // One batch always waiting (as while a send is in flight) while thousands pass through.
    await spool.append('keep', results(1, 1, 1));
    for (let i = 0; i < 400; i++) {
      await spool.append(`x${i}`, results(2, i, 50));
      await spool.ack(`x${i}`);
    }
    assert.equal(spool.size, 1);
    await spool.close();
    const size = (await stat(file)).size;
    assert.ok(size < 2 * 1024 * 1024, `file is ${size} bytes`);
    const text = await readFile(file, 'utf8');
    assert.ok(text.startsWith('{"b":"keep"'));
  });
});
