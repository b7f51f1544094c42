// A history run reaching back to Python 2 code: flask's flask.py of 2010 had `except X, e:`, which
// CPython 3 and radon refuse. Its per-commit run gives the file parse_error and no metrics, as the
// run of today's ported file measures it.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { needTool, testDatabases } from '@app/kit/testing';
import { ALICE, RepoBuilder } from '../fixtures-builder/build-repo.js';
import { analyzeToDone, type FixtureService, startFixtureService } from '../helpers/fixture-service.js';
import { json } from '../helpers/service.js';

const PY2 =
  'class Flask(object):\n    def dispatch_request(self, req):\n        try:\n            return self.view(req)\n' +
  '        except HTTPException, e:\n            return self.handle(e)\n';
const PY3 = PY2.replace('except HTTPException, e:', 'except HTTPException as e:');

interface FileRow {
  path: string;
  parse_error: string | null;
  mi: number | null;
  cc_total: number | null;
}

const sqlite = (await testDatabases()).filter((t) => t.name === 'sqlite');

for (const t of sqlite) {
  describe('a history run over Python 2 code', { skip: needTool('git') }, () => {
    let fx: FixtureService;
    before(async () => {
      fx = await startFixtureService(
        t,
        (base) => {
          const b = new RepoBuilder(`${base.dir}/pallets/flask`);
          b.write('flask.py', PY2).commit('0.1', { author: ALICE, date: '2010-04-16T00:00:00Z' });
          b.write('flask.py', PY3).commit('port to Python 3', {
            author: ALICE,
            date: '2013-05-01T00:00:00Z',
          });
        },
        { PYLINT_ENABLED: 'false' },
      );
    });
    after(() => fx?.close());

    const files = async (id: number) =>
      (await json<{ items: FileRow[] }>(await fetch(`${fx.svc.url}/api/analyses/${id}/files`))).body.items;

    test('gives the 2010 file parse_error and measures the ported one', async () => {
      const run = await analyzeToDone(fx.svc.url, {
        repo_url: 'https://github.com/pallets/flask',
        history: { commits: 10 },
      });
      const [head] = await files(run.id as number);
      assert.equal(head?.parse_error, null);
      assert.equal(head?.cc_total, 3); // radon: module 1 + class Flask (3) − 1
      const children = await fx.svc.server.ctx.db
        .selectFrom('analyses')
        .select('id')
        .where('history_parent_id', '=', run.id as number)
        .execute();
      assert.equal(children.length, 1);
      const [old] = await files(Number(children[0]?.id));
      assert.equal(old?.path, 'flask.py');
      assert.equal(old?.parse_error, 'Python 2 syntax (except X, e:) at line 5');
      assert.equal(old?.mi, null);
      assert.equal(old?.cc_total, null);
    });
  });
}
