// The content cache on both engines: shared by runs across restarts, keyed by pyscan's version (a new
// version measures again), pylint's results replayed per tree and options, pruned oldest first; an
// identical re-run (same commit, settings, pyscan and pylint) copies the earlier run's file, class and
// function rows, equal column by column to a fresh run's; other settings write them afresh.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { needTool, testDatabases } from '@app/kit/testing';
import type { Kysely } from 'kysely';
import { cacheRepo } from '../../src/store/repos/cache-repo.js';
import type { MetricsDB } from '../../src/store/schema.js';
import { createFixtureBase, type FixtureBase } from '../fixtures-builder/build-repo.js';
import { json, postAnalysis, startService, type TestService, waitFinished } from '../helpers/service.js';
import { buildHistoryFixture, type HistoryFixture } from './history-fixture.js';

const skipGit = needTool('git');
const skipPylint = needTool('pylint');

interface Rec {
  id: number;
  status: string;
  cache: Record<string, unknown> | null;
  warnings: string[];
  summary: Record<string, unknown> | null;
  error: unknown;
}

/** A run's cache figures with the mirror's action for its use (its size in bytes varies). */
const mirrored = (c: Record<string, unknown> | null) =>
  c && { ...c, repo_cache: (c.repo_cache as { action: string } | null)?.action ?? null };

async function run(url: string, body: Record<string, unknown>): Promise<Rec> {
  const r = await json(await postAnalysis(url, body));
  assert.equal(r.status, 202, JSON.stringify(r.body));
  const done = (await waitFinished(url, r.body.id as number)) as unknown as Rec;
  assert.equal(done.status, 'done', JSON.stringify(done.error));
  return done;
}

const TABLES = ['file_metrics', 'class_metrics', 'function_metrics'] as const;

/** A run's rows of the three tables without their ids, in a stable order. */
async function rowsOf(db: Kysely<MetricsDB>, id: number): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const t of TABLES) {
    const rows = (await db.selectFrom(t).selectAll().where('analysis_id', '=', id).execute()) as Record<
      string,
      unknown
    >[];
    out[t] = rows
      .map(({ id: _, analysis_id: __, ...rest }) => JSON.stringify(rest))
      .sort()
      .map((r) => JSON.parse(r));
  }
  return out;
}

/** The per-level CSVs as downloaded. */
async function outputsOf(url: string, id: number): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const level of ['file', 'class', 'function']) {
    const res = await fetch(`${url}/api/analyses/${id}/download/${level}`);
    assert.equal(res.status, 200);
    out[level] = await res.text();
  }
  return out;
}

for (const t of await testDatabases()) {
  describe(`content cache (${t.name})`, { skip: skipGit || t.skip }, () => {
    let base: FixtureBase;
    let h!: HistoryFixture;
    let store: Awaited<ReturnType<typeof t.create>>;
    let repoUrl: string;
    before(async () => {
      base = createFixtureBase();
      h = buildHistoryFixture(base);
      repoUrl = `https://github.com/${h.owner}/${h.repo}`;
      store = await t.create();
    });
    after(async () => {
      await store?.cleanup();
      base?.cleanup();
    });

    const start = (env: Record<string, string>): Promise<TestService> =>
      startService({
        DATABASE_URL: store.databaseUrl,
        DATA_DIR: store.dataDir,
        GITHUB_BASE_URL: base.baseUrl,
        PYLINT_ENABLED: 'false',
        ...env,
      });

    test('the cache outlives the process, and a new pyscan version measures every file again', async () => {
      const first = await start({ CACHE_PYSCAN_VERSION: 'one' });
      try {
        const r = await run(first.url, { repo_url: repoUrl });
        assert.deepEqual(mirrored(r.cache), {
          blobs_hit: 0,
          blobs_measured: h.headBlobs,
          pylint: 'off',
          history_commits: null,
          history_commits_reused: null,
          rows_reused_from: null,
          git_history: null,
          repo_cache: 'created',
          pylint_files: null,
        });
      } finally {
        await first.close();
      }
      const same = await start({ CACHE_PYSCAN_VERSION: 'one' });
      try {
        const r = await run(same.url, { repo_url: repoUrl });
        assert.equal(r.cache?.blobs_hit, h.headBlobs);
        assert.equal(r.cache?.blobs_measured, 0);
      } finally {
        await same.close();
      }
      const upgraded = await start({ CACHE_PYSCAN_VERSION: 'two' });
      try {
        const r = await run(upgraded.url, { repo_url: repoUrl });
        assert.equal(r.cache?.blobs_hit, 0);
        assert.equal(r.cache?.blobs_measured, h.headBlobs);
        const versions = await upgraded.server.ctx.db
          .selectFrom('blob_metrics')
          .select('pyscan_version')
          .distinct()
          .orderBy('pyscan_version')
          .execute();
        assert.deepEqual(
          versions.map((v) => v.pyscan_version),
          ['one', 'two'],
        );
      } finally {
        await upgraded.close();
      }
      // CACHE_MAX_MB=0 turns the cache off: nothing read, nothing written.
      const off = await start({ CACHE_PYSCAN_VERSION: 'three', CACHE_MAX_MB: '0' });
      try {
        const r = await run(off.url, { repo_url: repoUrl });
        assert.equal(r.cache?.blobs_hit, 0);
        assert.equal(r.cache?.blobs_measured, h.headBlobs);
        const n = await off.server.ctx.db
          .selectFrom('blob_metrics')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('pyscan_version', '=', 'three')
          .executeTakeFirstOrThrow();
        assert.equal(Number(n.n), 0);
      } finally {
        await off.close();
      }
    });

    test('pylint results are replayed for the same tree, pylint and options', {
      skip: skipPylint,
    }, async () => {
      const svc = await start({ PYLINT_ENABLED: 'true', CACHE_PYSCAN_VERSION: 'one' });
      try {
        const db = svc.server.ctx.db;
        const scores = async (id: number) =>
          (
            await db
              .selectFrom('file_metrics')
              .select(['path', 'pylint_score', 'pylint_convention', 'pylint_warning'])
              .where('analysis_id', '=', id)
              .orderBy('path')
              .execute()
          ).map((r) => ({ ...r }));
        const findings = async (id: number) =>
          Number(
            (
              await db
                .selectFrom('findings')
                .select((eb) => eb.fn.countAll<number>().as('n'))
                .where('analysis_id', '=', id)
                .executeTakeFirstOrThrow()
            ).n,
          );
        const first = await run(svc.url, { repo_url: repoUrl });
        assert.equal(first.cache?.pylint, 'miss');
        const second = await run(svc.url, { repo_url: repoUrl });
        assert.equal(second.cache?.pylint, 'hit');
        const a = await scores(first.id);
        assert.ok(
          a.every((r) => r.pylint_score !== null),
          JSON.stringify(a),
        );
        assert.deepEqual(await scores(second.id), a);
        assert.equal(await findings(second.id), await findings(first.id));
        assert.ok((await findings(first.id)) > 0);
        // Other files checked (an exclusion): other options, so pylint runs again.
        const narrowed = await run(svc.url, { repo_url: repoUrl, exclude: ['d.py'] });
        assert.equal(narrowed.cache?.pylint, 'miss');
        // A history run lints its own commit only (here from the cache), never the earlier ones.
        const hist = await run(svc.url, { repo_url: repoUrl, history: { commits: 2 } });
        assert.equal(hist.cache?.pylint, 'hit');
        const children = await db
          .selectFrom('analyses')
          .select('id')
          .where('history_parent_id', '=', hist.id)
          .execute();
        assert.equal(children.length, 2);
        for (const c of children) {
          const page = await json(await fetch(`${svc.url}/api/analyses/${c.id}/files?limit=500`));
          const items = page.body.items as { pylint_score: number | null }[];
          assert.ok(items.length > 0);
          assert.ok(items.every((r) => r.pylint_score === null));
        }
      } finally {
        await svc.close();
      }
    });

    test('pruning removes the least recently used entries of both tables until the cap holds', async () => {
      const svc = await start({ CACHE_PYSCAN_VERSION: 'prune' });
      const db: Kysely<MetricsDB> = svc.server.ctx.db;
      try {
        await db.deleteFrom('blob_metrics').execute();
        await db.deleteFrom('pylint_cache').execute();
        const payload = (n: number) => Buffer.alloc(n, 1);
        for (const [i, used] of [50, 10, 40, 20].entries()) {
          await cacheRepo.putBlobs(db, [{ blob_id: `b${i}`, payload: payload(100) }], 'v', used);
        }
        await cacheRepo.putPylint(db, { tree: 't1', version: 'p', options: 'o' }, payload(100), 30);
        assert.equal(await cacheRepo.totalBytes(db), 500);
        // Reading an entry makes it recent.
        assert.equal((await cacheRepo.getBlobs(db, ['b1'], 'v', 60)).length, 1);
        assert.equal(await cacheRepo.prune(db, 500), 0);
        // Over by 150 bytes: the two oldest go, b3 (20) then the pylint entry (30).
        assert.equal(await cacheRepo.prune(db, 350), 2);
        const left = await db.selectFrom('blob_metrics').select('blob_id').orderBy('blob_id').execute();
        assert.deepEqual(
          left.map((r) => r.blob_id),
          ['b0', 'b1', 'b2'],
        );
        assert.equal((await db.selectFrom('pylint_cache').selectAll().execute()).length, 0);
        assert.equal(await cacheRepo.prune(db, 0), 3);
        assert.equal(await cacheRepo.totalBytes(db), 0);
      } finally {
        await svc.close();
      }
    });

    test('an identical re-run copies the rows of the same commit and settings, and only then', async () => {
      const svc = await start({});
      try {
        const db = svc.server.ctx.db;
        const fresh = await run(svc.url, { repo_url: repoUrl });
        assert.equal(fresh.cache?.rows_reused_from, null);
        const again = await run(svc.url, { repo_url: repoUrl });
        assert.equal(again.cache?.rows_reused_from, fresh.id);
        const a = await rowsOf(db, fresh.id);
        assert.ok(a.file_metrics!.length > 0 && a.function_metrics!.length > 0, JSON.stringify(a));
        assert.deepEqual(await rowsOf(db, again.id), a);
        assert.deepEqual(await outputsOf(svc.url, again.id), await outputsOf(svc.url, fresh.id));
        const { duration_s: _d1, ...s1 } = fresh.summary ?? {};
        const { duration_s: _d2, ...s2 } = again.summary ?? {};
        assert.deepEqual(s2, s1);
        // Other exclusions: other rows, written afresh (and a third run of those copies them).
        const narrowed = await run(svc.url, { repo_url: repoUrl, exclude: ['d.py'] });
        assert.equal(narrowed.cache?.rows_reused_from, null);
        const n = await rowsOf(db, narrowed.id);
        assert.equal(n.file_metrics!.length, a.file_metrics!.length - 1);
        const narrowedAgain = await run(svc.url, { repo_url: repoUrl, exclude: ['d.py'] });
        assert.equal(narrowedAgain.cache?.rows_reused_from, narrowed.id);
        assert.deepEqual(await rowsOf(db, narrowedAgain.id), n);
        // The earlier run deleted: nothing to copy from, the rows are written afresh and still whole.
        assert.equal((await fetch(`${svc.url}/api/analyses/${again.id}`, { method: 'DELETE' })).status, 204);
        assert.equal((await fetch(`${svc.url}/api/analyses/${fresh.id}`, { method: 'DELETE' })).status, 204);
        const after = await run(svc.url, { repo_url: repoUrl });
        assert.equal(after.cache?.rows_reused_from, null);
        assert.deepEqual(await rowsOf(db, after.id), a);
      } finally {
        await svc.close();
      }
    });

    test('pylint turned on does not reuse the rows of a run without it', { skip: skipPylint }, async () => {
      const off = await start({});
      let offId: number;
      try {
        offId = (await run(off.url, { repo_url: repoUrl })).id;
      } finally {
        await off.close();
      }
      const on = await start({ PYLINT_ENABLED: 'true' });
      try {
        const db = on.server.ctx.db;
        const linted = await run(on.url, { repo_url: repoUrl });
        assert.equal(linted.cache?.rows_reused_from, null);
        const scores = (await rowsOf(db, linted.id)).file_metrics as { pylint_score: number | null }[];
        assert.ok(
          scores.every((r) => r.pylint_score !== null),
          JSON.stringify(scores),
        );
        const again = await run(on.url, { repo_url: repoUrl });
        assert.equal(again.cache?.rows_reused_from, linted.id);
        assert.notEqual(again.cache?.rows_reused_from, offId);
        assert.deepEqual(await rowsOf(db, again.id), await rowsOf(db, linted.id));
      } finally {
        await on.close();
      }
    });
  });
}
