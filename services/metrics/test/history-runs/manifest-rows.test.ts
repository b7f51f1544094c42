// Per-commit runs stored by reference, on both engines: a history run stores each earlier commit as its
// summary and a manifest (path → blob id) whose results are the content cache's payloads, pinned
// against pruning while the run exists; trends read the manifests without writing rows; the first read
// of a per-commit run's rows writes them (once, however many readers ask at the same time), equal
// column by column to a fresh measurement of the commit; deleting the run unpins its contents.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { needTool, testDatabases } from '@app/kit/testing';
import { type AnalyzerPool, createAnalyzerPool } from '@app/pyscan';
import type { Kysely } from 'kysely';
import type { FileTrendResponse, FunctionTrendResponse } from '../../src/shared-types/trend-types.js';
import { cacheRepo } from '../../src/store/repos/cache-repo.js';
import type { MetricsDB } from '../../src/store/schema.js';
import { gitSync } from '../fixtures-builder/build-repo.js';
import { analyzeToDone, type FixtureService, startFixtureService } from '../helpers/fixture-service.js';
import { json } from '../helpers/service.js';
import { buildHistoryFixture, type HistoryFixture } from './history-fixture.js';
import { expectedRows, measureCommit, rowsOf } from './stored-rows.js';

const skipGit = needTool('git');

const count = async (db: Kysely<MetricsDB>, table: 'file_metrics' | 'function_metrics', id: number) =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('analysis_id', '=', id)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** The blob ids of a commit's Python files as a history run picks them (no tests). */
function pythonBlobs(dir: string, sha: string): string[] {
  return gitSync(dir, ['ls-tree', '-r', sha])
    .split('\n')
    .filter((l) => l.endsWith('.py') && !l.split('\t')[1]!.startsWith('tests/'))
    .map((l) => l.split(/\s+/)[2]!);
}

for (const t of await testDatabases()) {
  describe(`per-commit runs stored by reference (${t.name})`, { skip: skipGit || t.skip }, () => {
    let fx: FixtureService;
    let h!: HistoryFixture;
    let db: Kysely<MetricsDB>;
    let pool: AnalyzerPool;
    before(async () => {
      fx = await startFixtureService(
        t,
        (base) => {
          h = buildHistoryFixture(base);
        },
        { PYLINT_ENABLED: 'false' },
      );
      db = fx.svc.server.ctx.db;
      pool = await createAnalyzerPool({ threads: 1 });
    });
    after(async () => {
      await pool?.close();
      await fx?.close();
    });

    test('manifests, pinned contents, trends without rows, rows on first read, unpinned on delete', async () => {
      const url = fx.svc.url;
      const run = await analyzeToDone(url, {
        repo_url: `https://github.com/${h.owner}/${h.repo}`,
        history: { commits: 10 },
      });
      const runId = run.id as number;
      const children = await db
        .selectFrom('analyses as a')
        .innerJoin('summaries as s', 's.analysis_id', 'a.id')
        .select(['a.id', 'a.commit_sha', 's.files'])
        .where('a.history_parent_id', '=', runId)
        .orderBy('a.id')
        .execute();
      assert.equal(children.length, h.commits.length - 1);

      // Stored: the summary and a manifest per commit, no rows.
      for (const c of children) {
        const m = await db
          .selectFrom('commit_manifests')
          .select('file_count')
          .where('analysis_id', '=', Number(c.id))
          .executeTakeFirstOrThrow();
        assert.equal(m.file_count, Number(c.files));
        assert.equal(await count(db, 'file_metrics', Number(c.id)), 0);
      }

      // Pinned: exactly the contents the per-commit runs name; pruning to nothing keeps them.
      const named = new Set(children.flatMap((c) => pythonBlobs(h.dir, c.commit_sha!)));
      const pins = await db
        .selectFrom('history_contents')
        .select('blob_id')
        .where('parent_id', '=', runId)
        .execute();
      assert.deepEqual(new Set(pins.map((p) => p.blob_id)), named);
      await cacheRepo.prune(db, 0);
      const kept = await db.selectFrom('blob_metrics').select('blob_id').execute();
      assert.deepEqual(new Set(kept.map((k) => k.blob_id)), named);

      // Trends read the manifests: lib/b2.py is followed to b.py (moved unchanged) in the oldest commits.
      const cc = (e: (typeof h.commits)[number]) => e.functions['lib/b2.py::g'] ?? e.functions['b.py::g'];
      const path = (e: (typeof h.commits)[number]) => ('b.py::g' in e.functions ? 'b.py' : 'lib/b2.py');
      const byDate = [...h.commits].sort((a, b) => a.date.localeCompare(b.date));
      const file = await json<FileTrendResponse>(
        await fetch(`${url}/api/repositories/${h.owner}/${h.repo}/files/trend?path=lib/b2.py`),
      );
      assert.equal(file.status, 200);
      assert.deepEqual(
        file.body.series.flatMap((s) => s.points.map((p) => [p.commit_sha, p.path, p.cc_total])),
        byDate.map((e) => [e.sha, path(e), cc(e)]),
      );
      const fn = await json<FunctionTrendResponse>(
        await fetch(`${url}/api/repositories/${h.owner}/${h.repo}/functions/trend?path=lib/b2.py&name=g`),
      );
      assert.deepEqual(
        fn.body.series.flatMap((s) => s.points.map((p) => [p.commit_sha, p.path, p.complexity])),
        byDate.map((e) => [e.sha, path(e), cc(e)]),
      );
      for (const c of children) assert.equal(await count(db, 'file_metrics', Number(c.id)), 0);

      // The source view of a file writes the rows too (its metrics and function spans are rows).
      const oldest = children.at(-1)!;
      const src = await json<{ path: string; functions: unknown[] }>(
        await fetch(`${url}/api/analyses/${oldest.id}/source?path=a.py`),
      );
      assert.equal(src.status, 200, JSON.stringify(src.body));
      assert.equal(src.body.functions.length, 1);
      assert.equal(await count(db, 'file_metrics', Number(oldest.id)), Number(oldest.files));

      // The first read writes the rows, once, though two readers ask at the same time.
      for (const c of children) {
        const id = Number(c.id);
        const [files, fns] = await Promise.all([
          fetch(`${url}/api/analyses/${id}/files?limit=500`),
          fetch(`${url}/api/analyses/${id}/functions?limit=500`),
        ]);
        assert.equal(files.status, 200);
        assert.equal(fns.status, 200);
        assert.equal(((await files.json()) as { total: number }).total, Number(c.files));
        const stored = await rowsOf(db, id);
        assert.deepEqual(stored, expectedRows(await measureCommit(pool, h.dir, c.commit_sha!), stored));
        const left = await db
          .selectFrom('commit_manifests')
          .select('analysis_id')
          .where('analysis_id', '=', id);
        assert.equal((await left.execute()).length, 0);
      }

      // Deleting the history run unpins its contents: the cache can be pruned to nothing.
      assert.equal((await fetch(`${url}/api/analyses/${runId}`, { method: 'DELETE' })).status, 204);
      const pinsLeft = await db.selectFrom('history_contents').select('blob_id').execute();
      assert.equal(pinsLeft.length, 0);
      await cacheRepo.prune(db, 0);
      assert.equal((await db.selectFrom('blob_metrics').select('blob_id').execute()).length, 0);
    });
  });
}
