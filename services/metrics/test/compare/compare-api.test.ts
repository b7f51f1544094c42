// Compare and new code on SQLite and PostgreSQL, from real analyses of a repository built here:
// added, removed, renamed and changed files and functions, deltas sorted by the size of the change,
// KPI deltas; new code since a run or a commit; the error cases.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { needTool, testDatabases } from '@app/kit/testing';
import type {
  CompareResponse,
  FunctionChange,
  NewCodeResponse,
} from '../../src/shared-types/compare-types.js';
import { analyzeToDone, type FixtureService } from '../helpers/fixture-service.js';
import { json, postAnalysis, waitFinished } from '../helpers/service.js';
import { type EvolveRepo, startEvolveService } from '../trends/evolve-fixture.js';

const noGit = needTool('git');
const REPO = 'https://github.com/acme/evolve';

const fnLabel = (f: Pick<FunctionChange, 'class_name' | 'name'>) =>
  f.class_name ? `${f.class_name}.${f.name}` : f.name;

for (const target of await testDatabases()) {
  describe(`compare and new code on ${target.name}`, { skip: target.skip || noGit }, () => {
    let fx: FixtureService;
    let repo: EvolveRepo;
    const ids: Record<string, number> = {};
    const get = async <T>(q: string) => json<T>(await fetch(`${fx.svc.url}/api/analyses/${q}`));

    before(async () => {
      ({ fx, repo } = await startEvolveService(target));
      const run = async (body: Record<string, unknown>) =>
        (await analyzeToDone(fx.svc.url, { repo_url: REPO, ...body })).id as number;
      ids.c1 = await run({ ref: 'v1' });
      ids.c2 = await run({ ref: repo.shas.c2 });
      ids.c3 = await run({});
      ids.other = (await analyzeToDone(fx.svc.url, { repo_url: 'https://github.com/acme/other' }))
        .id as number;
      const failed = await json(await postAnalysis(fx.svc.url, { repo_url: REPO, ref: 'no-such-tag' }));
      ids.failed = failed.body.id as number;
      assert.equal((await waitFinished(fx.svc.url, ids.failed)).status, 'failed');
    });
    after(async () => {
      await fx?.close();
    });

    test('files and functions added, removed, renamed, worse and better, biggest change first', async () => {
      const r = await get<CompareResponse>(`${ids.c1}/compare/${ids.c2}`);
      assert.equal(r.status, 200);
      assert.deepEqual(
        [r.body.base.id, r.body.base.commit_sha, r.body.base.ref, r.body.base.commit_date],
        [ids.c1, repo.shas.c1, 'v1', '2024-01-01T00:00:00.000Z'],
      );
      assert.deepEqual([r.body.head.id, r.body.head.commit_sha], [ids.c2, repo.shas.c2]);

      const fns = Object.fromEntries(r.body.functions.map((f) => [fnLabel(f), f]));
      assert.deepEqual(Object.keys(fns).sort(), ['alpha', 'beta', 'doomed', 'fresh_fn', 'gamma']);
      assert.equal(fns.alpha?.change, 'worse');
      assert.deepEqual(fns.alpha?.deltas, { cc: 2, cognitive: 2, sloc: 4 });
      assert.equal(fns.alpha?.magnitude, 4.4);
      assert.equal(fns.beta?.change, 'better');
      assert.deepEqual(fns.beta?.deltas, { cc: -1, cognitive: -1, sloc: -2 });
      assert.equal(fns.doomed?.change, 'removed');
      assert.deepEqual(fns.doomed?.base, { cc: 2, cognitive: 1, sloc: 4 });
      assert.equal(fns.doomed?.head, null);
      assert.equal(fns.gamma?.change, 'added');
      assert.equal(fns.fresh_fn?.path, 'fresh.py');
      const sizes = r.body.functions.map((f) => f.magnitude);
      assert.deepEqual(
        sizes,
        [...sizes].sort((a, b) => b - a),
      );
      assert.equal(r.body.functions[0]?.name, 'alpha');

      // helper became helper2 with the same body; parse moved with util_old.py: both unchanged.
      assert.deepEqual(r.body.counts.functions, { added: 2, removed: 1, worse: 1, better: 1, unchanged: 6 });
      const all = await get<CompareResponse>(`${ids.c1}/compare/${ids.c2}?unchanged=true`);
      const renamed = all.body.functions.find((f) => f.name === 'helper2');
      assert.deepEqual([renamed?.old_name, renamed?.change, renamed?.magnitude], ['helper', 'unchanged', 0]);
      const moved = all.body.functions.find((f) => f.name === 'parse');
      assert.deepEqual([moved?.path, moved?.change], ['util_new.py', 'unchanged']);
      assert.equal(all.body.functions.length, 11);

      const files = Object.fromEntries(r.body.files.map((f) => [f.path, f]));
      assert.deepEqual(Object.keys(files).sort(), ['core.py', 'fresh.py', 'gone.py']);
      assert.equal(files['gone.py']?.change, 'removed');
      assert.equal(files['fresh.py']?.change, 'added');
      assert.equal(files['core.py']?.change, 'worse');
      assert.equal(files['core.py']?.deltas.functions, 1);
      assert.deepEqual(r.body.counts.files, { added: 1, removed: 1, worse: 1, better: 0, unchanged: 2 });
      const util = all.body.files.find((f) => f.path === 'util_new.py');
      assert.deepEqual([util?.old_path, util?.change], ['util_old.py', 'unchanged']);

      assert.deepEqual(r.body.summary.functions, { base: 9, head: 10, delta: 1 });
      assert.deepEqual(r.body.summary.files, { base: 4, head: 4, delta: 0 });
      assert.equal(r.body.summary.pylint_avg?.delta, null);
    });

    test('a file renamed with an edit is matched by its similar text; limit caps the lists', async () => {
      const r = await get<CompareResponse>(`${ids.c2}/compare/${ids.c3}`);
      assert.deepEqual(
        r.body.files.map((f) => [f.path, f.old_path, f.change, f.deltas.cc_total]),
        [['mod_b.py', 'mod_a.py', 'worse', 1]],
      );
      assert.deepEqual(
        r.body.functions.map((f) => [f.path, f.name, f.change, f.deltas.cc]),
        [['mod_b.py', 'work', 'worse', 1]],
      );
      const capped = await get<CompareResponse>(`${ids.c1}/compare/${ids.c2}?limit=1`);
      assert.equal(capped.body.functions.length, 1);
      assert.equal(capped.body.truncated.functions, true);
      // Backwards: what was added is removed, worse is better.
      const back = await get<CompareResponse>(`${ids.c2}/compare/${ids.c1}`);
      const alpha = back.body.functions.find((f) => f.name === 'alpha');
      assert.deepEqual([alpha?.change, alpha?.deltas.cc], ['better', -2]);
      assert.equal(back.body.functions.find((f) => f.name === 'doomed')?.change, 'added');
    });

    test('new code since a run or a commit: added and changed files and functions, by content', async () => {
      const r = await get<NewCodeResponse>(`${ids.c2}/new-code?base=${ids.c1}`);
      assert.equal(r.status, 200);
      assert.equal(r.body.basis, 'content');
      assert.deepEqual(
        r.body.files.map((f) => [f.path, f.change]),
        [
          ['core.py', 'changed'],
          ['fresh.py', 'added'],
        ],
      );
      assert.deepEqual(
        r.body.functions.map((f) => [f.path, f.name, f.change, f.old_name]),
        [
          ['core.py', 'alpha', 'changed', null],
          ['core.py', 'beta', 'changed', null],
          ['core.py', 'helper2', 'changed', 'helper'],
          ['core.py', 'gamma', 'added', null],
          ['fresh.py', 'fresh_fn', 'added', null],
        ],
      );
      const bySha = await get<NewCodeResponse>(`${ids.c3}/new-code?base=${repo.shas.c2.slice(0, 10)}`);
      assert.equal(bySha.status, 200);
      assert.equal(bySha.body.base.id, ids.c2);
      assert.deepEqual(bySha.body.files, [{ path: 'mod_b.py', old_path: 'mod_a.py', change: 'changed' }]);
      assert.deepEqual(
        bySha.body.functions.map((f) => [f.name, f.complexity]),
        [['work', 2]],
      );
      const same = await get<NewCodeResponse>(`${ids.c3}/new-code?base=${ids.c3}`);
      assert.deepEqual([same.body.files, same.body.functions], [[], []]);
    });

    test('unknown runs 404, unfinished 409, other repositories and bad bases 422', async () => {
      const problem = async (q: string, status: number, code: string, field?: string) => {
        const r = await get<{ code: string; errors?: { path: string }[] }>(q);
        assert.equal(r.status, status, q);
        assert.equal(r.headers.get('content-type'), 'application/problem+json; charset=utf-8');
        assert.equal(r.body.code, code, q);
        if (field)
          assert.deepEqual(
            r.body.errors?.map((e) => e.path),
            [field],
            q,
          );
      };
      await problem(`${ids.c1}/compare/999999`, 404, 'not_found');
      await problem(`999999/compare/${ids.c1}`, 404, 'not_found');
      await problem(`${ids.c1}/compare/${ids.failed}`, 409, 'analysis_not_done');
      await problem(`${ids.c1}/compare/${ids.other}`, 422, 'validation_failed', 'other_id');
      await problem(`${ids.c1}/compare/0x2`, 422, 'validation_failed');
      await problem(`${ids.c1}/compare/${ids.c2}?limit=0`, 422, 'validation_failed');
      await problem(`${ids.c2}/new-code`, 422, 'validation_failed', 'base');
      await problem(`${ids.c2}/new-code?base=main`, 422, 'validation_failed', 'base');
      await problem(`${ids.c2}/new-code?base=${ids.other}`, 422, 'validation_failed', 'base');
      await problem(`${ids.c2}/new-code?base=${ids.failed}`, 409, 'analysis_not_done');
      await problem(`${ids.c2}/new-code?base=deadbeefdeadbeef`, 404, 'not_found');
      await problem(`999999/new-code?base=${ids.c1}`, 404, 'not_found');
    });
  });
}
