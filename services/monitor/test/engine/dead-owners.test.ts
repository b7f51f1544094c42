import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { after, describe, test } from 'node:test';
import { ownerProcessGone, processOwnerOf } from '@app/kit';
import { testDatabases } from '@app/kit/testing';
import type { Kysely } from 'kysely';
import type { MonitorDB } from '../../src/store/schema.js';
import { type Harness, startHarness, waitFor } from './harness.js';

/** A real idle process of this host, to own leases as a live (or, once killed, dead) instance would. */
async function idleProcess(): Promise<{ child: ChildProcess; owner: string }> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1e6); console.log("up")'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await once(child.stdout!, 'data');
  return { child, owner: processOwnerOf(child.pid!) };
}

async function deadOwner(): Promise<string> {
  const { child, owner } = await idleProcess();
  child.kill('SIGKILL');
  await once(child, 'exit');
  return owner;
}

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

/** Gives `shards` to `owner` for ten minutes, as an instance that has just renewed would hold them. */
async function hold(db: Kysely<MonitorDB>, owner: string, shards: number[]) {
  const until = Date.now() + 600_000;
  await db
    .updateTable('scheduler_leases')
    .set({ owner, lease_until: until })
    .where('shard', 'in', shards)
    .execute();
  await db.insertInto('scheduler_instances').values({ owner, alive_until: until }).execute();
}

const holders = async (db: Kysely<MonitorDB>) =>
  new Map(
    (await db.selectFrom('scheduler_leases').select(['shard', 'owner']).execute()).map((r) => [
      r.shard,
      r.owner,
    ]),
  );

const live: ChildProcess[] = [];
after(() => {
  for (const c of live) c.kill('SIGKILL');
});

describe('lease owners name their process', () => {
  test('a dead pid, a reused pid and an earlier boot are gone; live, foreign and unknown owners are not', async () => {
    const { child, owner } = await idleProcess();
    live.push(child);
    assert.equal(ownerProcessGone(owner), false, 'a live process of this host');
    assert.equal(ownerProcessGone(await deadOwner()), true, 'a killed process of this host');
    const [host, pid, start, nonce] = owner.split('|') as [string, string, string, string];
    const [boot, ticks] = start.split(':') as [string, string];
    // The same pid started at another time is another process: the owner's is gone.
    assert.equal(ownerProcessGone(`${host}|${pid}|${boot}:${Number(ticks) + 1}|${nonce}`), true);
    assert.equal(ownerProcessGone(`${host}|${pid}|not-this-boot:${ticks}|${nonce}`), true);
    // Nothing is known about processes of another host, nor about owners in another format.
    assert.equal(ownerProcessGone(`${hostname()}-elsewhere|${pid}|${start}|${nonce}`), false);
    assert.equal(ownerProcessGone(`${host}|${pid}|${nonce}`), false);
    assert.equal(ownerProcessGone('crashed-worker'), false);
  });

  test('a process that exited but was not reaped (a zombie) is gone', async () => {
    // The shell starts a child, then becomes `sleep`, which never reaps it once it dies.
    const parent = spawn('sh', ['-c', 'sleep 1000 & echo $!; exec sleep 1000'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    live.push(parent);
    const pid = Number(String(await once(parent.stdout!, 'data')).trim());
    // Until the shell has become `sleep` it may still reap a child that dies (dash does before exec):
    // kill the child only once nothing is left in the parent that waits for children.
    await waitFor('the shell to become sleep', async () =>
      readFileSync(`/proc/${parent.pid}/comm`, 'utf8').trim() === 'sleep' ? true : undefined,
    );
    const owner = processOwnerOf(pid);
    assert.equal(ownerProcessGone(owner), false);
    process.kill(pid, 'SIGKILL');
    await waitFor('the child to be a zombie', async () =>
      readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ') ? true : undefined,
    );
    assert.equal(ownerProcessGone(owner), true);
  });
});

for (const t of await testDatabases()) {
  describe(`dead lease owners (${t.name})`, { skip: t.skip }, () => {
    test('a start takes the shards of two dead predecessors of this host at once', async () => {
      const db = await t.create();
      let h: Harness | undefined;
      try {
        h = await startHarness(t, {}, db);
        const k = h.server.ctx.db;
        await h.server.ctx.engine.stop();
        // Two instances crashed one after the other, the second before it freed the first's leases.
        const [first, second] = [await deadOwner(), await deadOwner()];
        await hold(k, first, range(0, 40));
        await hold(k, second, range(40, 64));
        await h.close();

        h = await startHarness(t, {}, db);
        const engine = h.server.ctx.engine;
        assert.equal(engine.stats().shards, 64, 'every shard held as the start completes');
        const owners = await holders(h.server.ctx.db);
        assert.deepEqual(new Set(owners.values()), new Set([engine.owner]));
        const instances = await h.server.ctx.db.selectFrom('scheduler_instances').select('owner').execute();
        assert.deepEqual(
          instances.map((r) => r.owner),
          [engine.owner],
        );
      } finally {
        await h?.close();
        await db.cleanup();
      }
    });

    test('leases of a live process, or of another host, wait for their expiry; a reused pid does not', async () => {
      const db = await t.create();
      let h: Harness | undefined;
      try {
        h = await startHarness(t, {}, db);
        const k = h.server.ctx.db;
        await h.server.ctx.engine.stop();
        const { child, owner: alive } = await idleProcess();
        live.push(child);
        const dead = await deadOwner();
        const [, deadPid, deadStart, nonce] = dead.split('|');
        const elsewhere = `${hostname()}-elsewhere|${deadPid}|${deadStart}|${nonce}`;
        // The live process's pid, but a start time that is not its own: an earlier life of that pid.
        const [host, pid, start] = alive.split('|') as [string, string, string];
        const [boot, ticks] = start.split(':') as [string, string];
        const reused = `${host}|${pid}|${boot}:${Number(ticks) - 1}|old`;
        await hold(k, alive, range(0, 16));
        await hold(k, elsewhere, range(16, 32));
        await hold(k, reused, range(32, 48));
        await h.close();

        h = await startHarness(t, {}, db);
        const engine = h.server.ctx.engine;
        const owners = await holders(h.server.ctx.db);
        for (const s of range(0, 16))
          assert.equal(owners.get(s), alive, `shard ${s} stays with the live process`);
        for (const s of range(16, 32))
          assert.equal(owners.get(s), elsewhere, `shard ${s} stays with the other host`);
        assert.ok(![...owners.values()].includes(reused), 'the reused pid holds nothing');
        // Three instances count as alive (this one, the live process, the other host): a third each.
        assert.deepEqual(
          [...engine.leases.owned].sort((a, b) => a - b),
          range(32, 54),
        );
      } finally {
        await h?.close();
        await db.cleanup();
      }
    });
  });
}
