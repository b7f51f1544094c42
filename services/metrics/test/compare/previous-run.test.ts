// "Compare with previous" and the run list's paging (issue 29, item 17): a run's previous_id counts
// the commits a history run measured, a repository's first run has none (so the UI offers nothing),
// and GET /api/analyses pages with a `before` cursor and its Link header, per repository or not.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { needTool, testDatabases } from '@app/kit/testing';
import { analyzeToDone, type FixtureService } from '../helpers/fixture-service.js';
import { json } from '../helpers/service.js';
import { type EvolveRepo, startEvolveService } from '../trends/evolve-fixture.js';

const REPO = 'https://github.com/acme/evolve';
type Run = { id: number; previous_id: number | null; commit_sha: string; history_parent_id: number | null };

for (const target of await testDatabases()) {
  describe(`previous run and run paging on ${target.name}`, { skip: target.skip || needTool('git') }, () => {
    let fx: FixtureService;
    let repo: EvolveRepo;
    const ids: Record<string, number> = {};
    const get = async <T>(q: string) => json<T>(await fetch(`${fx.svc.url}${q}`));

    before(async () => {
      ({ fx, repo } = await startEvolveService(target));
      const run = async (body: Record<string, unknown>) =>
        (await analyzeToDone(fx.svc.url, body)).id as number;
      ids.plain = await run({ repo_url: REPO });
      ids.other = await run({ repo_url: 'https://github.com/acme/other' });
      // Measures main (c3) again, and c1 and c2 as per-commit runs.
      ids.history = await run({ repo_url: REPO, history: { commits: 2 } });
    });
    after(async () => {
      await fx?.close();
    });

    test("a run's previous is the commit before its own, per-commit runs included; a first run has none", async () => {
      const hist = (await get<Run>(`/api/analyses/${ids.history}`)).body;
      const plain = (await get<Run>(`/api/analyses/${ids.plain}`)).body;
      const other = (await get<Run>(`/api/analyses/${ids.other}`)).body;
      assert.equal(other.previous_id, null, 'the only run of its repository');
      assert.ok(hist.previous_id !== null);
      const prev = (await get<Run>(`/api/analyses/${hist.previous_id}`)).body;
      assert.equal(prev.commit_sha, repo.shas.c2);
      assert.equal(prev.history_parent_id, ids.history);
      // The plain run of c3, made before the history run: its commit now stands for the history run's
      // point, and the commit before it is still c2 (it used to find nothing).
      assert.equal(plain.previous_id, hist.previous_id);
      // The list says the same.
      const list = (await get<Run[]>(`/api/analyses?repo_url=${encodeURIComponent(REPO)}`)).body;
      assert.deepEqual(
        list.map((r) => [r.id, r.previous_id]),
        [
          [ids.history, hist.previous_id],
          [ids.plain, hist.previous_id],
        ],
      );
    });

    test('GET /api/analyses pages with before and a Link header; repo_url narrows it', async () => {
      const first = await fetch(`${fx.svc.url}/api/analyses?limit=2`);
      const page1 = (await first.json()) as Run[];
      assert.deepEqual(
        page1.map((r) => r.id),
        [ids.history, ids.other],
        'newest first, per-commit runs left out',
      );
      assert.equal(first.headers.get('link'), `</api/analyses?limit=2&before=${ids.other}>; rel="next"`);
      const second = await fetch(`${fx.svc.url}/api/analyses?limit=2&before=${ids.other}`);
      assert.deepEqual(
        ((await second.json()) as Run[]).map((r) => r.id),
        [ids.plain],
      );
      assert.equal(second.headers.get('link'), null, 'no older runs: no next page');
      const one = await fetch(`${fx.svc.url}/api/analyses?limit=1&repo_url=${encodeURIComponent(REPO)}`);
      assert.deepEqual(
        ((await one.json()) as Run[]).map((r) => r.id),
        [ids.history],
      );
      assert.equal(
        one.headers.get('link'),
        `</api/analyses?limit=1&repo_url=${encodeURIComponent(REPO)}&before=${ids.history}>; rel="next"`,
      );
      const bad = await get<{ status: number; detail: string }>('/api/analyses?before=0');
      assert.equal(bad.status, 422);
      assert.match(bad.body.detail, /before/);
    });
  });
}
