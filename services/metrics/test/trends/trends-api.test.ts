// Trends by commit on SQLite and PostgreSQL, from real analyses of a repository built here: points in
// commit order (not analysis order), one point per commit (a re-run replaces it), one series per
// branch or tag, and file and function trends that follow a file across a rename.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { needTool, testDatabases } from '@app/kit/testing';
import type {
  FileTrendResponse,
  FunctionTrendResponse,
  TrendResponse,
} from '../../src/shared-types/trend-types.js';
import { analyzeToDone, type FixtureService, startFixtureService } from '../helpers/fixture-service.js';
import { json } from '../helpers/service.js';
import { buildEvolveRepo, type EvolveRepo } from './evolve-fixture.js';

const noGit = needTool('git');
const REPO = 'https://github.com/acme/evolve';

for (const target of await testDatabases()) {
  describe(`trends by commit on ${target.name}`, { skip: target.skip || noGit }, () => {
    let fx: FixtureService;
    let repo: EvolveRepo;
    const ids: Record<string, number> = {};
    const get = async <T>(q: string) =>
      json<T>(await fetch(`${fx.svc.url}/api/repositories/acme/evolve/${q}`));
    const run = async (body: Record<string, unknown>) =>
      (await analyzeToDone(fx.svc.url, { repo_url: REPO, ...body })).id as number;

    before(async () => {
      fx = await startFixtureService(
        target,
        (base) => {
          repo = buildEvolveRepo(base);
        },
        { PYLINT_ENABLED: 'false', RUNS_PER_MINUTE_PER_CLIENT: '0' },
      );
      // main at c3, then main moved back to c2: the later run measures the older commit.
      ids.mainC3 = await run({});
      repo.setMain(repo.shas.c2);
      ids.mainC2 = await run({ branch: 'main' });
      ids.tag = await run({ ref: 'v1' });
      ids.feature = await run({ branch: 'feature' });
    });
    after(async () => {
      await fx?.close();
    });

    test('points follow the commit dates, one series per branch or tag, newest series first', async () => {
      const r = await get<TrendResponse>('trend');
      assert.equal(r.status, 200);
      assert.equal(r.body.ref, null);
      assert.deepEqual(
        r.body.series.map((s) => [s.ref, s.points.map((p) => p.id)]),
        [
          ['main', [ids.mainC2, ids.mainC3]],
          ['feature', [ids.feature]],
          ['v1', [ids.tag]],
        ],
      );
      const main = r.body.series[0]!.points;
      assert.deepEqual(
        main.map((p) => [p.commit_sha, p.commit_date, p.series, p.functions]),
        [
          [repo.shas.c2, '2024-02-01T00:00:00.000Z', 'main', 10],
          [repo.shas.c3, '2024-03-01T00:00:00.000Z', 'main', 10],
        ],
      );
      const tag = r.body.series[2]!.points[0]!;
      assert.equal(tag.ref, 'v1');
      assert.equal(tag.commit_sha, repo.shas.c1);
      assert.equal(tag.functions, 9);
      assert.equal(tag.history_parent_id, null);
      assert.equal(r.body.series[1]!.points[0]!.commit_sha, repo.shas.f1);

      const only = await get<TrendResponse>('trend?ref=v1');
      assert.deepEqual(
        only.body.series.map((s) => s.ref),
        ['v1'],
      );
      const none = await get<TrendResponse>('trend?ref=nothing');
      assert.deepEqual(none.body, { ref: 'nothing', series: [] });
      const newest = await get<TrendResponse>('trend?ref=main&limit=1');
      assert.deepEqual(
        newest.body.series[0]!.points.map((p) => p.id),
        [ids.mainC3],
      );
    });

    test('a re-run of an analysed commit adds no point: the newest run stands for it', async () => {
      repo.setMain(repo.shas.c3);
      const rerun = await run({});
      const r = await get<TrendResponse>('trend?ref=main');
      assert.deepEqual(
        r.body.series[0]!.points.map((p) => [p.id, p.commit_sha]),
        [
          [ids.mainC2, repo.shas.c2],
          [rerun, repo.shas.c3],
        ],
      );
      ids.mainC3 = rerun;
    });

    test('a file trend follows the file across a rename; a function trend by class and name', async () => {
      const f = await get<FileTrendResponse>('files/trend?path=mod_b.py&ref=main');
      assert.equal(f.status, 200);
      assert.deepEqual(
        f.body.series.map((s) => [s.ref, s.points.map((p) => [p.id, p.path, p.cc_total, p.functions])]),
        [
          [
            'main',
            [
              [ids.mainC2, 'mod_a.py', 1, 3],
              [ids.mainC3, 'mod_b.py', 2, 3],
            ],
          ],
        ],
      );
      // Across series too: the branch and the tag analysed once find the file under its old name.
      const across = await get<FileTrendResponse>('files/trend?path=mod_b.py');
      assert.deepEqual(
        across.body.series.map((s) => [s.ref, s.points.map((p) => p.path)]),
        [
          ['main', ['mod_a.py', 'mod_b.py']],
          ['feature', ['mod_a.py']],
          ['v1', ['mod_a.py']],
        ],
      );
      // Before the rename the file had its old name: v1 has mod_a.py only.
      const all = await get<FileTrendResponse>('files/trend?path=mod_a.py');
      assert.deepEqual(
        all.body.series.map((s) => [s.ref, s.points.map((p) => p.path)]),
        [
          ['main', ['mod_a.py']],
          ['feature', ['mod_a.py']],
          ['v1', ['mod_a.py']],
        ],
      );
      const fn = await get<FunctionTrendResponse>('functions/trend?path=mod_b.py&name=work&ref=main');
      assert.deepEqual(
        fn.body.series[0]!.points.map((p) => [p.path, p.complexity, p.lineno]),
        [
          ['mod_a.py', 1, 6],
          ['mod_b.py', 2, 6],
        ],
      );
      const method = await get<FunctionTrendResponse>(
        'functions/trend?path=core.py&class_name=Box&name=size',
      );
      assert.deepEqual(
        method.body.series.map((s) => [s.ref, s.points.map((p) => p.complexity)]),
        [
          ['main', [1, 1]],
          ['feature', [1]],
          ['v1', [1]],
        ],
      );
      const gone = await get<FunctionTrendResponse>('functions/trend?path=gone.py&name=doomed');
      assert.deepEqual(
        gone.body.series.map((s) => [s.ref, s.points.map((p) => p.commit_sha)]),
        [
          ['feature', [repo.shas.f1]],
          ['v1', [repo.shas.c1]],
        ],
      );
    });

    test("a history run's per-commit runs join its series, by commit date, and stay out of others", async () => {
      // The data model of history runs (issue 18): a per-commit run is a done run pointing at its
      // history run. Until those runs exist, a finished run of c1 is made one of the main run's.
      const child = await run({ ref: repo.shas.c1 });
      await fx.svc.server.ctx.db
        .updateTable('analyses')
        .set({ history_parent_id: ids.mainC3 })
        .where('id', '=', child)
        .execute();
      const r = await get<TrendResponse>('trend');
      assert.deepEqual(
        r.body.series.map((s) => [s.ref, s.points.map((p) => [p.id, p.history_parent_id])]),
        [
          [
            'main',
            [
              [child, ids.mainC3],
              [ids.mainC2, null],
              [ids.mainC3, null],
            ],
          ],
          ['feature', [[ids.feature, null]]],
          ['v1', [[ids.tag, null]]],
        ],
      );
    });

    test('bad queries are 422 problems naming the field', async () => {
      for (const [q, field] of [
        ['files/trend', 'path'],
        ['functions/trend?path=a.py', 'name'],
        ['trend?limit=0', 'limit'],
        ['trend?ref=', 'ref'],
        ['files/trend?path=a.py&extra=1', 'extra'],
      ] as const) {
        const r = await get<{ code: string; errors: { path: string }[] }>(q);
        assert.equal(r.status, 422, q);
        assert.equal(r.headers.get('content-type'), 'application/problem+json; charset=utf-8');
        assert.equal(r.body.code, 'validation_failed');
        assert.match(JSON.stringify(r.body.errors), new RegExp(field), q);
      }
      const badRepo = await json(await fetch(`${fx.svc.url}/api/repositories/-acme/evolve/trend`));
      assert.equal(badRepo.status, 422);
    });
  });
}
