// A file that takes pyscan longer than MAX_FILE_SECONDS costs only itself: the run ends `done`, that
// file's row says parse_error `timeout…`, a warning names it, and the other files have their values.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { ALICE, createFixtureBase, type FixtureBase, RepoBuilder } from './fixtures-builder/build-repo.js';
import {
  json,
  parseCsv,
  postAnalysis,
  startService,
  type TestService,
  waitFinished,
} from './helpers/service.js';
import { CALC_PY } from './helpers/small-repo.js';

// 3,200 lines of 300-term sums (3.8 MB: under pyscan's 4 MB and this test's MAX_FILE_SIZE_KB): valid
// Python that takes pyscan over 3 s, far over the 1 s budget of this test (half of it took 1.2–1.8 s
// once pyscan got faster, too close to the budget); calc.py takes about a millisecond.
const SLOW = `x = ${Array(300).fill('1').join(' + ')}\n`.repeat(3200);

for (const target of await testDatabases()) {
  describe(`per-file time budget on ${target.name}`, { skip: target.skip }, () => {
    let base: FixtureBase;
    let svc: TestService;
    let db: Awaited<ReturnType<typeof target.create>>;

    before(async () => {
      base = createFixtureBase();
      new RepoBuilder(join(base.dir, 'acme', 'budget'))
        .write('calc.py', CALC_PY)
        .write('slow.py', SLOW)
        .write('util.py', 'A = 1\n')
        .commit('first', { author: ALICE, date: '2024-01-01T00:00:00Z' });
      db = await target.create();
      svc = await startService({
        DATABASE_URL: db.databaseUrl,
        DATA_DIR: db.dataDir,
        GITHUB_BASE_URL: base.baseUrl,
        PYLINT_ENABLED: 'false',
        MAX_FILE_SECONDS: '1',
        MAX_FILE_SIZE_KB: '8192',
      });
    });
    after(async () => {
      await svc?.close();
      await db?.cleanup();
      base?.cleanup();
    });

    test('the slow file is marked timeout with a warning, the run is done and the rest measured', async () => {
      const created = await json(await postAnalysis(svc.url, { repo_url: 'https://github.com/acme/budget' }));
      assert.equal(created.status, 202);
      const done = await waitFinished(svc.url, created.body.id as number);
      assert.equal(done.status, 'done', JSON.stringify(done.error));
      assert.deepEqual(done.warnings, [
        'slow.py: analysis stopped after 1 s (MAX_FILE_SECONDS); its metrics are empty',
      ]);
      const csv = await (await fetch(`${svc.url}/api/analyses/${created.body.id}/download/file`)).text();
      const rows = Object.fromEntries(parseCsv(csv).map((r) => [r.path, r]));
      assert.equal(rows['slow.py']?.parse_error, 'timeout: analysis stopped after 1 s');
      assert.equal(rows['slow.py']?.loc, '');
      assert.equal(rows['calc.py']?.parse_error, '');
      assert.equal(rows['calc.py']?.cc_max, '4');
      assert.equal(rows['calc.py']?.functions, '3');
      assert.equal(rows['util.py']?.loc, '1');
    });
  });
}
