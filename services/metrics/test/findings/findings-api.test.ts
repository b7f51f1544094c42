// Findings and source view over HTTP, on SQLite and PostgreSQL: a run with pylint of a fixture with
// known messages (findings-fixture.ts), the findings list's filters, paging and errors, the by-rule
// summary, the source view (text, function gutter data, findings, the per-file cap, a latin-1 file),
// findings.csv on disk and in the ZIP, and the source still readable once the clone is gone.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { needTool, testDatabases } from '@app/kit/testing';
import { FINDING_CSV_COLUMNS } from '../../src/pipeline/findings/finding.js';
import { ALICE, RepoBuilder } from '../fixtures-builder/build-repo.js';
import { type FixtureService, startFixtureService } from '../helpers/fixture-service.js';
import {
  csvHeader,
  json,
  parseCsv,
  postAnalysis,
  type TestService,
  waitFinished,
} from '../helpers/service.js';
import { BAD_FINDINGS, BAD_PY, buildFindingsRepo, LATIN_PY } from './findings-fixture.js';

const missing = needTool('git') || needTool('pylint') || needTool('python3');

interface FindingItem {
  path: string;
  line: number;
  column: number;
  end_line: number | null;
  end_column: number | null;
  category: string;
  symbol: string;
  message_id: string;
  message: string;
}
interface Page {
  items: FindingItem[];
  total: number;
  limit: number;
  offset: number;
  next_offset: number | null;
}

const BAD_ITEMS = BAD_FINDINGS.map(([line, column, end_line, end_column, category, symbol, message_id]) => ({
  path: 'pkg/bad.py',
  line,
  column,
  end_line,
  end_column,
  category,
  symbol,
  message_id,
}));
const strip = ({ message: _m, ...rest }: FindingItem) => rest;

for (const target of await testDatabases()) {
  describe(`findings and source API on ${target.name}`, { skip: target.skip || missing }, () => {
    let fx: FixtureService;
    let svc: TestService;
    let id = 0;
    let outputName = '';
    const api = (p: string) => `${svc.url}/api/analyses/${id}/${p}`;

    before(async () => {
      fx = await startFixtureService(
        target,
        buildFindingsRepo,
        { SOURCE_MAX_FILE_KB: '1' },
        { worker: false },
      );
      svc = fx.svc;
    });
    after(async () => {
      await fx?.close();
    });

    test('404 unknown run, 409 before it is done, then the run finishes and its origin is removed', async () => {
      const r = await json(await postAnalysis(svc.url, { repo_url: 'https://github.com/acme/findings' }));
      assert.equal(r.status, 202);
      id = r.body.id as number;
      for (const p of ['findings', 'findings/rules', 'source?path=other.py']) {
        const notDone = await json(await fetch(api(p)));
        assert.equal(notDone.status, 409, p);
        assert.equal(notDone.body.code, 'analysis_not_done');
        assert.match(notDone.headers.get('content-type') ?? '', /^application\/problem\+json/);
        const unknown = await json(await fetch(`${svc.url}/api/analyses/999999/${p}`));
        assert.equal(unknown.status, 404, p);
        assert.equal(unknown.body.code, 'not_found');
      }
      svc.server.startWorker();
      const done = await waitFinished(svc.url, id);
      assert.equal(done.status, 'done', JSON.stringify(done.error_message));
      outputName = String(done.output_name);
      // The source view must not need the repository: its origin goes (the service removes its clone).
      rmSync(join(fx.base.dir, 'acme', 'findings'), { recursive: true, force: true });
    });

    test('every message is stored with its position, rule and text, in position order', async () => {
      const all = await json<Page>(await fetch(api('findings?limit=1000')));
      assert.equal(all.status, 200);
      assert.equal(all.body.total, 9);
      assert.equal(all.body.next_offset, null);
      assert.deepEqual(all.body.items.map(strip), [
        {
          path: 'latin.py',
          line: 1,
          column: 0,
          end_line: 1,
          end_column: null,
          category: 'convention',
          symbol: 'bad-file-encoding',
          message_id: 'C2503',
        },
        {
          path: 'other.py',
          line: 2,
          column: 6,
          end_line: 2,
          end_column: 18,
          category: 'error',
          symbol: 'undefined-variable',
          message_id: 'E0602',
        },
        ...BAD_ITEMS,
      ]);
      assert.equal(all.body.items[1]?.message, "Undefined variable 'missing_name'");
      assert.equal(all.body.items[2]?.message, 'Unused import os');
      assert.equal(
        all.body.items[6]?.message,
        'Function name "Compute" doesn\'t conform to snake_case naming style',
      );
    });

    test('filters by category, symbol and path prefix, and pages like the results endpoints', async () => {
      const warn = await json<Page>(await fetch(api('findings?category=warning')));
      assert.deepEqual(
        warn.body.items.map((f) => [f.path, f.line, f.symbol]),
        [
          ['pkg/bad.py', 2, 'unused-import'],
          ['pkg/bad.py', 3, 'unused-import'],
          ['pkg/bad.py', 8, 'unused-variable'],
        ],
      );
      const names = await json<Page>(await fetch(api('findings?symbol=invalid-name&limit=2')));
      assert.deepEqual(
        [names.body.total, names.body.limit, names.body.offset, names.body.next_offset],
        [3, 2, 0, 2],
      );
      assert.deepEqual(
        names.body.items.map((f) => f.column),
        [0, 12],
      );
      const page2 = await json<Page>(await fetch(api('findings?symbol=invalid-name&limit=2&offset=2')));
      assert.deepEqual([page2.body.items.map((f) => f.column), page2.body.next_offset], [[15], null]);
      const pkg = await json<Page>(await fetch(api('findings?path=pkg/')));
      assert.equal(pkg.body.total, 7);
      // A prefix, not a substring, and case-sensitive on both engines.
      for (const q of ['path=bad', 'path=PKG/', 'path=pkg/bad.pyx', 'symbol=no-such-rule']) {
        const none = await json<Page>(await fetch(api(`findings?${q}`)));
        assert.deepEqual([none.status, none.body.total, none.body.items], [200, 0, []], q);
      }
      const both = await json<Page>(
        await fetch(api('findings?path=pkg&category=convention&symbol=invalid-name')),
      );
      assert.equal(both.body.total, 3);
      const file = await json<Page>(await fetch(api('findings?file=other.py')));
      assert.deepEqual(
        file.body.items.map((f) => f.symbol),
        ['undefined-variable'],
      );
      const beyond = await json<Page>(await fetch(api('findings?offset=50')));
      assert.deepEqual([beyond.body.items, beyond.body.total, beyond.body.next_offset], [[], 9, null]);
    });

    test('bad queries are 422 problem details and unknown files 404', async () => {
      for (const q of [
        'findings?category=severe',
        'findings?limit=0',
        'findings?limit=1001',
        'findings?offset=-1',
        'findings?bogus=1',
        'findings?symbol=',
        'findings/rules?limit=5',
        'source',
        'source?path=',
        `source?path=${'a'.repeat(1001)}`,
      ]) {
        const bad = await json(await fetch(api(q)));
        assert.equal(bad.status, 422, q);
        assert.equal(bad.body.code, 'validation_failed', q);
        assert.match(bad.headers.get('content-type') ?? '', /^application\/problem\+json/);
      }
      const unknown = await json(await fetch(api('source?path=nope.py')));
      assert.equal(unknown.status, 404);
      assert.equal(unknown.body.code, 'file_not_in_analysis');
      assert.equal(unknown.body.detail, `analysis ${id} has no file "nope.py"`);
    });

    test('by-rule summary: counts per rule, most frequent first, under the same filters', async () => {
      const rules = await json<{ items: unknown[]; total: number }>(await fetch(api('findings/rules')));
      assert.deepEqual(rules.body, {
        total: 9,
        items: [
          { symbol: 'invalid-name', message_id: 'C0103', category: 'convention', count: 3 },
          { symbol: 'unused-import', message_id: 'W0611', category: 'warning', count: 2 },
          { symbol: 'bad-file-encoding', message_id: 'C2503', category: 'convention', count: 1 },
          { symbol: 'missing-function-docstring', message_id: 'C0116', category: 'convention', count: 1 },
          { symbol: 'undefined-variable', message_id: 'E0602', category: 'error', count: 1 },
          { symbol: 'unused-variable', message_id: 'W0612', category: 'warning', count: 1 },
        ],
      });
      const warn = await json<{ items: { symbol: string }[]; total: number }>(
        await fetch(api('findings/rules?category=warning&path=pkg/')),
      );
      assert.deepEqual(
        [warn.body.total, warn.body.items.map((r) => r.symbol)],
        [3, ['unused-import', 'unused-variable']],
      );
    });

    test('source view: the text at the commit, function spans and metrics, findings, pylint inputs', async () => {
      const s = await json<Record<string, unknown>>(await fetch(api('source?path=pkg/bad.py')));
      assert.equal(s.status, 200);
      assert.equal(s.body.path, 'pkg/bad.py');
      assert.equal(s.body.status, 'stored');
      assert.equal(s.body.text, BAD_PY);
      assert.equal(s.body.size, Buffer.byteLength(BAD_PY));
      assert.deepEqual(s.body.functions, [
        { name: 'shout', class: '', lineno: 6, endline: 9, complexity: 1, cognitive: 0, rank: 'A' },
        { name: 'Compute', class: '', lineno: 12, endline: 16, complexity: 3, cognitive: 3, rank: 'A' },
      ]);
      assert.deepEqual((s.body.findings as FindingItem[]).map(strip), BAD_ITEMS);
      assert.equal(s.body.findings_total, 7);
      const pylint = s.body.pylint as Record<string, number>;
      // Statements as pylint counts them (docstrings are not nodes in astroid 2): two imports, two
      // defs, the assignment, two ifs and three returns.
      assert.equal(pylint.statements, 10);
      assert.deepEqual(
        [pylint.convention, pylint.refactor, pylint.warning, pylint.error, pylint.fatal],
        [4, 0, 3, 0, 0],
      );
      assert.equal(pylint.score, 10 - (10 * (4 + 3)) / 10);

      const latin = await json<Record<string, unknown>>(await fetch(api('source?path=latin.py')));
      assert.equal(latin.body.text, '# -*- coding: latin-1 -*-\n"""Latin."""\nNAME = "café"\n');
      assert.equal(latin.body.size, LATIN_PY.length);

      // Over SOURCE_MAX_FILE_KB: the file keeps its metrics, the view says why there is no text.
      const big = await json<Record<string, unknown>>(await fetch(api('source?path=big.py')));
      assert.equal(big.status, 200);
      assert.deepEqual([big.body.status, big.body.text], ['file_cap', null]);
      assert.ok((big.body.size as number) > 1024);
    });

    test('an undecodable file has no text; a run from before the source store says so; no server path', async () => {
      const dir = join(fx.base.dir, 'acme', 'codec');
      new RepoBuilder(dir, 'main')
        .write('odd.py', '# coding: no-such-codec\nx = 1\n')
        .write('kept.py', '"""Kept."""\n')
        .commit('codec', { author: ALICE, date: '2024-03-01T00:00:00Z' });
      const r = await json(await postAnalysis(svc.url, { repo_url: 'https://github.com/acme/codec' }));
      const codecId = r.body.id as number;
      const done = await waitFinished(svc.url, codecId);
      assert.equal(done.status, 'done', JSON.stringify(done.error_message));
      const at = (p: string) => `${svc.url}/api/analyses/${codecId}/${p}`;
      // Pylint quotes the file it could not decode by its absolute path in the clone: cut to the path.
      const f = await json<Page>(await fetch(at('findings')));
      assert.deepEqual(
        f.body.items.map((x) => [x.path, x.line, x.symbol, x.message]),
        [['odd.py', 1, 'syntax-error', "Parsing failed: 'unknown encoding for 'odd.py': no-such-codec'"]],
      );
      assert.ok(!JSON.stringify(f.body).includes(fx.dataDir), 'no server folder in the findings');
      const odd = await json<Record<string, unknown>>(await fetch(at('source?path=odd.py')));
      assert.deepEqual(
        [odd.status, odd.body.status, odd.body.text, odd.body.size, (odd.body.findings as unknown[]).length],
        [200, 'unreadable', null, 30, 1],
      );
      // A run finished before migration 004 has no source rows: the view says so instead of failing.
      await svc.server.ctx.db.deleteFrom('source_files').where('analysis_id', '=', codecId).execute();
      const old = await json<Record<string, unknown>>(await fetch(at('source?path=kept.py')));
      assert.deepEqual(
        [old.status, old.body.status, old.body.text, old.body.size, old.body.functions],
        [200, 'not_stored', null, null, []],
      );
      assert.equal((old.body.pylint as Record<string, unknown>).statements, null);
    });

    test('findings.csv: its own file and in the ZIP, same rows as the API', async () => {
      const outDir = join(fx.dataDir, 'outputs', outputName);
      const onDisk = readFileSync(join(outDir, 'findings.csv'), 'utf8');
      assert.deepEqual(csvHeader(onDisk), [...FINDING_CSV_COLUMNS]);
      const zipped = execFileSync(
        'python3',
        [
          '-c',
          'import sys, zipfile; sys.stdout.write(zipfile.ZipFile(sys.argv[1]).read("findings.csv").decode())',
          join(outDir, `${outputName}.zip`),
        ],
        { encoding: 'utf8' },
      );
      assert.equal(zipped, onDisk);
      const rows = parseCsv(zipped);
      assert.equal(rows.length, 9);
      assert.deepEqual(rows[0], {
        path: 'latin.py',
        line: '1',
        column: '0',
        end_line: '1',
        end_column: '',
        category: 'convention',
        symbol: 'bad-file-encoding',
        message_id: 'C2503',
        message: 'PEP8 recommends UTF-8 as encoding for Python files',
        // bandit's columns (issue 35), empty on pylint's findings.
        severity: '',
        confidence: '',
      });
      assert.deepEqual(
        rows.slice(2).map((r) => [r.path, r.line, r.column, r.symbol]),
        BAD_ITEMS.map((f) => [f.path, String(f.line), String(f.column), f.symbol]),
      );
      const schema = await json<{ paths: Record<string, unknown> }>(await fetch(`${svc.url}/openapi.json`));
      for (const p of ['findings', 'findings/rules', 'source']) {
        assert.ok(`/api/analyses/{id}/${p}` in schema.body.paths, p);
      }
    });
  });
}
