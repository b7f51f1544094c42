// Saved quality gates and verdicts (issue 36): gates saved as the default and per repository, in
// pyscan's --fail-on grammar; every finished run judged and the verdict stored with it; the verdict
// through the API, the PDF's text and the badge (public only when the gate says so).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { needTool, testDatabases } from '@app/kit/testing';
import { analyzeToDone, type FixtureService } from '../helpers/fixture-service.js';
import { json } from '../helpers/service.js';
import { readPdf } from '../reports/pdf-text.js';
import { type EvolveRepo, startEvolveService } from '../trends/evolve-fixture.js';

const REPO = 'https://github.com/acme/evolve';
type Outcome = {
  condition: string;
  kind: string;
  status: string;
  value: number | string | null;
  limit: string;
  failing_items: number | null;
  items: { path: string; name: string; line: number; value: number | string }[];
  reason: string | null;
};
type Verdict = {
  analysis_id: number;
  status: string;
  base_id: number | null;
  gate: { scope: string; conditions: string[] };
  conditions: Outcome[];
};

for (const target of await testDatabases()) {
  describe(`saved quality gate and verdicts on ${target.name}`, {
    skip: target.skip || needTool('git'),
  }, () => {
    let fx: FixtureService;
    let repo: EvolveRepo;
    const ids: Record<string, number> = {};
    const call = async <T>(method: string, path: string, body?: unknown) =>
      json<T>(
        await fetch(`${fx.svc.url}${path}`, {
          method,
          headers: body === undefined ? {} : { 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      );

    before(async () => {
      ({ fx, repo } = await startEvolveService(target));
    });
    after(async () => {
      await fx?.close();
    });

    test('bad conditions are refused with a problem naming them, and nothing is saved', async () => {
      for (const [conditions, words] of [
        ['cc>>1', "invalid value '>1' for cc"],
        ['nope>1', "unknown metric 'nope'"],
        ['rank>Z', "invalid value 'Z' for rank"],
        ['new_cc_avg>1', "unknown metric 'new_cc_avg'"],
        ['', 'at least one condition'],
      ] as const) {
        const r = await call<{ code: string; detail: string }>('PUT', '/api/gates/default', { conditions });
        assert.equal(r.status, 422, conditions);
        assert.equal(r.body.code, 'validation_failed');
        assert.ok(r.body.detail.includes(words), `${conditions}: ${r.body.detail}`);
      }
      assert.equal((await call('GET', '/api/gates/default')).status, 404);
    });

    test('a run finishing under the default gate stores a passing verdict; the badge stays private', async () => {
      const saved = await call<{ conditions: string[]; scope: string; badge_public: boolean }>(
        'PUT',
        '/api/gates/default',
        {
          conditions: 'CC > 50, mi_avg<0',
        },
      );
      assert.equal(saved.status, 200);
      assert.deepEqual(saved.body.conditions, ['cc>50', 'mi_avg<0'], 'canonical spelling');
      assert.equal(saved.body.badge_public, false);
      repo.setMain(repo.shas.c1);
      ids.c1 = (await analyzeToDone(fx.svc.url, { repo_url: REPO })).id as number;
      const v = await call<Verdict>('GET', `/api/analyses/${ids.c1}/verdict`);
      assert.equal(v.status, 200);
      assert.equal(v.body.status, 'passed');
      assert.equal(v.body.gate.scope, 'default');
      const [cc, mi] = v.body.conditions;
      assert.equal(cc?.status, 'passed');
      assert.equal(cc?.failing_items, 0);
      assert.equal(mi?.kind, 'run');
      assert.equal(typeof mi?.value, 'number');
      assert.equal((await fetch(`${fx.svc.url}/api/badges/acme/evolve/gate.svg`)).status, 404);
    });

    test("a repository's own gate fails a run on new code; API, PDF and public badge say so", async () => {
      const saved = await call('PUT', '/api/repositories/acme/evolve/gate', {
        conditions: ['new_cc>3', 'cc_max>100', 'new_functions>=1'],
        badge_public: true,
      });
      assert.equal(saved.status, 200);
      repo.setMain(repo.shas.c3);
      ids.c3 = (await analyzeToDone(fx.svc.url, { repo_url: REPO })).id as number;
      const v = (await call<Verdict>('GET', `/api/analyses/${ids.c3}/verdict`)).body;
      assert.equal(v.status, 'failed');
      assert.equal(v.gate.scope, 'repository');
      assert.equal(v.base_id, ids.c1, 'new code is measured against the previous run');
      const by = Object.fromEntries(v.conditions.map((c) => [c.condition, c]));
      assert.equal(by['new_cc>3']?.status, 'failed');
      assert.equal(by['new_cc>3']?.limit, '> 3');
      assert.deepEqual(
        by['new_cc>3']?.items.map((i) => [i.path, i.name, i.value]),
        [['core.py', 'alpha', 4]],
      );
      assert.equal(by['cc_max>100']?.status, 'passed');
      assert.equal(by['new_functions>=1']?.status, 'failed');
      assert.ok(Number(by['new_functions>=1']?.value) >= 2, 'alpha changed, fresh_fn and gamma added');

      // The earlier run keeps the verdict it got when it finished.
      assert.equal((await call<Verdict>('GET', `/api/analyses/${ids.c1}/verdict`)).body.status, 'passed');

      const pdf = await fetch(`${fx.svc.url}/api/analyses/${ids.c3}/report.pdf`);
      assert.equal(pdf.status, 200);
      const text = (await readPdf(new Uint8Array(await pdf.arrayBuffer()))).text.join('\n');
      assert.ok(text.includes('Quality gate: failed'), text.slice(0, 400));
      assert.ok(text.includes('new_cc>3: 4 (1 item), limit > 3'), text.slice(0, 600));

      const badge = await fetch(`${fx.svc.url}/api/badges/acme/evolve/gate.svg`);
      assert.equal(badge.status, 200);
      assert.match(badge.headers.get('content-type') ?? '', /^image\/svg\+xml/);
      const svg = await badge.text();
      assert.ok(svg.includes('quality gate: failed'), svg);
      // acme/other falls under the default gate, whose badge is not public.
      assert.equal((await fetch(`${fx.svc.url}/api/badges/acme/other/gate.svg`)).status, 404);
    });

    test('judging again applies the gate of now; a run without an earlier one skips new-code conditions', async () => {
      const v = await call<Verdict>('POST', `/api/analyses/${ids.c1}/verdict`);
      assert.equal(v.status, 200);
      assert.equal(v.body.status, 'passed');
      assert.equal(v.body.base_id, null);
      const skipped = v.body.conditions.filter((c) => c.status === 'skipped').map((c) => c.condition);
      assert.deepEqual(skipped, ['new_cc>3', 'new_functions>=1']);
      assert.match(v.body.conditions[0]?.reason ?? '', /no earlier finished run/);
      const del = () => fetch(`${fx.svc.url}/api/repositories/acme/evolve/gate`, { method: 'DELETE' });
      assert.equal((await del()).status, 204);
      assert.equal((await call('GET', '/api/repositories/acme/evolve/gate')).status, 404);
      assert.equal((await del()).status, 404);
      assert.equal((await call('GET', '/api/analyses/999999/verdict')).status, 404);
    });
  });
}
