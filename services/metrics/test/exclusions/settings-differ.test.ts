// Compare and trend across runs with different exclusions, on SQLite and PostgreSQL, from real
// analyses of acme/evolve (built by the test): main at c2 measured with no globs, then main at c3
// with `exclude: ["util_new.py"]`. util_new.py is in both commits, so it is neither removed nor
// added: compare lists it apart, with the glob, and the trend's second point says the settings changed.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { needTool, testDatabases } from '@app/kit/testing';
import type { CompareResponse } from '../../src/shared-types/compare-types.js';
import type { TrendResponse } from '../../src/shared-types/trend-types.js';
import { analyzeToDone, type FixtureService } from '../helpers/fixture-service.js';
import { json } from '../helpers/service.js';
import { type EvolveRepo, startEvolveService } from '../trends/evolve-fixture.js';

const noGit = needTool('git');
const REPO = 'https://github.com/acme/evolve';

for (const target of await testDatabases()) {
  describe(`runs with different exclusions on ${target.name}`, { skip: target.skip || noGit }, () => {
    let fx: FixtureService;
    let repo: EvolveRepo;
    const ids: Record<string, number> = {};
    const get = async <T>(q: string) => json<T>(await fetch(`${fx.svc.url}/api/${q}`));
    const run = async (body: Record<string, unknown>) =>
      (await analyzeToDone(fx.svc.url, { repo_url: REPO, ...body })).id as number;

    before(async () => {
      ({ fx, repo } = await startEvolveService(target));
      repo.setMain(repo.shas.c2);
      ids.plain = await run({ branch: 'main' });
      repo.setMain(repo.shas.c3);
      ids.excluding = await run({ branch: 'main', exclude: ['util_new.py'] });
      ids.tag = await run({ ref: 'v1' });
    });
    after(async () => {
      await fx?.close();
    });

    test('compare lists the file one run excluded apart, not as removed, and says what differs', async () => {
      const r = await get<CompareResponse>(`analyses/${ids.plain}/compare/${ids.excluding}?unchanged=true`);
      assert.equal(r.status, 200);
      const s = r.body.settings;
      assert.deepEqual(s.differences, [
        `exclude globs: run #${ids.plain} none, run #${ids.excluding} util_new.py`,
      ]);
      assert.deepEqual(s.excluded_files, [
        { path: 'util_new.py', measured_by: 'base', reason: 'exclude util_new.py' },
      ]);
      assert.deepEqual([s.base.exclude, s.head.exclude], [[], ['util_new.py']]);
      assert.deepEqual([s.base.repository_exclude, s.base.skip_tests, s.base.pylint], [[], true, false]);
      assert.equal(typeof s.base.bandit, 'boolean');
      assert.equal(s.base.bandit, s.head.bandit);
      // c2 → c3 is mod_a.py moving to mod_b.py; util_new.py is no change at all.
      assert.equal(r.body.counts.files.removed, 0);
      assert.equal(r.body.counts.files.added, 0);
      assert.deepEqual(r.body.files.map((f) => [f.path, f.old_path]).sort(), [
        ['core.py', null],
        ['fresh.py', null],
        ['mod_b.py', 'mod_a.py'],
      ]);
      assert.ok(!r.body.functions.some((f) => f.path === 'util_new.py'));
      assert.equal(r.body.counts.functions.removed, 0);
    });

    test('the other way round the file is the base run’s exclusion', async () => {
      const r = await get<CompareResponse>(`analyses/${ids.excluding}/compare/${ids.plain}`);
      assert.equal(r.status, 200);
      assert.deepEqual(r.body.settings.excluded_files, [
        { path: 'util_new.py', measured_by: 'head', reason: 'exclude util_new.py' },
      ]);
      assert.equal(r.body.counts.files.added, 0);
    });

    test('runs with the same settings: no difference, a real removal stays a removal', async () => {
      const r = await get<CompareResponse>(`analyses/${ids.tag}/compare/${ids.plain}`);
      assert.equal(r.status, 200);
      assert.deepEqual(r.body.settings.differences, []);
      assert.deepEqual(r.body.settings.excluded_files, []);
      // c1 → c2 deletes gone.py.
      assert.deepEqual(
        r.body.files.filter((f) => f.change === 'removed').map((f) => f.path),
        ['gone.py'],
      );
    });

    test('the trend marks the point measured under other settings', async () => {
      const r = await get<TrendResponse>('repositories/acme/evolve/trend?ref=main');
      assert.equal(r.status, 200);
      const points = r.body.series[0]?.points ?? [];
      assert.deepEqual(
        points.map((p) => [p.id, p.settings_changed ?? null]),
        [
          [ids.plain, null],
          [ids.excluding, [`exclude globs: run #${ids.plain} none, run #${ids.excluding} util_new.py`]],
        ],
      );
    });
  });
}
