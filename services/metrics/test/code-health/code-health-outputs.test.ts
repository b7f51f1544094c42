// Issue 35 through the service, beyond the score itself: the health score stored with the run, code
// health in the summary (and so the trends, compare and the gate), contracts given with the request,
// new-code coverage measured on upload, and the run's CSVs and ZIP brought up to date. Every number
// is worked out by hand below.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { needTool, testDatabases } from '@app/kit/testing';
import { ALICE, createFixtureBase, type FixtureBase, RepoBuilder } from '../fixtures-builder/build-repo.js';
import { json, parseCsv, postAnalysis, startService, waitFinished } from '../helpers/service.js';
import { readPdf } from '../reports/pdf-text.js';

type Ded = { kind: string; points: number };
type Scored = { path: string; name?: string; health: number; deductions: Ded[] };
type Health = { health: number; deductions: Ded[]; files: Scored[]; functions: Scored[] };
const points = (s: { deductions: Ded[] } | undefined) =>
  Object.fromEntries((s?.deductions ?? []).map((d) => [d.kind, d.points]));

// The fixture of health-score-run.test.ts (big: cc 14, bandit's B602 and B404; pkg.a and pkg.b
// import each other), then a second commit giving b.py's g six more parameters (7: one point over
// the free 5) and adding a typed, documented h (lines 8-10).
const IFS = Array.from({ length: 13 }, (_, i) => `    if x == ${i}:\n        return ${i}\n`).join('');
const A_PY = `import subprocess\nfrom pkg import b\n\n\ndef big(x):\n${IFS}    subprocess.call(x, shell=True)\n    return b.g(x)\n`;
const B_PY = 'from pkg import a\n\n\ndef g(x):\n    return x\n';
const B_PY_2 = `${B_PY.replace('def g(x):', 'def g(x, a, b, c, d, e, f):')}\n\ndef h(y: int) -> int:\n    """Doubles."""\n    return 2 * y\n`;
// b.py at the second commit: statements 1, 4, 5, 8 and 10 (the docstring is none); 10 missed.
const line = (n: number, hits: number) => `<line number="${n}" hits="${hits}"/>`;
const COVERAGE_XML =
  '<?xml version="1.0" ?>\n<coverage version="6.5.0"><packages><package name="pkg"><classes>' +
  `<class name="b.py" filename="pkg/b.py"><lines>${line(1, 1)}${line(4, 1)}${line(5, 1)}${line(8, 1)}${line(10, 0)}` +
  '</lines></class></classes></package></packages></coverage>\n';
// a above b: b may not import a, and b.py's first line does.
const CONTRACTS = { contracts: [{ name: 'a above b', type: 'layers', layers: ['pkg.a', 'pkg.b'] }] };
const REPO = 'https://github.com/acme/layered';

const tools = needTool('git') || needTool('bandit') || needTool('python3');
for (const engine of await testDatabases())
  describe(`code health in the run and its outputs (${engine.name})`, { skip: tools || engine.skip }, () => {
    let base: FixtureBase;
    let db: Awaited<ReturnType<typeof engine.create>>;
    let work: string;
    let first: string;
    let second: string;
    before(async () => {
      db = await engine.create();
      base = createFixtureBase('metrics-ch-outputs-');
      const repo = new RepoBuilder(join(base.dir, 'acme', 'layered'), 'main')
        .write('pkg/__init__.py', '')
        .write('pkg/a.py', A_PY)
        .write('pkg/b.py', B_PY);
      first = repo.commit('first', { author: ALICE, date: '2024-01-01T00:00:00Z' });
      second = repo
        .write('pkg/b.py', B_PY_2)
        .commit('second', { author: ALICE, date: '2024-01-02T00:00:00Z' });
      work = mkdtempSync(join(tmpdir(), 'metrics-ch-outputs-data-'));
    });
    after(async () => {
      await db?.cleanup();
      base?.cleanup();
      rmSync(work, { recursive: true, force: true });
    });

    test('stored score, summary, request contracts, new-code coverage, trends, compare, gate and ZIP', async () => {
      const svc = await startService({
        ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl } : {}),
        DATA_DIR: mkdtempSync(join(work, 'd-')),
        GITHUB_BASE_URL: base.baseUrl,
        PYLINT_ENABLED: 'false',
        BANDIT_ENABLED: 'true',
      });
      const zipEntry = async (id: number, name: string) => {
        const zip = join(work, `run-${id}.zip`);
        writeFileSync(
          zip,
          Buffer.from(await (await fetch(`${svc.url}/api/analyses/${id}/download/all`)).arrayBuffer()),
        );
        // Python's zipfile reads the ZIP: a reader other than the one that wrote it.
        const py =
          'import sys, zipfile; sys.stdout.write(zipfile.ZipFile(sys.argv[1]).read(sys.argv[2]).decode())';
        return execFileSync('python3', ['-c', py, zip, name], { encoding: 'utf8' });
      };
      try {
        // Contracts that cannot be used: a 422 naming the key, and nothing queued.
        const bad = await json(
          await postAnalysis(svc.url, {
            repo_url: REPO,
            contracts: { contracts: [{ name: 'x', type: 'tiers' }] },
          }),
        );
        assert.equal(bad.status, 422);
        assert.deepEqual(bad.body.errors, [
          { path: 'contracts', message: 'contracts[0].type must be layers, forbidden or independence' },
        ]);
        const empty = await json(await postAnalysis(svc.url, { repo_url: REPO, contracts: 'no = "table"' }));
        assert.equal(empty.status, 422);
        assert.equal((empty.body.errors as { path: string }[])[0]?.path, 'contracts');
        assert.deepEqual(await (await fetch(`${svc.url}/api/analyses`)).json(), []);

        const run = async (ref: string) => {
          const c = await json(await postAnalysis(svc.url, { repo_url: REPO, ref, contracts: CONTRACTS }));
          assert.equal(c.status, 202);
          const done = await waitFinished(svc.url, c.body.id as number);
          assert.equal(done.status, 'done');
          return done;
        };
        const one = await run(first);
        const two = await run(second);
        const [id1, id2] = [one.id as number, two.id as number];

        // The request's contract is checked: b.py's line 1 imports pkg.a from the lower layer.
        const ch = (await json(await fetch(`${svc.url}/api/analyses/${id1}/code-health`))).body as {
          contracts: {
            source: string;
            broken: number;
            results: { name: string; kept: boolean; broken: unknown[] }[];
          };
        };
        assert.equal(ch.contracts.source, 'the request');
        assert.deepEqual(ch.contracts.results, [
          {
            name: 'a above b',
            type: 'layers',
            kept: false,
            broken: [{ importer: 'pkg.b', imported: 'pkg.a', chain: ['pkg.b', 'pkg.a'], lines: [1] }],
          },
        ]);

        // Run 1's summary: 4 typing slots (big and g: one parameter and a return each), none annotated;
        // 5 docstring items (3 modules, big, g), none documented; one cycle; the broken contract;
        // bandit's B602 and B404; the repository's score of health-score-run.test.ts, 7.2.
        const pick = (s: Record<string, unknown>) =>
          Object.fromEntries(
            [
              'coverage',
              'new_coverage',
              'cycles',
              'contracts',
              'typed',
              'documented',
              'security_findings',
              'health',
            ].map((k) => [k, s[k]]),
          );
        assert.deepEqual(pick(one.summary as Record<string, unknown>), {
          coverage: null,
          new_coverage: null,
          cycles: 1,
          contracts: 1,
          typed: 0,
          documented: 0,
          security_findings: 2,
          health: 7.2,
        });
        // Run 2: g has 8 slots (7 parameters, a return), h 2, annotated: h's both: 2/12; 1 of 6 items documented.
        const s2 = pick(two.summary as Record<string, unknown>);
        assert.deepEqual(
          { ...s2, health: null },
          {
            coverage: null,
            new_coverage: null,
            cycles: 1,
            contracts: 1,
            typed: 16.67,
            documented: 16.67,
            security_findings: 2,
            health: null,
          },
        );
        // The stored score is the one served, and the summary's.
        const h2 = (await json(await fetch(`${svc.url}/api/analyses/${id2}/health`)))
          .body as unknown as Health;
        assert.equal(s2.health, h2.health);
        const healthCsv = parseCsv(await zipEntry(id2, 'health.csv'));
        assert.deepEqual(healthCsv[0], {
          scope: 'repository',
          path: '',
          class: '',
          name: '',
          lineno: '',
          health: String(h2.health),
          deductions: h2.deductions.map((d) => `${d.kind} -${d.points}`).join('; '),
        });
        assert.deepEqual(
          parseCsv(await zipEntry(id2, 'imports.csv')).map((r) => [r.from, r.to, r.line]),
          [
            ['pkg.a', 'pkg.b', '2'],
            ['pkg.b', 'pkg.a', '1'],
          ],
        );
        assert.deepEqual(
          parseCsv(await zipEntry(id2, 'code-health.csv')).find((r) => r.path === 'pkg/b.py'),
          {
            path: 'pkg/b.py',
            typed_slots: '10',
            typed_annotated: '2',
            typed_pct: '20',
            doc_items: '3',
            doc_documented: '1',
            doc_pct: String(100 / 3),
          },
        );
        assert.equal(
          await zipEntry(id2, 'coverage.csv'),
          `${[
            'scope',
            'path',
            'class',
            'name',
            'lineno',
            'lines',
            'covered',
            'missed',
            'line_pct',
            'branches',
            'branches_covered',
            'branch_pct',
            'risk',
          ].join(',')}\r\n`,
        );

        // A gate on new-code coverage, judged again when coverage arrives.
        const gate = await fetch(`${svc.url}/api/gates/default`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ conditions: 'new_coverage<90,cycles>1,health<8.5,health_decline>0.5' }),
        });
        assert.equal(gate.status, 200);

        // Coverage for run 2: new since run 1 (the previous run) are b.py's lines 4 (g's signature)
        // and 7-11, whose statements are 4 and 8 (ran) and 10 (missed): 2 of 3. All of it: 4 of 5, 80 %.
        const up = await json(
          await fetch(`${svc.url}/api/analyses/${id2}/coverage`, {
            method: 'POST',
            headers: { 'content-type': 'application/xml' },
            body: COVERAGE_XML,
          }),
        );
        assert.equal(up.status, 200);
        assert.equal(up.body.line_pct, 80);
        assert.deepEqual(up.body.new_code, {
          base_id: id1,
          lines: 3,
          covered: 2,
          pct: 200 / 3,
          files_unknown: [],
        });
        // h: 1 of its 2 statements missed (share 0.5 × 2 = 1 point) and the cycle: 8; g, fully
        // covered: its two parameters over 5 (0.5 each) and the cycle: 8.
        const after = (await json(await fetch(`${svc.url}/api/analyses/${id2}/health?path=pkg/b.py`)))
          .body as unknown as Health;
        assert.deepEqual(
          after.functions.map((f) => [f.name, f.health, points(f)]),
          [
            ['g', 8, { parameters: 1, cycles: 1 }],
            ['h', 8, { coverage: 1, cycles: 1 }],
          ],
        );
        const record = (await json(await fetch(`${svc.url}/api/analyses/${id2}`))).body;
        const s2after = record.summary as Record<string, unknown>;
        assert.equal(s2after.coverage, 80);
        assert.equal(s2after.new_coverage, 66.67);
        assert.equal(s2after.health, after.health);
        assert.ok(
          (after.health as number) < (h2.health as number),
          'the coverage deduction lowers the score',
        );

        // The trend and the comparison read the summary; the ZIP and the CSVs follow the upload.
        const trend = (await json(await fetch(`${svc.url}/api/repositories/acme/layered/trend`))).body as {
          series: { points: Record<string, unknown>[] }[];
        };
        const p2 = trend.series.flatMap((s) => s.points).find((p) => p.id === id2);
        assert.deepEqual(pick(p2 ?? {}), { ...pick(s2after) });
        const cmp = (await json(await fetch(`${svc.url}/api/analyses/${id1}/compare/${id2}`))).body as {
          summary: Record<string, { base: number | null; head: number | null; delta: number | null }>;
        };
        assert.deepEqual(cmp.summary.typed, { base: 0, head: 16.67, delta: 16.67 });
        assert.deepEqual(cmp.summary.coverage, { base: null, head: 80, delta: null });
        assert.deepEqual(cmp.summary.cycles, { base: 1, head: 1, delta: 0 });
        const summaryCsv = parseCsv(await zipEntry(id2, 'summary.csv'))[0];
        assert.equal(summaryCsv?.coverage, '80');
        assert.equal(summaryCsv?.new_coverage, '66.67');
        assert.equal(summaryCsv?.health, String(after.health));
        const covCsv = parseCsv(await zipEntry(id2, 'coverage.csv'));
        assert.deepEqual(
          covCsv.map((r) => [r.scope, r.path, r.name, r.lines, r.covered, r.missed]),
          [
            ['file', 'pkg/b.py', '', '5', '4', '1'],
            ['function', 'pkg/b.py', 'g', '2', '2', '0'],
            ['function', 'pkg/b.py', 'h', '2', '1', '1'],
          ],
        );
        const summaryDownload = parseCsv(
          await (await fetch(`${svc.url}/api/analyses/${id2}/download/summary`)).text(),
        );
        assert.equal(summaryDownload[0]?.coverage, '80');

        // The new-code view: g changed (its structural score 10 → 9), h added; the upload's new-code
        // coverage, measured against this base.
        const nc = (await json(await fetch(`${svc.url}/api/analyses/${id2}/new-code?base=${id1}`))).body as {
          functions: { name: string; change: string; health: number; health_decline: number | null }[];
          new_coverage: unknown;
        };
        assert.deepEqual(
          nc.functions.map((f) => [f.name, f.change, f.health, f.health_decline]),
          [
            ['g', 'changed', 8, 1],
            ['h', 'added', 8, null],
          ],
        );
        assert.deepEqual(nc.new_coverage, up.body.new_code);
        // The verdict: new code 66.67 % < 90 fails; one cycle is not more than one; under 8.5 are big
        // (7: complexity, B602, the cycle), g and h (8), worst first; g declined by 1 > 0.5.
        const verdict = (await json(await fetch(`${svc.url}/api/analyses/${id2}/verdict`))).body as {
          status: string;
          conditions: {
            condition: string;
            kind: string;
            status: string;
            value: unknown;
            failing_items: unknown;
          }[];
        };
        assert.equal(verdict.status, 'failed');
        assert.deepEqual(
          verdict.conditions.map((c) => [c.condition, c.kind, c.status, c.value, c.failing_items]),
          [
            ['new_coverage<90', 'run', 'failed', 66.67, null],
            ['cycles>1', 'run', 'passed', 1, null],
            ['health<8.5', 'items', 'failed', 7, 3],
            ['health_decline>0.5', 'items', 'failed', 1, 1],
          ],
        );

        // The PDF's code-health section: the score with its deductions, the summary's numbers and
        // the least healthy functions (big first, at 7).
        const pdf = await fetch(`${svc.url}/api/analyses/${id2}/report.pdf`);
        assert.equal(pdf.status, 200);
        const text = (await readPdf(new Uint8Array(await pdf.arrayBuffer()))).text
          .join(' ')
          .replace(/\s+/g, ' ');
        assert.ok(text.includes(`Health ${after.health.toFixed(1)}/10`), text);
        for (const part of [
          'Line coverage 80.0 %',
          'New-code coverage 66.7 %',
          'Annotated (parameters and returns) 16.7 %',
          'Import cycles 1',
          'Broken import contracts 1',
          'Security findings (bandit) 2',
          'Least healthy functions',
          'big pkg/a.py 5 7.0',
        ]) {
          assert.ok(text.includes(part), `${part} in: ${text}`);
        }
      } finally {
        await svc.close();
      }
    });
  });
