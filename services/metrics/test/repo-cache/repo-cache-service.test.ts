// The repository cache through the real service (issue 38): full-history runs fetch into one bare
// mirror per repository and clone from it; a re-run walks no commit; a later commit walks only what is
// new; a force-push walks everything and says why; a corrupted mirror is rebuilt, never used; two
// runs of one repository at once share the mirror; a lease left by a dead worker does not block it.
import assert from 'node:assert/strict';
import { readdirSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { needTool, testDatabases } from '@app/kit/testing';
import { mirrorPaths } from '../../src/pipeline/repo-cache/mirror-paths.js';
import { cloneUrlFor } from '../../src/shared-types/repo-validate.js';
import { mirrorLocksRepo } from '../../src/store/repos/mirror-locks-repo.js';
import { ALICE, BOB, CAROL, type FixtureBase, gitSync, RepoBuilder } from '../fixtures-builder/build-repo.js';
import { analyzeToDone, type FixtureService, startFixtureService } from '../helpers/fixture-service.js';
import { json, postAnalysis, waitFinished } from '../helpers/service.js';

const noGit = needTool('git');

interface Cache {
  rows_reused_from: number | null;
  git_history: {
    mode: string;
    base_commit: string | null;
    commits_walked: number;
    commits_reused: number;
    reason: string | null;
  };
  repo_cache: { action: string; reason: string | null; bytes: number };
}
const cacheOf = (r: Record<string, unknown>): Cache => r.cache as Cache;

let builder: RepoBuilder;
let day = 0;
const commit = (msg: string, who = ALICE): string =>
  builder.commit(msg, {
    author: who,
    date: new Date(Date.UTC(2024, 2, 1) + day++ * 86_400_000).toISOString(),
  });

function build(base: FixtureBase): void {
  builder = new RepoBuilder(join(base.dir, 'acme', 'cached'));
  builder.write('pkg/a.py', 'def f(x):\n    return x + 1\n').write('pkg/b.py', 'B = 1\n');
  commit('start');
  builder.write('pkg/c.py', 'def g(y):\n    if y:\n        return 1\n    return 2\n');
  commit('c', BOB);
  builder.tag('v1');
}

/** The file.csv history columns of a run, by path (what the incremental pass must not change). */
async function historyColumns(url: string, id: number): Promise<unknown> {
  const res = await json<{ items: Record<string, unknown>[] }>(
    await fetch(`${url}/api/analyses/${id}/files?limit=1000`),
  );
  return res.body.items.map((r) => [
    r.path,
    r.revisions,
    r.authors,
    r.age_days,
    r.churn,
    r.avg_loc_added,
    r.main_author_share,
  ]);
}

for (const target of (await testDatabases()).slice(0, 1)) {
  describe(`repository cache on ${target.name}`, { skip: target.skip || noGit }, () => {
    let fx: FixtureService;
    const body = { repo_url: 'https://github.com/acme/cached' };
    before(async () => {
      fx = await startFixtureService(target, build, {
        CLONE_SHALLOW: 'false',
        PYLINT_ENABLED: 'false',
        WORKER_CONCURRENCY: '2',
      });
    });
    after(async () => {
      await fx?.close();
    });

    const mirrorDir = (): string =>
      mirrorPaths(join(fx.dataDir, 'repo-cache'), cloneUrlFor('acme', 'cached', fx.base.baseUrl)).dir;

    test('a mirror per repository: created, re-used, walked incrementally, rebuilt when corrupt', async () => {
      const first = await analyzeToDone(fx.svc.url, body);
      assert.equal(cacheOf(first).repo_cache.action, 'created');
      assert.deepEqual(
        { ...cacheOf(first).git_history, base_commit: null },
        { mode: 'full', base_commit: null, commits_walked: 2, commits_reused: 0, reason: 'first_analysis' },
      );
      // One mirror, whole (no temporary folder left).
      assert.deepEqual(readdirSync(join(fx.dataDir, 'repo-cache')), [mirrorDir().split('/').pop()]);

      // The same commit again: everything reused, and it says so.
      const again = await analyzeToDone(fx.svc.url, body);
      assert.equal(cacheOf(again).repo_cache.action, 'updated');
      assert.deepEqual(cacheOf(again).git_history, {
        mode: 'incremental',
        base_commit: first.commit_sha,
        commits_walked: 0,
        commits_reused: 2,
        reason: null,
      });
      assert.equal(cacheOf(again).rows_reused_from, first.id);
      assert.deepEqual(
        await historyColumns(fx.svc.url, again.id as number),
        await historyColumns(fx.svc.url, first.id as number),
      );

      // Two commits later: only those are walked; the columns are those of a pass without the cache.
      builder.write('pkg/a.py', 'def f(x):\n    return x + 2\n');
      commit('edit a', CAROL);
      builder.move('pkg/b.py', 'pkg/bee.py');
      commit('rename b', BOB);
      const later = await analyzeToDone(fx.svc.url, body);
      assert.equal(cacheOf(later).git_history.mode, 'incremental');
      assert.equal(cacheOf(later).git_history.commits_walked, 2);
      assert.equal(cacheOf(later).git_history.commits_reused, 2);
      const revisions = (await historyColumns(fx.svc.url, later.id as number)) as unknown[][];
      assert.deepEqual(
        revisions.map((r) => [r[0], r[1], r[2]]),
        [
          ['pkg/a.py', 2, 2],
          ['pkg/bee.py', 2, 2],
          ['pkg/c.py', 1, 1],
        ],
      );

      // A corrupted mirror (every object file overwritten) is found and rebuilt; the results are the same.
      const objects = join(mirrorDir(), 'objects');
      const files = readdirSync(objects, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
      assert.ok(files.length > 0);
      for (const f of files) writeFileSync(join(f.parentPath, f.name), 'garbage');
      const rebuilt = await analyzeToDone(fx.svc.url, body);
      assert.equal(cacheOf(rebuilt).repo_cache.action, 'rebuilt');
      assert.equal(cacheOf(rebuilt).repo_cache.reason, 'corrupt');
      assert.deepEqual(await historyColumns(fx.svc.url, rebuilt.id as number), revisions);

      // The segments under the analysed commit pruned: its own is there, its chain is not. A full
      // pass says why and replaces it; the next run of that commit walks nothing.
      const db = fx.svc.server.ctx.db;
      await db.deleteFrom('history_segments').where('commit_sha', '!=', String(later.commit_sha)).execute();
      const broken = await analyzeToDone(fx.svc.url, body);
      assert.equal(cacheOf(broken).git_history.reason, 'chain_incomplete');
      assert.equal(cacheOf(broken).git_history.commits_walked, 4);
      const mended = await analyzeToDone(fx.svc.url, body);
      assert.equal(cacheOf(mended).git_history.mode, 'incremental');
      assert.equal(cacheOf(mended).git_history.commits_walked, 0);
      assert.deepEqual(await historyColumns(fx.svc.url, mended.id as number), revisions);
    });

    test('force-push: the history is walked in full and the run says why', async () => {
      gitSync(builder.dir, ['reset', '-q', '--hard', 'v1~1']);
      builder.write('pkg/z.py', 'Z = 26\n');
      commit('rewritten');
      const run = await analyzeToDone(fx.svc.url, body);
      assert.equal(cacheOf(run).git_history.mode, 'full');
      assert.equal(cacheOf(run).git_history.reason, 'not_an_ancestor');
      assert.equal(cacheOf(run).git_history.commits_walked, 2);
    });

    test('two runs of one repository at once share the mirror; a dead worker’s lease does not block', async () => {
      const db = fx.svc.server.ctx.db;
      const { key } = mirrorPaths(
        join(fx.dataDir, 'repo-cache'),
        cloneUrlFor('acme', 'cached', fx.base.baseUrl),
      );
      // A lease of a process of this host that no longer exists (kill -9), valid for an hour: taken over.
      const dead = `${hostname()}|2147483646|dead`;
      assert.ok(
        await mirrorLocksRepo.tryTake(db, key, dead, Date.now(), Date.now() + 3_600_000, () => false),
      );
      builder.write('pkg/c.py', 'def g(y):\n    return y\n');
      commit('edit c');
      const [a, b] = await Promise.all([
        json(await postAnalysis(fx.svc.url, body)),
        json(await postAnalysis(fx.svc.url, { ...body, ref: 'v1' })),
      ]);
      const done = await Promise.all([a, b].map((r) => waitFinished(fx.svc.url, r.body.id as number)));
      for (const d of done) assert.equal(d.status, 'done', JSON.stringify(d.error));
      // One mirror, used by both; nobody holds it afterwards.
      assert.deepEqual(
        done.map((d) => cacheOf(d).repo_cache.action),
        ['updated', 'updated'],
      );
      assert.equal(await mirrorLocksRepo.holder(db, key), null);
      assert.deepEqual(readdirSync(join(fx.dataDir, 'repo-cache')).length, 1);
      // The tag's history is its two commits, walked or replayed (its own segment went with the pruning above).
      const tag = cacheOf(done[1]!).git_history;
      assert.equal(tag.commits_walked + tag.commits_reused, 2);
    });
  });
}
