// The history insights over HTTP, on SQLite and PostgreSQL: a full-history run of the hand-computed
// repository (insights-fixture.ts; arithmetic in insights-history.test.ts), paging, filters, 404,
// 409, 422, the CSVs, and a shallow source where every view says the full history is needed.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { needTool, testDatabases } from '@app/kit/testing';
import type {
  CodeAgeResponse,
  CouplingResponse,
  HotspotsResponse,
  KnowledgeResponse,
} from '../../web/src/api/types.js';
import { createFixtureBase, type FixtureBase, gitSync } from '../fixtures-builder/build-repo.js';
import {
  json,
  parseCsv,
  postAnalysis,
  startService,
  type TestService,
  waitFinished,
} from '../helpers/service.js';
import { readPdf } from '../reports/pdf-text.js';
import { buildInsightsRepo } from './insights-fixture.js';

const noGit = needTool('git');
const ENDPOINTS = ['hotspots', 'coupling', 'knowledge', 'code-age'];
const csvHeader = (text: string) => text.split('\n')[0]?.split(',');

for (const target of await testDatabases()) {
  describe(`history insights API on ${target.name}`, { skip: target.skip || noGit }, () => {
    let base: FixtureBase;
    let svc: TestService;
    let db: Awaited<ReturnType<typeof target.create>>;
    let id = 0;
    let shallowId = 0;
    let outputName = '';
    let shallowOutput = '';

    before(async () => {
      base = createFixtureBase();
      const repo = buildInsightsRepo(base);
      gitSync(base.dir, [
        'clone',
        '-q',
        '--depth',
        '1',
        `file://${repo.dir}`,
        join(base.dir, 'acme', 'shallow'),
      ]);
      db = await target.create();
      svc = await startService(
        {
          DATABASE_URL: db.databaseUrl,
          DATA_DIR: db.dataDir,
          GITHUB_BASE_URL: base.baseUrl,
          PYLINT_ENABLED: 'false',
          CLONE_SHALLOW: 'false',
        },
        { worker: false },
      );
    });
    after(async () => {
      await svc?.close();
      await db?.cleanup();
      base?.cleanup();
    });

    test('404 for an unknown run, 409 before it is done, 422 for bad queries; documented in OpenAPI', async () => {
      const schema = await json<{ paths: Record<string, unknown> }>(await fetch(`${svc.url}/openapi.json`));
      for (const e of ENDPOINTS) assert.ok(`/api/analyses/{id}/${e}` in schema.body.paths, e);
      const r = await json(await postAnalysis(svc.url, { repo_url: 'https://github.com/acme/insights' }));
      assert.equal(r.status, 202);
      id = r.body.id as number;
      for (const e of ENDPOINTS) {
        const notDone = await json(await fetch(`${svc.url}/api/analyses/${id}/${e}`));
        assert.equal(notDone.status, 409, e);
        assert.equal(notDone.body.code, 'analysis_not_done');
        assert.match(notDone.headers.get('content-type') ?? '', /^application\/problem\+json/);
        const unknown = await json(await fetch(`${svc.url}/api/analyses/999999/${e}`));
        assert.equal(unknown.status, 404, e);
        assert.equal(unknown.body.code, 'not_found');
      }
      for (const q of ['by=loc', 'limit=0', 'limit=1001', 'offset=-1', 'bogus=1']) {
        const bad = await json(await fetch(`${svc.url}/api/analyses/${id}/hotspots?${q}`));
        assert.equal(bad.status, 422, q);
        assert.equal(bad.body.code, 'validation_failed');
      }
      assert.equal((await fetch(`${svc.url}/api/analyses/${id}/coupling?limit=0`)).status, 422);

      const s = await json(await postAnalysis(svc.url, { repo_url: 'https://github.com/acme/shallow' }));
      shallowId = s.body.id as number;
      svc.server.startWorker();
      const done = await waitFinished(svc.url, id);
      assert.equal(done.status, 'done', JSON.stringify(done.error));
      outputName = String(done.output_name);
      const sdone = await waitFinished(svc.url, shallowId);
      assert.equal(sdone.status, 'done', JSON.stringify(sdone.error));
      shallowOutput = String(sdone.output_name);
    });

    const history = { available: true, reason: null, commits_read: 11 };

    test('hotspots: ranked by revisions × complexity, by cc or cognitive, paged, by folder', async () => {
      const h = await json<HotspotsResponse>(await fetch(`${svc.url}/api/analyses/${id}/hotspots`));
      assert.equal(h.status, 200);
      assert.deepEqual(h.body.history, history);
      assert.equal(h.body.by, 'cc');
      assert.equal(h.body.total, 3);
      // max revisions 8 (a.py), max cc 3 (b2): b2 7/8 × 3/3, a 8/8 × 2/3, c 5/8 × 1/3.
      assert.deepEqual(
        h.body.items.map((i) => [i.rank, i.path, i.score]),
        [
          [1, 'pkg/b2.py', 7 / 8],
          [2, 'a.py', 2 / 3],
          [3, 'c.py', (5 / 8) * (1 / 3)],
        ],
      );
      assert.deepEqual(h.body.items[1], {
        path: 'a.py',
        score: 2 / 3,
        rank: 2,
        revisions: 8,
        revisions_90d: 3,
        churn: 20,
        churn_90d: 3,
        complexity: 2,
        cognitive: 1,
        // 4 function lines, 15 assignments and the side branch's comment.
        loc: 20,
        age_months: 1,
        top_functions: [{ name: 'f', class_name: null, lineno: 2, complexity: 2, cognitive: 1 }],
      });
      assert.deepEqual(h.body.folders, [
        { path: '', score: 7 / 8, score_sum: 7 / 8 + 2 / 3 + (5 / 8) * (1 / 3), files: 3 },
        { path: 'pkg', score: 7 / 8, score_sum: 7 / 8, files: 1 },
      ]);

      const cog = await json<HotspotsResponse>(
        await fetch(`${svc.url}/api/analyses/${id}/hotspots?by=cognitive&limit=1&offset=1`),
      );
      // max cognitive 2 (b2): b2 7/8, a 1 × 1/2, c 0.
      assert.equal(cog.body.by, 'cognitive');
      assert.equal(cog.body.total, 3);
      assert.deepEqual(
        cog.body.items.map((i) => [i.rank, i.path, i.score]),
        [[2, 'a.py', 0.5]],
      );
      const pkg = await json<HotspotsResponse>(
        await fetch(`${svc.url}/api/analyses/${id}/hotspots?folder=pkg`),
      );
      assert.equal(pkg.body.total, 1);
      assert.deepEqual(
        pkg.body.items.map((i) => [i.rank, i.path]),
        [[1, 'pkg/b2.py']],
      );
      assert.deepEqual(
        pkg.body.folders.map((f) => f.path),
        ['pkg'],
      );
      const none = await json<HotspotsResponse>(
        await fetch(`${svc.url}/api/analyses/${id}/hotspots?folder=nope`),
      );
      assert.deepEqual([none.body.total, none.body.items, none.body.folders], [0, [], []]);
    });

    test('coupling: the pairs above the thresholds, strongest first, paged and by file', async () => {
      const c = await json<CouplingResponse>(await fetch(`${svc.url}/api/analyses/${id}/coupling`));
      assert.deepEqual(c.body, {
        history,
        total: 2,
        params: { min_revisions: 5, min_shared: 3, min_degree: 30, max_commit_files: 50 },
        items: [
          {
            path_a: 'a.py',
            path_b: 'pkg/b2.py',
            shared_commits: 6,
            degree: 92.3,
            revisions_a: 7,
            revisions_b: 6,
          },
          { path_a: 'a.py', path_b: 'c.py', shared_commits: 3, degree: 50, revisions_a: 7, revisions_b: 5 },
        ],
      });
      const page2 = await json<CouplingResponse>(
        await fetch(`${svc.url}/api/analyses/${id}/coupling?limit=1&offset=1`),
      );
      assert.equal(page2.body.total, 2);
      assert.deepEqual(
        page2.body.items.map((i) => i.path_b),
        ['c.py'],
      );
      const ofB = await json<CouplingResponse>(
        await fetch(`${svc.url}/api/analyses/${id}/coupling?path=${encodeURIComponent('pkg/b2.py')}`),
      );
      assert.equal(ofB.body.total, 1);
      assert.equal(ofB.body.items[0]?.path_a, 'a.py');
      const ofNone = await json<CouplingResponse>(
        await fetch(`${svc.url}/api/analyses/${id}/coupling?path=gen/f00.txt`),
      );
      assert.equal(ofNone.body.total, 0);
    });

    test('knowledge: main authors after .mailmap, bus factor, folders, files at risk', async () => {
      const k = await json<KnowledgeResponse>(await fetch(`${svc.url}/api/analyses/${id}/knowledge`));
      const alice = { name: 'Alice', email: 'alice@example.com' };
      assert.deepEqual(k.body, {
        history,
        bus_factor: 2,
        authors_total: 3,
        // Alice 15 + 15 + 5, Bob 4 + 1 + 3, Carol 1 + 1 + 1.
        authors: [
          { ...alice, files_main: 3, lines: 35 },
          { name: 'Bob', email: 'bob@example.com', files_main: 0, lines: 8 },
          { name: 'Carol', email: 'carol@example.com', files_main: 0, lines: 3 },
        ],
        files: [
          {
            path: 'a.py',
            main_author: alice,
            main_author_share: 0.75,
            knowledgeable_authors: 2,
            authors_total: 3,
          },
          {
            path: 'c.py',
            main_author: alice,
            main_author_share: 5 / 9,
            knowledgeable_authors: 3,
            authors_total: 3,
          },
          {
            path: 'pkg/b2.py',
            main_author: alice,
            main_author_share: 15 / 17,
            knowledgeable_authors: 1,
            authors_total: 3,
          },
        ],
        folders: [
          { path: '', bus_factor: 2, files: 3 },
          { path: 'pkg', bus_factor: 1, files: 1 },
        ],
        at_risk: [{ path: 'pkg/b2.py', main_author: alice, main_author_share: 15 / 17 }],
      });
    });

    test('code age: months since the last change and the distribution', async () => {
      const a = await json<CodeAgeResponse>(await fetch(`${svc.url}/api/analyses/${id}/code-age`));
      assert.deepEqual(a.body.history, history);
      assert.deepEqual(a.body.files, [
        { path: 'a.py', age_months: 1, last_changed: '2024-05-01T00:00:00.000Z' },
        { path: 'c.py', age_months: 0, last_changed: '2024-06-30T00:00:00.000Z' },
        { path: 'pkg/b2.py', age_months: 1, last_changed: '2024-05-01T00:00:00.000Z' },
      ]);
      assert.deepEqual(
        a.body.distribution.map((d) => [d.label, d.files]),
        [
          ['<1 month', 1],
          ['1-3 months', 2],
          ['3-6 months', 0],
          ['6-12 months', 0],
          ['1-2 years', 0],
          ['>2 years', 0],
        ],
      );
    });

    test('file.csv, the file rows and the three insight CSVs carry the same numbers', async () => {
      const out = join(db.dataDir, 'outputs', outputName);
      const file = parseCsv(readFileSync(join(out, 'file.csv'), 'utf8')).find((r) => r.path === 'a.py');
      assert.equal(file?.revisions_90d, '3');
      assert.equal(file?.churn, '20');
      assert.equal(file?.churn_90d, '3');
      assert.equal(file?.age_months, '1');
      assert.equal(file?.main_author_share, '0.75');
      assert.equal(file?.knowledgeable_authors, '2');
      assert.equal(Number(file?.hotspot_score), 2 / 3);
      const rows = await json<{ items: Record<string, unknown>[] }>(
        await fetch(`${svc.url}/api/analyses/${id}/files?sort=hotspot_score&order=desc`),
      );
      assert.deepEqual(
        rows.body.items.map((r) => r.path),
        ['pkg/b2.py', 'a.py', 'c.py'],
      );
      assert.equal('main_author_email' in rows.body.items[0]!, false, 'internal columns stay internal');

      const hot = parseCsv(readFileSync(join(out, 'hotspots.csv'), 'utf8'));
      assert.deepEqual(
        hot.map((r) => [r.rank, r.path, r.top_function, r.revisions]),
        [
          ['1', 'pkg/b2.py', 'g', '7'],
          ['2', 'a.py', 'f', '8'],
          ['3', 'c.py', 'h', '5'],
        ],
      );
      const coupling = parseCsv(readFileSync(join(out, 'coupling.csv'), 'utf8'));
      assert.deepEqual(
        coupling.map((r) => [r.path_a, r.path_b, r.shared_commits, r.degree]),
        [
          ['a.py', 'pkg/b2.py', '6', '92.3'],
          ['a.py', 'c.py', '3', '50'],
        ],
      );
      const knowledge = parseCsv(readFileSync(join(out, 'knowledge.csv'), 'utf8'));
      assert.deepEqual(
        knowledge.find((r) => r.path === 'pkg/b2.py'),
        {
          path: 'pkg/b2.py',
          main_author_name: 'Alice',
          main_author_email: 'alice@example.com',
          main_author_share: String(15 / 17),
          knowledgeable_authors: '1',
          authors_total: '3',
          age_months: '1',
          last_changed: '2024-05-01T00:00:00.000Z',
        },
      );
    });

    test('the PDF report gains a page of hotspots, coupled pairs and the bus factor', async () => {
      const res = await fetch(`${svc.url}/api/analyses/${id}/report.pdf`);
      assert.equal(res.status, 200);
      const pdf = await readPdf(new Uint8Array(await res.arrayBuffer()));
      const last = pdf.text.at(-1)?.replace(/\s+/g, ' ') ?? '';
      assert.match(last, /Where to act: history insights/);
      assert.match(last, /From 11 commits\. Bus factor 2: the fewest of the 3 authors/);
      assert.match(last, /1 file\(s\) are known by their main author alone/);
      // b2: score 0.875 → 0.88, 7 revisions, cc 3, churn 17; the pair a.py / pkg/b2.py at 92.3 %.
      assert.match(last, /pkg\/b2\.py 0\.88 7 3 17/);
      assert.match(last, /a\.py pkg\/b2\.py 6 92\.3/);
      const shallow = await fetch(`${svc.url}/api/analyses/${shallowId}/report.pdf`);
      const text = (await readPdf(new Uint8Array(await shallow.arrayBuffer()))).text.at(-1) ?? '';
      assert.match(text.replace(/\s+/g, ' '), /need the full git history .*shallow clone/);
    });

    test('a shallow source: every view says the full history is needed, CSVs have headers only', async () => {
      const unavailable = { available: false, reason: 'shallow_clone', commits_read: 0 };
      for (const e of ENDPOINTS) {
        const r = await json<Record<string, unknown>>(
          await fetch(`${svc.url}/api/analyses/${shallowId}/${e}`),
        );
        assert.equal(r.status, 200, e);
        assert.deepEqual(r.body.history, unavailable, e);
      }
      const h = await json<HotspotsResponse>(await fetch(`${svc.url}/api/analyses/${shallowId}/hotspots`));
      assert.deepEqual([h.body.total, h.body.items, h.body.folders], [0, [], []]);
      const k = await json<KnowledgeResponse>(await fetch(`${svc.url}/api/analyses/${shallowId}/knowledge`));
      assert.deepEqual([k.body.bus_factor, k.body.files, k.body.at_risk], [0, [], []]);
      const out = join(db.dataDir, 'outputs', shallowOutput);
      for (const [name, first] of [
        ['hotspots.csv', 'rank'],
        ['coupling.csv', 'path_a'],
        ['knowledge.csv', 'path'],
      ] as const) {
        const text = readFileSync(join(out, name), 'utf8');
        assert.equal(csvHeader(text)?.[0], first, name);
        assert.equal(parseCsv(text).length, 0, name);
      }
      const file = parseCsv(readFileSync(join(out, 'file.csv'), 'utf8')).find((r) => r.path === 'a.py');
      assert.equal(file?.hotspot_score, '');
      assert.equal(file?.churn, '');
    });
  });
}
