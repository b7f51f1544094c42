// coverage.py's reports, made in the test by Debian's coverage.py on a fixture project, read and
// joined to pyscan's functions: every file's counts equal coverage.py's own summary, both formats
// agree, and every function's covered and missed lines are worked out by hand.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { needTool } from '@app/kit/testing';
import { analyzeSource } from '../../src/analyze.js';
import { countRange, matchCoverage, readCoverageReport } from '../../src/coverage/index.js';
import { tempTree } from '../cli/helpers.js';

const CALC = `"""Calc."""


def classify(n):
    if n < 0:
        return "neg"
    if n == 0:
        return "zero"
    return "pos"


def unused(x):
    y = x * 2
    return y


class Box:
    def get(self, k):
        if k:
            return k
        return None
`;

const COVERAGE = '/usr/bin/python3-coverage';

describe('coverage reports joined to functions', { skip: needTool(COVERAGE) }, () => {
  let tree: ReturnType<typeof tempTree>;
  const run = (args: string[]) => {
    const r = spawnSync(COVERAGE, args, { cwd: tree.dir, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
  };
  before(() => {
    tree = tempTree({
      'app/__init__.py': '',
      'app/calc.py': CALC,
      'app/doc.py': '"""Doc module."""\n\n\ndef f(x):\n    """Doc of f."""\n    return x\n',
      'run_tests.py':
        'from app.calc import classify, Box\nfrom app.doc import f\nclassify(5)\nclassify(-1)\nBox().get(1)\nf(1)\n',
    });
    run(['run', '--branch', '--source=app', 'run_tests.py']);
    run(['xml', '-q', '-o', 'cov.xml']);
    run(['json', '-q', '-o', 'cov.json']);
  });
  after(() => tree?.cleanup());

  test("every file's counts equal coverage.py's own summary, in both formats", () => {
    const own = JSON.parse(readFileSync(join(tree.dir, 'cov.json'), 'utf8')) as {
      files: Record<string, { summary: Record<string, number> }>;
    };
    const xml = readCoverageReport(readFileSync(join(tree.dir, 'cov.xml'), 'utf8'));
    const json = readCoverageReport(readFileSync(join(tree.dir, 'cov.json'), 'utf8'));
    assert.equal(xml.format, 'cobertura');
    assert.equal(json.format, 'coverage.py-json');
    for (const [path, { summary }] of Object.entries(own.files)) {
      for (const report of [xml, json]) {
        const f = report.files.find((x) => x.path === path);
        assert.ok(f, `${report.format}: ${path}`);
        const c = countRange(f);
        assert.deepEqual(
          [c.covered, c.missed, c.branches, c.branches_covered],
          [summary.covered_lines, summary.missing_lines, summary.num_branches, summary.covered_branches],
          `${report.format}: ${path}`,
        );
      }
    }
    assert.deepEqual(
      xml.files.map((f) => [f.path, f.covered, f.missed]),
      json.files.map((f) => [f.path, f.covered, f.missed]),
    );
  });

  test('per function: covered and missed lines and branches, by hand', () => {
    const report = readCoverageReport(readFileSync(join(tree.dir, 'cov.xml'), 'utf8'));
    // The report says app/calc.py; the analysis of a clone names it the same, a src/ layout differently.
    const m = matchCoverage(report.files, ['app/calc.py', 'app/doc.py', 'app/other.py']);
    assert.deepEqual(m.unmatchedReport, ['app/__init__.py']);
    assert.deepEqual(m.unmatchedAnalysed, ['app/other.py']);
    const calc = m.matched.get('app/calc.py')!;
    const fns = analyzeSource(CALC, 'app/calc.py').functions;
    const rows = fns.map((fn) => {
      const c = countRange(calc, fn.lineno, fn.endline);
      return [
        fn.class ? `${fn.class}.${fn.name}` : fn.name,
        c.covered,
        c.missed,
        c.branches_covered,
        c.branches,
      ];
    });
    assert.deepEqual(rows, [
      // Lines 4–9: the def, both ifs and two returns ran; `return "zero"` (8) did not; 3 of 4 branches.
      ['classify', 5, 1, 3, 4],
      // The def line runs at import; the body never.
      ['unused', 1, 2, 0, 0],
      ['Box.get', 3, 1, 1, 2],
    ]);
    assert.equal(countRange(calc, 4, 9).line_pct, (100 * 5) / 6);
  });

  test('a src/ layout or absolute paths still match; ambiguity is not guessed', () => {
    const f = { covered: [1], missed: [], branches: new Map() };
    const m = matchCoverage(
      [
        { path: '/home/ci/repo/src/pkg/a.py', ...f },
        { path: 'b.py', ...f },
      ],
      ['src/pkg/a.py', 'x/b.py', 'y/b.py'],
    );
    assert.deepEqual([...m.matched.keys()], ['src/pkg/a.py']);
    assert.deepEqual(m.unmatchedReport, ['b.py']);
  });

  test('something else is refused with a reason', () => {
    assert.throws(() => readCoverageReport('lines: 3'), /not a coverage report/);
    assert.throws(() => readCoverageReport('{"meta": {}}'), /no "files" object/);
  });
});
