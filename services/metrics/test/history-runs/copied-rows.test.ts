// Without the content cache (CACHE_MAX_MB=0: per-commit runs cannot be stored by reference, see
// manifest-rows.test.ts), per-commit runs copy the rows of files unchanged since the previous
// per-commit run inside the database. On both engines: a copy holds the same values as storing the full measurement, a copy
// that finds fewer rows than expected stores nothing, and every per-commit run of a history run holds,
// column by column, what pyscan gives for that commit's files measured afresh.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { needTool, testDatabases } from '@app/kit/testing';
import { type AnalyzerPool, createAnalyzerPool, type FileAnalysis } from '@app/pyscan';
import type { Kysely } from 'kysely';
import { childResults } from '../../src/history-runs/child-rows.js';
import { type AnalysisRow, analysesRepo } from '../../src/store/repos/analyses-repo.js';
import { CopyMismatch, historyRunsRepo } from '../../src/store/repos/history-runs-repo.js';
import type { MetricsDB } from '../../src/store/schema.js';
import { analyzeToDone, type FixtureService, startFixtureService } from '../helpers/fixture-service.js';
import { buildHistoryFixture, type HistoryFixture } from './history-fixture.js';
import { expectedRows, measureCommit, rowsOf } from './stored-rows.js';

const skipGit = needTool('git');
for (const t of await testDatabases()) {
  describe(`per-commit runs' copied rows (${t.name})`, { skip: skipGit || t.skip }, () => {
    let fx: FixtureService;
    let h!: HistoryFixture;
    let db: Kysely<MetricsDB>;
    let pool: AnalyzerPool;
    // One held history run for the tests that store per-commit runs themselves (one running run per repository).
    let held: AnalysisRow | undefined;
    const heldParent = async () => {
      held ??= await runningParent(db, `https://github.com/${h.owner}/${h.repo}`);
      return held;
    };
    before(async () => {
      fx = await startFixtureService(
        t,
        (base) => {
          h = buildHistoryFixture(base);
        },
        { PYLINT_ENABLED: 'false', CACHE_MAX_MB: '0' },
      );
      db = fx.svc.server.ctx.db;
      pool = await createAnalyzerPool({ threads: 1 });
    });
    after(async () => {
      await pool?.close();
      await fx?.close();
    });

    test('every per-commit run holds the values of a fresh measurement of its commit, copied files included', async () => {
      const repoUrl = `https://github.com/${h.owner}/${h.repo}`;
      const run = await analyzeToDone(fx.svc.url, { repo_url: repoUrl, history: { commits: 10 } });
      const children = await db
        .selectFrom('analyses')
        .select(['id', 'commit_sha'])
        .where('history_parent_id', '=', run.id as number)
        .orderBy('id')
        .execute();
      // Newest first: c4 whole, then the merge (a.py, d.py… unchanged), c3, c2 and c1 copy from the one before.
      assert.deepEqual(
        children.map((c) => c.commit_sha),
        h.commits
          .slice(0, -1)
          .reverse()
          .map((c) => c.sha),
      );
      // The merge's run copied a.py and lib/b2.py from c4's (same paths, same blobs) before inserting the
      // rows of c.py and side.py: copied rows come first, where storing it whole would follow path order.
      const mergeFiles = await db
        .selectFrom('file_metrics')
        .select('path')
        .where('analysis_id', '=', Number(children[1]!.id))
        .orderBy('id')
        .execute();
      assert.deepEqual(
        mergeFiles.map((r) => r.path),
        ['a.py', 'lib/b2.py', 'c.py', 'side.py'],
      );
      for (const c of children) {
        const stored = await rowsOf(db, Number(c.id));
        const want = expectedRows(await measureCommit(pool, h.dir, c.commit_sha!), stored);
        assert.ok(stored.file_metrics.length > 0);
        assert.deepEqual(stored, want, `commit ${c.commit_sha}`);
      }
    });

    test('a copy from the previous per-commit run equals storing the full measurement', async () => {
      // Two commits of the fixture: the merge (a.py, lib/b2.py, c.py, side.py) and c4 (a.py, d.py, lib/b2.py).
      const [merge, c4] = [h.commits[3]!, h.commits[4]!];
      const older = await measureCommit(pool, h.dir, merge.sha);
      const newer = await measureCommit(pool, h.dir, c4.sha);
      assert.deepEqual(
        older.map((a) => a.file.path),
        ['a.py', 'c.py', 'lib/b2.py', 'side.py'],
      );
      assert.deepEqual(
        newer.map((a) => a.file.path),
        ['a.py', 'd.py', 'lib/b2.py'],
      );
      const parent = await heldParent();
      const child = (sha: string, analyses: FileAnalysis[], keep?: (a: FileAnalysis) => boolean) => ({
        commitSha: sha,
        commitDate: 1,
        refUsed: 'main',
        settings: {},
        startedAt: 1,
        now: 2,
        results: childResults(
          analyses,
          { repoUrl: 'x', ref: 'main', commitSha: sha, durationMs: 1, now: 2 },
          keep,
        ),
      });
      const first = await historyRunsRepo.insertChild(db, parent, 'me|1|x', child(merge.sha, older));
      assert.ok(first !== null);
      // c4 copies a.py and lib/b2.py (same paths, same blobs) and sends only d.py's rows.
      const copied = await historyRunsRepo.insertChild(db, parent, 'me|1|x', {
        ...child(c4.sha, newer, (a) => a.file.path === 'd.py'),
        copy: { fromId: first, paths: ['a.py', 'lib/b2.py'] },
      });
      const whole = await historyRunsRepo.insertChild(db, parent, 'me|1|x', child(c4.sha, newer));
      assert.ok(copied !== null && whole !== null);
      const got = await rowsOf(db, copied);
      assert.deepEqual(
        got.file_metrics.map((r) => r.path),
        ['a.py', 'd.py', 'lib/b2.py'],
      );
      assert.deepEqual(
        got.function_metrics.map((r) => [r.path, r.name, r.complexity]),
        [
          ['a.py', 'f', 2],
          ['d.py', 'f', 2],
          ['lib/b2.py', 'g', 2],
        ],
      );
      assert.deepEqual(got, await rowsOf(db, whole));
      const sums = await db
        .selectFrom('summaries')
        .selectAll()
        .where('analysis_id', 'in', [copied, whole])
        .orderBy('analysis_id')
        .execute();
      const [a, b] = sums.map(({ analysis_id: _a, ...rest }) => rest);
      assert.ok(a && b);
      assert.deepEqual(a, b);
      const rec = await analysesRepo.get(db, copied);
      assert.equal(rec?.progress_total, 3);
    });

    test('a copy that finds fewer rows than it expects stores nothing', async () => {
      const parent = await heldParent();
      const c1 = h.commits[0]!;
      const analyses = await measureCommit(pool, h.dir, c1.sha);
      const base = {
        commitSha: c1.sha,
        commitDate: 1,
        refUsed: 'main',
        settings: {},
        startedAt: 1,
        now: 2,
        results: childResults(analyses, {
          repoUrl: 'x',
          ref: 'main',
          commitSha: c1.sha,
          durationMs: 1,
          now: 2,
        }),
      };
      const first = await historyRunsRepo.insertChild(db, parent, 'me|1|x', base);
      assert.ok(first !== null);
      const before = await historyRunsRepo.children(db, parent.id);
      await assert.rejects(
        historyRunsRepo.insertChild(db, parent, 'me|1|x', {
          ...base,
          results: { ...base.results, files: [], classes: [], functions: [] },
          copy: { fromId: first, paths: [...analyses.map((a) => a.file.path), 'gone.py'] },
        }),
        CopyMismatch,
      );
      assert.deepEqual(await historyRunsRepo.children(db, parent.id), before);
    });
  });
}

/** A running history run held by `me|1|x` (per-commit runs are only stored under a held parent). */
async function runningParent(db: Kysely<MetricsDB>, repoUrl: string): Promise<AnalysisRow> {
  const now = Date.now();
  return db
    .insertInto('analyses')
    .values({
      repo_url: repoUrl,
      owner: 'acme',
      repo: 'hist',
      branch: null,
      ref: null,
      status: 'running',
      stage: 'history',
      stage_times: JSON.stringify([{ stage: 'pending', at: now }]),
      progress_done: 0,
      progress_total: 0,
      warnings: '[]',
      settings: JSON.stringify({ history_run: { commits: 5, since: null } }),
      created_at: now,
      started_at: now,
      lease_owner: 'me|1|x',
      lease_expires_at: now + 600_000,
      attempts: 1,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
