// Duplication end to end on SQLite and PostgreSQL: a run of the fixture with known clones (exact,
// renamed identifiers and changed literals, below the thresholds), the duplicates API and its
// paging, the per-file and summary columns, duplicates.csv in the outputs and the ZIP, and a second
// service with higher thresholds that finds only the larger clone.
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { needTool, testDatabases } from '@app/kit/testing';
import { analyzeToDone, type FixtureService, startFixtureService } from '../helpers/fixture-service.js';
import {
  json,
  parseCsv,
  postAnalysis,
  startService,
  type TestService,
  waitFinished,
} from '../helpers/service.js';
import { buildClonesRepo, CLONES } from './clones-fixture.js';

const noGit = needTool('git');

interface GroupPage {
  items: { group: number; tokens: number; lines: number; occurrences: unknown[] }[];
  total: number;
  limit: number;
  offset: number;
  next_offset: number | null;
}

for (const target of await testDatabases()) {
  describe(`duplication on ${target.name}`, { skip: target.skip || noGit }, () => {
    let fx: FixtureService;
    let svc: TestService;
    let id = 0;
    let output = '';

    before(async () => {
      fx = await startFixtureService(target, buildClonesRepo, { PYLINT_ENABLED: 'false' });
      svc = fx.svc;
      const done = await analyzeToDone(svc.url, { repo_url: 'https://github.com/acme/clones' });
      id = done.id as number;
      output = String(done.output_name);
    });
    after(async () => {
      await fx?.close();
    });

    test('groups largest first with their locations; the small copy is not reported', async () => {
      const page = await json<GroupPage>(await fetch(`${svc.url}/api/analyses/${id}/duplicates`));
      assert.equal(page.status, 200);
      assert.deepEqual(page.body, {
        items: CLONES.groups,
        total: 2,
        limit: 50,
        offset: 0,
        next_offset: null,
      });
    });

    test('paging, the path prefix filter and one group with its fragments', async () => {
      const first = await json<GroupPage>(await fetch(`${svc.url}/api/analyses/${id}/duplicates?limit=1`));
      assert.deepEqual(
        first.body.items.map((g) => g.group),
        [1],
      );
      assert.equal(first.body.next_offset, 1);
      const second = await json<GroupPage>(
        await fetch(`${svc.url}/api/analyses/${id}/duplicates?limit=1&offset=1`),
      );
      assert.deepEqual(second.body.items, [CLONES.groups[1]]);
      assert.equal(second.body.next_offset, null);
      const inv = await json<GroupPage>(
        await fetch(`${svc.url}/api/analyses/${id}/duplicates?path=${encodeURIComponent('invoices')}`),
      );
      assert.deepEqual(
        inv.body.items.map((g) => g.group),
        [2],
      );
      // A prefix is case-sensitive on both engines.
      const upper = await json<GroupPage>(
        await fetch(`${svc.url}/api/analyses/${id}/duplicates?path=Invoices`),
      );
      assert.equal(upper.body.total, 0);

      // With the run's clone gone (the worker removes it; here removed for sure), the text comes from the database.
      rmSync(join(fx.dataDir, 'scratch'), { recursive: true, force: true });
      const g = await json<{ occurrences: { path: string; text: string; truncated: boolean }[] }>(
        await fetch(`${svc.url}/api/analyses/${id}/duplicates/2`),
      );
      assert.equal(g.status, 200);
      assert.deepEqual(
        g.body.occurrences.map((o) => [o.path, o.text, o.truncated]),
        [
          ['invoices.py', CLONES.files['invoices.py'].split('\n').slice(3, 11).join('\n'), false],
          ['orders.py', CLONES.files['orders.py'].split('\n').slice(17, 25).join('\n'), false],
        ],
      );
      assert.match(g.body.occurrences[0]?.text ?? '', /^def build_summary/);
    });

    test('bad requests are problem details and change nothing', async () => {
      for (const q of ['limit=0', 'limit=501', 'offset=-1', 'bogus=1']) {
        const bad = await json(await fetch(`${svc.url}/api/analyses/${id}/duplicates?${q}`));
        assert.equal(bad.status, 422, q);
        assert.equal(bad.body.code, 'validation_failed');
      }
      const missing = await json(await fetch(`${svc.url}/api/analyses/${id}/duplicates/3`));
      assert.equal(missing.status, 404);
      assert.equal(missing.body.code, 'not_found');
      assert.match(String(missing.body.detail), /no clone group 3/);
      const unknown = await json(await fetch(`${svc.url}/api/analyses/999999/duplicates`));
      assert.equal(unknown.status, 404);
      assert.match(unknown.headers.get('content-type') ?? '', /^application\/problem\+json/);
      const schema = await json<{ paths: Record<string, unknown> }>(await fetch(`${svc.url}/openapi.json`));
      assert.ok('/api/analyses/{id}/duplicates' in schema.body.paths);
      assert.ok('/api/analyses/{id}/duplicates/{group}' in schema.body.paths);
    });

    test('duplicated lines per file and for the run, in the API, file.csv and summary.csv', async () => {
      const files = await json<{ items: Record<string, unknown>[] }>(
        await fetch(`${svc.url}/api/analyses/${id}/files?sort=duplicated_lines&order=desc&limit=100`),
      );
      const byPath = Object.fromEntries(files.body.items.map((f) => [f.path, f]));
      for (const [path, lines] of Object.entries(CLONES.duplicated)) {
        assert.equal(byPath[path]?.duplicated_lines, lines, path);
      }
      assert.equal(files.body.items[0]?.path, 'orders.py');
      assert.equal(byPath['orders.py']?.loc, 28);
      assert.equal(byPath['orders.py']?.duplicated_lines_pct, 71.43);
      assert.equal(byPath['small_a.py']?.duplicated_lines_pct, 0);

      const summary = await json(await fetch(`${svc.url}/api/analyses/${id}/summary`));
      const loc = summary.body.loc as number;
      assert.equal(summary.body.duplicated_lines, 40);
      assert.equal(summary.body.duplicated_lines_pct, Math.round((10_000 * 40) / loc) / 100);

      const dir = join(fx.dataDir, 'outputs', output);
      const fileCsv = parseCsv(readFileSync(join(dir, 'file.csv'), 'utf8'));
      assert.equal(fileCsv.find((r) => r.path === 'orders.py')?.duplicated_lines, '20');
      const sumCsv = parseCsv(readFileSync(join(dir, 'summary.csv'), 'utf8'));
      assert.equal(sumCsv[0]?.duplicated_lines, '40');
    });

    test('duplicates.csv: one row per occurrence, in the folder and the ZIP', async () => {
      const dir = join(fx.dataDir, 'outputs', output);
      const text = readFileSync(join(dir, 'duplicates.csv'), 'utf8');
      assert.equal(text.split('\r\n')[0], 'group,tokens,lines,occurrences,path,start_line,end_line');
      assert.deepEqual(parseCsv(text), [
        {
          group: '1',
          tokens: '107',
          lines: '12',
          occurrences: '2',
          path: 'billing.py',
          start_line: '4',
          end_line: '15',
        },
        {
          group: '1',
          tokens: '107',
          lines: '12',
          occurrences: '2',
          path: 'orders.py',
          start_line: '4',
          end_line: '15',
        },
        {
          group: '2',
          tokens: '73',
          lines: '8',
          occurrences: '2',
          path: 'invoices.py',
          start_line: '4',
          end_line: '11',
        },
        {
          group: '2',
          tokens: '73',
          lines: '8',
          occurrences: '2',
          path: 'orders.py',
          start_line: '18',
          end_line: '25',
        },
      ]);
      const zip = Buffer.from(
        await (await fetch(`${svc.url}/api/analyses/${id}/download/all`)).arrayBuffer(),
      );
      assert.ok(zip.includes(Buffer.from('duplicates.csv')));
    });

    test('thresholds come from the configuration', async () => {
      const other = await target.create();
      const strict = await startService({
        DATABASE_URL: other.databaseUrl,
        DATA_DIR: other.dataDir,
        GITHUB_BASE_URL: fx.base.baseUrl,
        PYLINT_ENABLED: 'false',
        DUPLICATION_MIN_TOKENS: '100',
        DUPLICATION_MIN_LINES: '10',
      });
      try {
        const r = await json(await postAnalysis(strict.url, { repo_url: 'https://github.com/acme/clones' }));
        const done = await waitFinished(strict.url, r.body.id as number);
        assert.equal(done.status, 'done');
        const page = await json<GroupPage>(await fetch(`${strict.url}/api/analyses/${r.body.id}/duplicates`));
        assert.deepEqual(page.body.items, [CLONES.groups[0]]);
      } finally {
        await strict.close();
        await other.cleanup();
      }
    });
  });
}
