// The explorer's API on SQLite and PostgreSQL: every function and class of a run, sortable by each
// metric, filtered by path prefix, rank and name, paged by the server; bad filters are 422.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { needTool, testDatabases } from '@app/kit/testing';
import { LEVELS } from '../../src/pipeline/results/levels.js';
import { buildClonesRepo } from '../duplication/clones-fixture.js';
import { analyzeToDone, type FixtureService, startFixtureService } from '../helpers/fixture-service.js';
import { json, type TestService } from '../helpers/service.js';

const noGit = needTool('git');

interface Page {
  items: Record<string, unknown>[];
  total: number;
  next_offset: number | null;
}

const label = (r: Record<string, unknown>) => (r.class ? `${r.class}.${r.name}` : String(r.name));

for (const target of await testDatabases()) {
  describe(`explorer API on ${target.name}`, { skip: target.skip || noGit }, () => {
    let fx: FixtureService;
    let svc: TestService;
    let id = 0;
    const get = async (q: string) => json<Page>(await fetch(`${svc.url}/api/analyses/${id}/${q}`));

    before(async () => {
      fx = await startFixtureService(target, buildClonesRepo, { PYLINT_ENABLED: 'false' });
      svc = fx.svc;
      id = (await analyzeToDone(svc.url, { repo_url: 'https://github.com/acme/clones' })).id as number;
    });
    after(async () => {
      await fx?.close();
    });

    test('functions repository-wide, worst first, with rank and path prefix filters', async () => {
      const all = await get('functions?sort=complexity&order=desc&limit=100');
      assert.equal(all.status, 200);
      assert.equal(all.body.items[0]?.name, 'decide');
      assert.equal(all.body.items[0]?.complexity, 13);
      assert.equal(all.body.items[0]?.rank, 'C');
      const names = all.body.items.map(label).sort();
      for (const n of ['Engine.start', 'Engine.stop', 'build_summary', 'clamp', 'decide', 'merge_totals']) {
        assert.ok(names.includes(n), n);
      }
      assert.equal(names.filter((n) => n === 'merge_totals').length, 2);

      const ranked = await get('functions?rank=C,D,E,F');
      assert.deepEqual(ranked.body.items.map(label), ['decide']);
      const lower = await get('functions?rank=c');
      assert.equal(lower.body.total, 1);
      const pkg = await get('functions?path_prefix=pkg/&sort=lineno');
      assert.deepEqual(pkg.body.items.map(label), ['Engine.start', 'Engine.stop', 'decide']);
      assert.equal((await get('functions?path_prefix=Pkg/')).body.total, 0);
      const named = await get('functions?name=MERGE&sort=path');
      assert.deepEqual(
        named.body.items.map((r) => r.path),
        ['billing.py', 'orders.py'],
      );
      const both = await get('functions?path_prefix=pkg/&rank=A&sort=name');
      assert.deepEqual(both.body.items.map(label), ['Engine.start', 'Engine.stop']);
    });

    test('every sortable column sorts, in both directions, nulls last', async () => {
      for (const level of ['functions', 'classes'] as const) {
        for (const [key, col] of Object.entries(LEVELS[level].sortable)) {
          for (const order of ['asc', 'desc'] as const) {
            const r = await get(`${level}?sort=${key}&order=${order}&limit=100`);
            assert.equal(r.status, 200, `${level} ${key}`);
            const values = r.body.items.map((i) => i[key === 'class' ? 'class' : col]);
            const sorted = [...values].sort((a, b) => {
              const c =
                typeof a === 'number' && typeof b === 'number'
                  ? a - b
                  : String(a) < String(b)
                    ? -1
                    : String(a) > String(b)
                      ? 1
                      : 0;
              return order === 'asc' ? c : -c;
            });
            assert.deepEqual(values, sorted, `${level} ${key} ${order}`);
          }
        }
      }
    });

    test('classes with the same filters; paging is done by the server', async () => {
      const cls = await get('classes?sort=name');
      assert.deepEqual(
        cls.body.items.map((c) => [c.name, c.path, c.methods]),
        [
          ['Engine', 'pkg/rules.py', 2],
          ['Invoice', 'invoices.py', 0],
          ['Ledger', 'billing.py', 0],
        ],
      );
      assert.deepEqual(
        (await get('classes?path_prefix=pkg')).body.items.map((c) => c.name),
        ['Engine'],
      );
      const p1 = await get('functions?sort=name&limit=3');
      const p2 = await get(`functions?sort=name&limit=3&offset=${p1.body.next_offset}`);
      assert.equal(p1.body.items.length, 3);
      assert.equal(p1.body.total, p2.body.total);
      const seen = new Set([...p1.body.items, ...p2.body.items].map((r) => `${r.path}:${r.lineno}`));
      assert.equal(seen.size, p1.body.items.length + p2.body.items.length);
    });

    test('bad filters are problem details', async () => {
      for (const q of ['rank=G', 'rank=A,,B', 'rank=', 'sort=bogus', 'limit=0']) {
        const r = await json(await fetch(`${svc.url}/api/analyses/${id}/functions?${q}`));
        assert.equal(r.status, 422, q);
        assert.equal(r.body.code, 'validation_failed');
        assert.match(r.headers.get('content-type') ?? '', /^application\/problem\+json/);
      }
    });
  });
}
