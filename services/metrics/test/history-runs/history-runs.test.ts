// History runs and the content cache end to end, on both engines: a repository built commit by commit
// with known metrics per commit, one run per earlier commit of the first-parent line, cache hits and
// misses counted, a pyscan version change measuring again, and no per-commit run left by a dead worker.
import assert from 'node:assert/strict';
import { hostname } from 'node:os';
import { after, before, describe, test } from 'node:test';
import { needTool, testDatabases } from '@app/kit/testing';
import type { Kysely } from 'kysely';
import { childResults } from '../../src/history-runs/child-rows.js';
import { historyRunsRepo } from '../../src/store/repos/history-runs-repo.js';
import type { MetricsDB } from '../../src/store/schema.js';
import { type FixtureService, startFixtureService } from '../helpers/fixture-service.js';
import { json, postAnalysis, waitFinished } from '../helpers/service.js';
import { buildHistoryFixture, type HistoryFixture } from './history-fixture.js';
import { childrenOf, functionsOf, mirrored, type Rec, run, streamWhile } from './run-reads.js';

const skipGit = needTool('git');

for (const t of await testDatabases()) {
  describe(`history runs and the content cache (${t.name})`, { skip: skipGit || t.skip }, () => {
    let fx: FixtureService;
    let h!: HistoryFixture;
    let repoUrl: string;
    let db: Kysely<MetricsDB>;
    // The first history run of HEAD, whose rows an identical re-run copies.
    let firstHistoryId = 0;
    before(async () => {
      fx = await startFixtureService(
        t,
        (base) => {
          h = buildHistoryFixture(base);
        },
        { PYLINT_ENABLED: 'false', LEASE_SECONDS: '2', CACHE_PYSCAN_VERSION: 'v1' },
        { worker: false },
      );
      repoUrl = `https://github.com/${h.owner}/${h.repo}`;
      db = fx.svc.server.ctx.db;
    });
    after(() => fx?.close());

    test('a queued run is reused only by a request for the same history', async () => {
      const url = fx.svc.url;
      const plain = await json(await postAnalysis(url, { repo_url: repoUrl }));
      assert.equal(plain.status, 202);
      const same = await json(await postAnalysis(url, { repo_url: repoUrl }));
      assert.equal(same.status, 200);
      assert.equal(same.body.id, plain.body.id);
      for (const history of [{ commits: 2 }, true]) {
        const other = await json<{ code: string }>(await postAnalysis(url, { repo_url: repoUrl, history }));
        assert.equal(other.status, 409, JSON.stringify(history));
        assert.equal(other.body.code, 'analysis_pending');
      }
      const cancelled = await fetch(`${url}/api/analyses/${plain.body.id}/cancel`, { method: 'POST' });
      assert.equal(cancelled.status, 200);
    });

    test('a history run stores one run per earlier first-parent commit, with its metrics, and streams each commit', async () => {
      const url = fx.svc.url;
      const r = await json(await postAnalysis(url, { repo_url: repoUrl, history: { commits: 10 } }));
      assert.equal(r.status, 202, JSON.stringify(r.body));
      const id = r.body.id as number;
      firstHistoryId = id;
      assert.deepEqual((r.body.settings as Record<string, unknown>).history_run, {
        commits: 10,
        since: null,
      });
      const events = await streamWhile(`${url}/api/analyses/${id}/stream`, () => fx.svc.server.startWorker());
      const stages = events.filter((e) => e.event === 'stage').map((e) => e.data.stage);
      assert.ok(stages.includes('history'), JSON.stringify(stages));
      assert.ok(stages.indexOf('history') < stages.indexOf('generating'));
      const earlier = h.commits.slice(0, -1).reverse();
      const commitEvents = events.filter((e) => e.event === 'commit').map((e) => e.data);
      assert.deepEqual(
        commitEvents.map((c) => [c.sha, c.done, c.total]),
        earlier.map((c, i) => [c.sha, i + 1, earlier.length]),
      );
      assert.deepEqual(
        commitEvents.map((c) => c.commit_date),
        earlier.map((c) => new Date(c.date).toISOString()),
      );
      const lastProgress = events.filter((e) => e.event === 'progress' && e.data.stage === 'history').at(-1);
      assert.deepEqual(lastProgress?.data, { stage: 'history', done: earlier.length, total: earlier.length });
      assert.equal(events.at(-1)?.event, 'done');

      const parent = (await json<Rec>(await fetch(`${url}/api/analyses/${id}`))).body;
      assert.equal(parent.status, 'done');
      assert.equal(parent.commit_sha, h.commits.at(-1)?.sha);
      // Head: a.py and d.py share a blob, lib/b2.py; then A1, B1, C1 and side.py from earlier commits.
      assert.deepEqual(mirrored(parent.cache), {
        blobs_hit: 0,
        blobs_measured: h.distinctBlobs,
        pylint: 'off',
        history_commits: earlier.length,
        history_commits_reused: 0,
        rows_reused_from: null,
        git_history: null,
        repo_cache: 'created',
        pylint_files: null,
      });
      assert.deepEqual(await functionsOf(url, id), h.commits.at(-1)?.functions);

      const children = await childrenOf(db, id);
      assert.deepEqual(
        children.map((c) => c.commit_sha),
        earlier.map((c) => c.sha),
      );
      assert.ok(!children.some((c) => c.commit_sha === h.sideSha), 'the side commit is off the line');
      for (const [i, c] of children.entries()) {
        const want = earlier[i]!;
        assert.equal(c.status, 'done');
        assert.equal(c.ref_used, 'main');
        assert.equal(Number(c.commit_date), Date.parse(want.date));
        assert.deepEqual(await functionsOf(url, Number(c.id)), want.functions, `commit ${want.date}`);
        const rec = (await json<Rec>(await fetch(`${url}/api/analyses/${c.id}`))).body;
        assert.equal(rec.history_parent_id, id);
        assert.equal(rec.commit_date, new Date(want.date).toISOString());
        const files = await db
          .selectFrom('summaries')
          .select('files')
          .where('analysis_id', '=', Number(c.id))
          .executeTakeFirstOrThrow();
        assert.equal(files.files, new Set(Object.keys(want.functions).map((k) => k.split(':')[0])).size);
      }
      // A per-commit run reads like any run through the result endpoints (paths as at that commit).
      const oldest = Number(children.at(-1)?.id);
      const fns = (
        await json<{ items: { path: string; name: string; complexity: number }[] }>(
          await fetch(`${url}/api/analyses/${oldest}/functions?sort=path`),
        )
      ).body.items;
      assert.deepEqual(
        fns.map((f) => [f.path, f.name, f.complexity]),
        [
          ['a.py', 'f', 1],
          ['b.py', 'g', 2],
        ],
      );
      const summary = await fetch(`${url}/api/analyses/${oldest}/summary`);
      assert.equal(summary.status, 200);
      const download = await json<{ code: string; detail: string }>(
        await fetch(`${url}/api/analyses/${oldest}/download/file`),
      );
      assert.equal(download.status, 404);
      assert.equal(download.body.code, 'not_found');
      assert.match(download.body.detail, /per-commit run of history run/);
      // The list shows the history run, never its per-commit runs.
      const list = (await json<Rec[]>(await fetch(`${url}/api/analyses?limit=100`))).body;
      assert.deepEqual(
        list.map((a) => [a.id, a.status]),
        [
          [id, 'done'],
          [id - 1, 'cancelled'],
        ],
      );
      const repos = (
        await json<{ runs: number; latest_id: number }[]>(await fetch(`${url}/api/repositories`))
      ).body;
      assert.deepEqual(
        repos.map((r) => [r.runs, r.latest_id]),
        [[2, id]],
      );
    });

    test('a re-run of the same history takes every content from the cache', async () => {
      const again = await run(fx.svc.url, { repo_url: repoUrl, history: { commits: 10 } });
      assert.deepEqual(mirrored(again.cache), {
        blobs_hit: h.distinctBlobs,
        blobs_measured: 0,
        pylint: 'off',
        history_commits: h.commits.length - 1,
        history_commits_reused: 0,
        // Same commit and settings as the first history run: its file, class and function rows copied.
        rows_reused_from: firstHistoryId,
        git_history: null,
        repo_cache: 'updated',
        pylint_files: null,
      });
      const children = await childrenOf(db, again.id);
      assert.equal(children.length, h.commits.length - 1);
      const earlier = h.commits.slice(0, -1).reverse();
      for (const [i, c] of children.entries()) {
        assert.deepEqual(await functionsOf(fx.svc.url, Number(c.id)), earlier[i]?.functions);
      }
    });

    test('commits and since select evenly spaced commits of the line', async () => {
      // Five earlier commits, two asked: a step of 2.5, so numbers round(2.5) = 3 and 5, ending at the oldest.
      const two = await run(fx.svc.url, { repo_url: repoUrl, history: { commits: 2 } });
      const earlier = h.commits.slice(0, -1).reverse();
      assert.deepEqual(
        (await childrenOf(db, two.id)).map((c) => c.commit_sha),
        [earlier[2]?.sha, earlier[4]?.sha],
      );
      // Since 1 March: c4 (April), the merge (15 March) and c3 (1 March).
      const since = await run(fx.svc.url, { repo_url: repoUrl, history: { since: '2024-03-01' } });
      assert.deepEqual(
        (await childrenOf(db, since.id)).map((c) => c.commit_sha),
        earlier.slice(0, 3).map((c) => c.sha),
      );
      // A plain run measures nothing from history and has no per-commit runs; all from the cache.
      const plain = await run(fx.svc.url, { repo_url: repoUrl });
      assert.deepEqual(mirrored(plain.cache), {
        blobs_hit: h.headBlobs,
        blobs_measured: 0,
        pylint: 'off',
        history_commits: null,
        history_commits_reused: null,
        rows_reused_from: null,
        git_history: null,
        repo_cache: 'updated',
        pylint_files: null,
      });
      assert.equal((await childrenOf(db, plain.id)).length, 0);
    });

    test('a bad history request is refused with the field named and queues nothing', async () => {
      const before = (await json<Rec[]>(await fetch(`${fx.svc.url}/api/analyses?limit=100`))).body.length;
      const cases: [unknown, string][] = [
        [{ commits: 0 }, 'history.commits'],
        [{ commits: 501 }, 'history.commits'],
        [{ commits: 2.5 }, 'history.commits'],
        [{ since: '2024-13-01' }, 'history.since'],
        [{ since: '1 March' }, 'history.since'],
        [{}, 'history'],
      ];
      for (const [history, field] of cases) {
        const r = await json<{ code: string; errors: { path: string }[] }>(
          await postAnalysis(fx.svc.url, { repo_url: repoUrl, history }),
        );
        assert.equal(r.status, 422, JSON.stringify(history));
        assert.ok(
          r.body.errors.some((e) => e.path.replace(/^\//, '').replace(/\//g, '.').startsWith(field)),
          `${JSON.stringify(history)}: ${JSON.stringify(r.body)}`,
        );
      }
      const afterwards = (await json<Rec[]>(await fetch(`${fx.svc.url}/api/analyses?limit=100`))).body.length;
      assert.equal(afterwards, before);
    });

    test('a history run handed back to the queue keeps its stored commits and does not measure them again', async () => {
      // As a graceful stop leaves it: pending again, with the per-commit run of its newest earlier commit.
      const now = Date.now();
      const earlier = h.commits.slice(0, -1).reverse();
      const parent = await db
        .insertInto('analyses')
        .values({
          repo_url: repoUrl,
          owner: h.owner,
          repo: h.repo,
          branch: null,
          ref: null,
          status: 'running',
          stage: 'history',
          stage_times: JSON.stringify([{ stage: 'pending', at: now }]),
          progress_done: 1,
          progress_total: earlier.length,
          warnings: '[]',
          settings: JSON.stringify({
            history: false,
            pylint: false,
            skip_test_files: true,
            max_file_count: 10000,
            exclude: [],
            history_run: { commits: 10, since: null },
          }),
          created_at: now,
          started_at: now,
          lease_owner: 'me|1|x',
          lease_expires_at: now + 60_000,
          attempts: 1,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const kept = await historyRunsRepo.insertChild(db, parent, 'me|1|x', {
        commitSha: earlier[0]!.sha,
        commitDate: Date.parse(earlier[0]!.date),
        refUsed: 'main',
        settings: {},
        startedAt: now,
        now,
        results: childResults([], { repoUrl, ref: 'main', commitSha: earlier[0]!.sha, durationMs: 1, now }),
      });
      await db
        .updateTable('analyses')
        .set({ status: 'pending', stage: 'pending', lease_owner: null, lease_expires_at: null })
        .where('id', '=', parent.id)
        .execute();
      fx.svc.server.ctx.wakeWorker();
      const rec = (await waitFinished(fx.svc.url, parent.id)) as unknown as Rec;
      assert.equal(rec.status, 'done', JSON.stringify(rec.error));
      assert.equal(rec.cache?.history_commits, earlier.length);
      assert.equal(rec.cache?.history_commits_reused, 1);
      const children = await childrenOf(db, parent.id);
      assert.deepEqual(children.map((c) => c.commit_sha).sort(), earlier.map((c) => c.sha).sort());
      // The kept one was not written again.
      assert.equal(children.find((c) => c.commit_sha === earlier[0]!.sha)?.id, kept);
    });

    test('a history run whose worker died on its last start leaves no per-commit run and is not stuck', async () => {
      const now = Date.now();
      const dead = `${hostname()}|2147483646|dead`;
      const parent = await db
        .insertInto('analyses')
        .values({
          repo_url: repoUrl,
          owner: h.owner,
          repo: h.repo,
          branch: null,
          ref: null,
          status: 'running',
          stage: 'history',
          stage_times: JSON.stringify([{ stage: 'pending', at: now }]),
          progress_done: 1,
          progress_total: 5,
          warnings: '[]',
          settings: JSON.stringify({ history_run: { commits: 5, since: null } }),
          created_at: now,
          started_at: now,
          lease_owner: dead,
          lease_expires_at: now + 60_000,
          // Its third start: a dead worker's run is queued again twice, then failed (jobs/worker.ts).
          attempts: 3,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const child = {
        commitSha: h.commits[0]!.sha,
        commitDate: now,
        refUsed: 'main',
        settings: {},
        startedAt: now,
        now,
        results: childResults([], { repoUrl, ref: 'main', commitSha: h.commits[0]!.sha, durationMs: 1, now }),
      };
      // Only the holder of the running parent may add a per-commit run.
      assert.equal(await historyRunsRepo.insertChild(db, parent, 'someone|else|x', child), null);
      assert.equal((await childrenOf(db, parent.id)).length, 0);
      assert.notEqual(await historyRunsRepo.insertChild(db, parent, dead, child), null);
      assert.equal((await childrenOf(db, parent.id)).length, 1);
      // Its lease runs out on its last start: the sweep fails it as interrupted and drops what it had stored.
      await db
        .updateTable('analyses')
        .set({ lease_expires_at: now - 1 })
        .where('id', '=', parent.id)
        .execute();
      const rec = (await waitFinished(fx.svc.url, parent.id, 30_000)) as unknown as Rec;
      assert.equal(rec.status, 'failed');
      assert.deepEqual(rec.error, {
        code: 'interrupted',
        message: 'the service stopped while the analysis was in stage history (started 3 times)',
      });
      for (let i = 0; i < 50 && (await childrenOf(db, parent.id)).length > 0; i++) {
        await new Promise((r) => setTimeout(r, 100));
      }
      assert.equal((await childrenOf(db, parent.id)).length, 0);
    });
  });
}
