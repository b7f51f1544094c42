import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ConfigError } from '@app/kit';
import { testDatabases } from '@app/kit/testing';
import { readConfig } from '../../src/config.js';
import { analysesRepo } from '../../src/store/repos/analyses-repo.js';
import { createFixtureBase, type FixtureBase } from '../fixtures-builder/build-repo.js';
import { startService, type TestService, waitFinished } from '../helpers/service.js';
import { buildSmallRepo } from '../helpers/small-repo.js';

// Runs left `running` by a worker of another machine that stopped renewing its lease: a sweep of
// this worker takes them over (queued again, analysed from the clone), up to the third start.
let base: FixtureBase;
before(() => {
  base = createFixtureBase();
  buildSmallRepo(base);
});
after(() => base.cleanup());

const settings = { history: false, pylint: false, skip_test_files: true, max_file_count: 100 };

for (const target of await testDatabases()) {
  describe(`take-over of a dead worker's runs (${target.name})`, { skip: target.skip }, () => {
    let db: Awaited<ReturnType<typeof target.create>>;
    let svc: TestService;

    before(async () => {
      db = await target.create();
      // Built without its worker, so the runs can be planted before any sweep.
      svc = await startService(
        {
          DATA_DIR: db.dataDir,
          DATABASE_URL: db.databaseUrl,
          GITHUB_BASE_URL: base.baseUrl,
          LEASE_SECONDS: '2',
        },
        { worker: false },
      );
    });
    after(async () => {
      await svc.close();
      await db.cleanup();
    });

    /** A run claimed `starts` times, the last time by a worker on another machine whose lease ran out. */
    async function deadRun(repo: string, starts: number): Promise<number> {
      const now = Date.now();
      const row = await analysesRepo.insert(svc.server.ctx.db, {
        repo_url: `https://github.com/acme/${repo}`,
        owner: 'acme',
        repo,
        branch: null,
        ref: null,
        warnings: [],
        settings,
        now: now - 60_000,
      });
      await svc.server.ctx.db
        .updateTable('analyses')
        .set({
          status: 'running',
          stage: 'analyzing',
          stage_times: JSON.stringify([
            { stage: 'pending', at: now - 60_000 },
            { stage: 'cloning', at: now - 50_000 },
            { stage: 'analyzing', at: now - 40_000 },
          ]),
          started_at: now - 50_000,
          lease_owner: 'another-machine|4242|deadbeef',
          lease_expires_at: now - 1000,
          heartbeat_at: now - 30_000,
          attempts: starts,
        })
        .where('id', '=', row.id)
        .execute();
      return row.id;
    }

    test('a run on its first start is queued again and finished here; one on its third fails as interrupted', async () => {
      const again = await deadRun('small', 1);
      const given = await deadRun('other', 3);
      svc.server.startWorker();
      const r = await waitFinished(svc.url, again, 60_000);
      assert.equal(r.status, 'done', JSON.stringify(r.error));
      assert.deepEqual(
        (r.stages as { stage: string }[]).map((s) => s.stage),
        ['pending', 'cloning', 'discovering', 'analyzing', 'generating', 'done'],
      );
      const stored = await analysesRepo.get(svc.server.ctx.db, again);
      assert.equal(stored?.attempts, 2);
      const g = await waitFinished(svc.url, given, 10_000);
      assert.equal(g.status, 'failed');
      assert.deepEqual(g.error, {
        code: 'interrupted',
        message: 'the service stopped while the analysis was in stage analyzing (started 3 times)',
      });
    });
  });
}

describe('--role', () => {
  test('defaults to all; --role X and --role=X choose; anything else stops the start', () => {
    assert.equal(readConfig({}).role, 'all');
    assert.equal(readConfig({}, ['--role', 'worker']).role, 'worker');
    assert.equal(readConfig({}, ['--role=api']).role, 'api');
    assert.throws(
      () => readConfig({}, ['--role', 'boss']),
      (e: unknown) => {
        assert.ok(e instanceof ConfigError);
        assert.match(e.message, /--role must be one of api, worker, all \(got "boss"\)/);
        return true;
      },
    );
    assert.throws(() => readConfig({}, ['--role']), /--role must be one of api, worker, all \(got ""\)/);
    assert.throws(
      () => readConfig({}, ['--verbose']),
      /unknown argument "--verbose": use --role api\|worker\|all/,
    );
  });
});
