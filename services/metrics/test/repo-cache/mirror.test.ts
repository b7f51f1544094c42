// The repository cache's parts on their own (issue 38): the size cap applies before anything is
// fetched; a fetch killed half-way is cleaned up and checked; the budget removes the least recently
// used mirrors but never one in use; a lease held by a process killed with -9 is taken at once.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { needTool, testDatabases } from '@app/kit/testing';
import { dbSegmentStore } from '../../src/pipeline/history/incremental-store.js';
import { newLeaseOwner, ownerIsGone } from '../../src/pipeline/jobs/lease-owner.js';
import { CloneError } from '../../src/pipeline/repo/clone-error.js';
import { evictMirrors } from '../../src/pipeline/repo-cache/mirror-budget.js';
import { refreshMirror } from '../../src/pipeline/repo-cache/mirror-fetch.js';
import { lockMirror, tryLockMirror } from '../../src/pipeline/repo-cache/mirror-lock.js';
import { FETCHING_MARK, mirrorPaths, USED_MARK } from '../../src/pipeline/repo-cache/mirror-paths.js';
import { historySegmentsRepo } from '../../src/store/repos/history-segments-repo.js';
import { mirrorLocksRepo } from '../../src/store/repos/mirror-locks-repo.js';
import { ALICE, type FixtureBase, gitSync, RepoBuilder } from '../fixtures-builder/build-repo.js';
import { type FixtureService, startFixtureService } from '../helpers/fixture-service.js';

const noGit = needTool('git');

function build(base: FixtureBase): void {
  for (const name of ['one', 'two', 'three']) {
    const b = new RepoBuilder(join(base.dir, 'acme', name));
    // Incompressible content, so a small cap is passed for certain.
    b.write('big.bin', randomBytes(300_000));
    b.write('a.py', `NAME = "${name}"\n`);
    b.commit('start', { author: ALICE, date: '2024-01-01T00:00:00Z' });
  }
}

const targets = await testDatabases();
for (const target of targets) {
  // The git parts do not depend on the database: they run on the first engine; the leases on each.
  const gitOnce = target === targets[0] ? {} : { skip: 'git parts run on the first engine only' };
  describe(`repository cache parts on ${target.name}`, { skip: target.skip || noGit }, () => {
    let fx: FixtureService;
    let root: string;
    before(async () => {
      fx = await startFixtureService(target, build, {}, { worker: false });
      root = mkdtempSync(join(tmpdir(), 'metrics-mirrors-'));
    });
    after(async () => {
      await fx?.close();
      rmSync(root, { recursive: true, force: true });
    });
    const urlOf = (name: string) => `${fx.base.baseUrl}/acme/${name}`;
    const opts = (name: string, maxBytes = 0) => ({
      url: urlOf(name),
      paths: mirrorPaths(root, urlOf(name)),
      maxBytes,
      deadline: Date.now() + 60_000,
      signal: new AbortController().signal,
    });

    test(
      'the size cap: a new mirror over it is never kept; a mirror already over it is not fetched into',
      gitOnce,
      async () => {
        await assert.rejects(refreshMirror(opts('one', 100_000)), (e: unknown) => {
          assert.ok(e instanceof CloneError);
          assert.equal(e.code, 'repo_too_large');
          return true;
        });
        assert.deepEqual(readdirSync(root), []);
        const made = await refreshMirror(opts('one'));
        assert.equal(made.action, 'created');
        const head = gitSync(opts('one').paths.dir, ['rev-parse', 'HEAD']);
        const b = new RepoBuilder(join(fx.base.dir, 'acme', 'one'));
        b.write('a.py', 'NAME = "one, later"\n').commit('later', {
          author: ALICE,
          date: '2024-01-02T00:00:00Z',
        });
        await assert.rejects(refreshMirror(opts('one', 100_000)), /over the cap of 0.1 MB/);
        // Refused before the fetch: the mirror still has the old commit.
        assert.equal(gitSync(opts('one').paths.dir, ['rev-parse', 'HEAD']), head);
        assert.equal((await refreshMirror(opts('one'))).action, 'updated');
        assert.notEqual(gitSync(opts('one').paths.dir, ['rev-parse', 'HEAD']), head);
      },
    );

    test(
      'a fetch killed half-way: its temporary pack goes, a sound mirror is kept, a broken one rebuilt',
      gitOnce,
      async () => {
        const { dir } = opts('one').paths;
        writeFileSync(join(dir, FETCHING_MARK), '');
        writeFileSync(join(dir, 'objects', 'pack', 'tmp_pack_x'), 'partial');
        assert.deepEqual(await refreshMirror(opts('one')).then((u) => [u.action, u.reason]), [
          'updated',
          null,
        ]);
        assert.equal(existsSync(join(dir, 'objects', 'pack', 'tmp_pack_x')), false);
        assert.equal(existsSync(join(dir, FETCHING_MARK)), false);
        writeFileSync(join(dir, FETCHING_MARK), '');
        rmSync(join(dir, 'objects'), { recursive: true });
        assert.deepEqual(await refreshMirror(opts('one')).then((u) => [u.action, u.reason]), [
          'rebuilt',
          'interrupted_fetch_corrupt',
        ]);
        assert.equal(gitSync(dir, ['fsck', '--connectivity-only']), '');
      },
    );

    test(
      'the budget: least recently used first, never a mirror in use nor the caller’s',
      gitOnce,
      async () => {
        const db = fx.svc.server.ctx.db;
        for (const name of ['two', 'three']) await refreshMirror(opts(name));
        const [one, two, three] = ['one', 'two', 'three'].map((n) => opts(n).paths);
        // Used in the order two, one, three (oldest first).
        const at = (p: { dir: string }, s: number) => utimesSync(join(p.dir, USED_MARK), s, s);
        at(two!, 1_000);
        at(one!, 2_000);
        at(three!, 3_000);
        const lockOpts = { db, owner: `${hostname()}|${process.pid}|test`, leaseMs: 30_000 };
        const inUse = await tryLockMirror(two!.key, lockOpts);
        assert.ok(inUse);
        // A budget of one mirror, called by three's user: two is in use, so one goes.
        const removed = await evictMirrors({ ...lockOpts, root, budgetBytes: 400_000, keep: three!.key });
        assert.deepEqual(removed, [one!.key]);
        assert.deepEqual(readdirSync(root).sort(), [`${three!.key}.git`, `${two!.key}.git`].sort());
        await inUse.release();
        assert.deepEqual(await evictMirrors({ ...lockOpts, root, budgetBytes: 400_000, keep: three!.key }), [
          two!.key,
        ]);
        assert.equal(await mirrorLocksRepo.holder(db, two!.key), null);
      },
    );

    test('a lease held by a process killed with -9 is taken at once; a live holder’s is not', async () => {
      const db = fx.svc.server.ctx.db;
      const child = spawn('sleep', ['60'], { stdio: 'ignore' });
      const holder = `${hostname()}|${child.pid}|child`;
      assert.ok(
        await mirrorLocksRepo.tryTake(
          db,
          'k1',
          `${holder}#1`,
          Date.now(),
          Date.now() + 3_600_000,
          () => false,
        ),
      );
      const me = newLeaseOwner();
      const mine = { db, owner: me, leaseMs: 30_000, ownerIsGone };
      assert.equal(await tryLockMirror('k1', mine), null, 'the holder is alive');
      child.kill('SIGKILL');
      await once(child, 'exit');
      const lock = await lockMirror('k1', { ...mine, deadline: Date.now() });
      assert.ok(lock, 'taken without waiting for the hour-long lease');
      // A run cancelled while it waits for the mirror stops waiting; the holder keeps it.
      const cancel = new AbortController();
      const waiting = lockMirror('k1', { ...mine, signal: cancel.signal });
      cancel.abort(new Error('cancelled'));
      await assert.rejects(waiting, /cancelled/);
      assert.ok((await mirrorLocksRepo.holder(db, 'k1'))?.startsWith(`${me}#`));
      // Released: a waiter of this process is woken and takes it.
      const other = newLeaseOwner();
      const next = lockMirror('k1', { ...mine, owner: other });
      await lock.release();
      const second = await next;
      assert.ok(second);
      assert.ok((await mirrorLocksRepo.holder(db, 'k1'))?.startsWith(`${other}#`));
      await second.release();
      assert.equal(await mirrorLocksRepo.holder(db, 'k1'), null);
    });

    test('history segments: stored, replaced by a new pass of the commit, pruned least recently used first', async () => {
      const db = fx.svc.server.ctx.db;
      const repoKey = `https://github.com/acme/segments-${target.name}`;
      const store = dbSegmentStore(db, repoKey);
      const commit = (sha: string) => ({
        sha,
        parents: [],
        time: 1,
        email: 'a@example.com',
        name: 'A',
        changes: [{ path: 'a.py', oldPath: undefined, added: 1, deleted: 0 }],
        created: ['a.py'],
      });
      await store.put({ commitSha: 'c1', baseSha: null, total: 1, commits: [commit('c1')] }, 'm');
      await store.put({ commitSha: 'c2', baseSha: 'c1', total: 2, commits: [commit('c2')] }, 'm');
      assert.deepEqual((await store.heads()).map((h) => [h.commit_sha, h.mailmap, h.total]).sort(), [
        ['c1', 'm', 1],
        ['c2', 'm', 2],
      ]);
      const got = await store.get('c2', 'm');
      assert.equal(got?.baseSha, 'c1');
      assert.deepEqual(JSON.parse(JSON.stringify(got?.commits)), JSON.parse(JSON.stringify([commit('c2')])));
      assert.equal(await store.get('c2', 'other'), null);
      // A full pass of c2 replaces its segment.
      await store.put(
        { commitSha: 'c2', baseSha: null, total: 2, commits: [commit('c2'), commit('c1')] },
        'm',
      );
      assert.equal((await store.get('c2', 'm'))?.baseSha, null);
      // c1 used last: the pruner takes c2 first.
      await db
        .updateTable('history_segments')
        .set({ last_used_at: 1 })
        .where('repo_key', '=', repoKey)
        .execute();
      await store.touch(['c1'], 'm');
      const sizes = await db
        .selectFrom('history_segments')
        .select(['commit_sha', 'bytes'])
        .where('repo_key', '=', repoKey)
        .execute();
      const c1Bytes = sizes.find((r) => r.commit_sha === 'c1')!.bytes;
      const others = await db
        .selectFrom('history_segments')
        .select('bytes')
        .where('repo_key', '!=', repoKey)
        .execute();
      const keep = c1Bytes + others.reduce((n, r) => n + r.bytes, 0);
      assert.ok((await historySegmentsRepo.prune(db, keep)) >= 1);
      assert.deepEqual(
        (await store.heads()).map((h) => h.commit_sha),
        ['c1'],
      );
    });
  });
}
