// Bad input and hostile content at the API's edges: control characters in ref names, unknown or
// prototype-named sort keys, and spreadsheet formulas planted in file and branch names of a repository.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { ALICE, createFixtureBase, type FixtureBase, RepoBuilder } from '../fixtures-builder/build-repo.js';
import {
  json,
  parseCsv,
  postAnalysis,
  startService,
  type TestService,
  waitFinished,
} from '../helpers/service.js';

/** `acme/formulas`: file names that spreadsheets would run as formulas, on a branch named like one. */
function buildFormulaRepo(base: FixtureBase): void {
  const b = new RepoBuilder(join(base.dir, 'acme', 'formulas'), 'main');
  b.write('=1+2.py', 'def f(x):\n    return -x\n')
    .write('+cmd.py', 'A = 1\n')
    .write('-x.py', 'B = 2\n')
    .write('@sum.py', 'C = 3\n')
    .write("'quoted.py", 'D = 4\n')
    .write(
      'pkg/plain.py',
      'class K:\n    def m(self, v):\n        if v:\n            return 1\n        return 2\n',
    );
  b.commit('formulas', { author: ALICE, date: '2025-01-01T00:00:00Z' });
  b.branch('+calc');
}

for (const target of await testDatabases()) {
  describe(`input and output hardening on ${target.name}`, { skip: target.skip }, () => {
    let base: FixtureBase;
    let svc: TestService;
    let db: Awaited<ReturnType<typeof target.create>>;
    let doneId = 0;

    before(async () => {
      base = createFixtureBase();
      buildFormulaRepo(base);
      db = await target.create();
      svc = await startService({
        DATABASE_URL: db.databaseUrl,
        DATA_DIR: db.dataDir,
        GITHUB_BASE_URL: base.baseUrl,
        PYLINT_ENABLED: 'false',
      });
      const r = await json(
        await postAnalysis(svc.url, { repo_url: 'https://github.com/acme/formulas', branch: '+calc' }),
      );
      assert.equal(r.status, 202);
      doneId = r.body.id as number;
      const done = await waitFinished(svc.url, doneId);
      assert.equal(done.status, 'done', JSON.stringify(done.error));
    });
    after(async () => {
      await svc?.close();
      await db?.cleanup();
      base?.cleanup();
    });

    test('C0 and C1 control characters in branch or ref are a 422 problem and queue nothing', async () => {
      const before = (await json<unknown[]>(await fetch(`${svc.url}/api/analyses?limit=100`))).body.length;
      for (const bad of ['main\u0085', 'ma\u0080in', 'v1\u009f', 'a\u001bb', 'x\u0000', 'a\u009bb']) {
        for (const field of ['branch', 'ref']) {
          const r = await json<{ code: string; errors: { path: string; message: string }[] }>(
            await postAnalysis(svc.url, { repo_url: 'https://github.com/acme/formulas', [field]: bad }),
          );
          assert.equal(r.status, 422, `${field} ${JSON.stringify(bad)}`);
          assert.match(r.headers.get('content-type') ?? '', /^application\/problem\+json/);
          assert.equal(r.body.code, 'validation_failed');
          assert.deepEqual(
            r.body.errors.map((e) => e.path),
            [field],
          );
          assert.match(r.body.errors[0]?.message ?? '', /control/);
        }
      }
      const after = (await json<unknown[]>(await fetch(`${svc.url}/api/analyses?limit=100`))).body.length;
      assert.equal(after, before);
    });

    test('an unknown or prototype-named sort key is a 422 listing the allowed keys', async () => {
      for (const level of ['files', 'classes', 'functions']) {
        for (const sort of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'bogus']) {
          const r = await json<{ code: string; detail: string; errors: { path: string; message: string }[] }>(
            await fetch(`${svc.url}/api/analyses/${doneId}/${level}?sort=${sort}`),
          );
          assert.equal(r.status, 422, `${level} sort=${sort}`);
          assert.equal(r.body.code, 'validation_failed');
          assert.equal(r.body.errors[0]?.path, 'sort');
          assert.match(r.body.errors[0]?.message ?? '', /must be one of .*\bpath\b/);
        }
        for (const metric of ['__proto__', 'constructor', 'bogus']) {
          const r = await fetch(`${svc.url}/api/analyses/${doneId}/${level}?metric=${metric}&min=1`);
          assert.equal(r.status, 422, `${level} metric=${metric}`);
        }
        const ok = await json<{ items: unknown[] }>(
          await fetch(`${svc.url}/api/analyses/${doneId}/${level}?sort=path&order=desc`),
        );
        assert.equal(ok.status, 200);
        assert.ok(ok.body.items.length > 0);
      }
      // The download level is looked up by name too: prototype names are unknown levels.
      for (const level of ['__proto__', 'constructor', 'toString']) {
        const r = await json<{ code: string }>(
          await fetch(`${svc.url}/api/analyses/${doneId}/download/${level}`),
        );
        assert.equal(r.status, 404, level);
        assert.equal(r.body.code, 'unknown_level');
      }
      const funcs = await json<{ items: { class: string | null }[] }>(
        await fetch(`${svc.url}/api/analyses/${doneId}/functions?sort=class`),
      );
      assert.equal(funcs.status, 200);
    });

    test('CSV downloads neutralise text cells that would run as formulas; numbers stay numbers', async () => {
      const file = parseCsv(await (await fetch(`${svc.url}/api/analyses/${doneId}/download/file`)).text());
      const paths = file.map((r) => r.path).sort();
      assert.deepEqual(paths, ["''quoted.py", "'+cmd.py", "'-x.py", "'=1+2.py", "'@sum.py", 'pkg/plain.py']);
      const formula = file.find((r) => r.path === "'=1+2.py");
      assert.equal(formula?.loc, '2');
      assert.equal(formula?.cc_max, '1');
      const fns = parseCsv(await (await fetch(`${svc.url}/api/analyses/${doneId}/download/function`)).text());
      assert.deepEqual(fns.map((f) => `${f.path} ${f.name} ${f.complexity}`).sort(), [
        "'=1+2.py f 1",
        'pkg/plain.py m 2',
      ]);
      const summary = parseCsv(
        await (await fetch(`${svc.url}/api/analyses/${doneId}/download/summary`)).text(),
      );
      assert.equal(summary[0]?.ref, "'+calc");
      assert.equal(summary[0]?.files, '6');
      // The JSON API and summary.json are data for programs: they keep the names as they are.
      const page = await json<{ items: { path: string }[] }>(
        await fetch(`${svc.url}/api/analyses/${doneId}/files?sort=path`),
      );
      assert.ok(page.body.items.some((i) => i.path === '=1+2.py'));
    });
  });
}

describe('neutraliseCell', () => {
  test('prefixes formula starters and a leading quote in text, never numbers or other values', async () => {
    const { neutraliseCell, neutraliseRow } = await import('../../src/outputs/exports/csv-cells.js');
    for (const s of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx', "'x"])
      assert.equal(neutraliseCell(s), `'${s}`);
    for (const v of ['a=b', 'pkg/-x.py', '', -1.5, 0, null, true]) assert.equal(neutraliseCell(v), v);
    assert.deepEqual(neutraliseRow({ path: '-x.py', mi: -1.5, rank: 'A', cls: null }), {
      path: "'-x.py",
      mi: -1.5,
      rank: 'A',
      cls: null,
    });
  });
});
