// The health score against values worked out by hand from the rules in docs/code-health.md.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  coverageKey,
  fileHealth,
  functionHealth,
  healthOfRun,
  repositoryHealth,
} from '../../src/health/index.js';
import type { FileAnalysis, FunctionMetrics } from '../../src/types.js';

const clean = { complexity: 3, cognitive: 2, max_nesting: 1, nloc: 10, params: 2 };
const points = (h: { deductions: { kind: string; points: number }[] }) =>
  Object.fromEntries(h.deductions.map((d) => [d.kind, d.points]));

describe('functionHealth', () => {
  test('a small, flat function scores 10 with nothing deducted', () => {
    assert.deepEqual(functionHealth(clean), { health: 10, deductions: [] });
  });

  test('each measure past its threshold costs its rate per unit', () => {
    // cc 14: 4 × 0.25 = 1; cognitive 25: 10 × 0.2 = 2; nesting 4: 1 × 1 = 1; nloc 75: 25 × 0.04 = 1;
    // params 7: 2 × 0.5 = 1. 10 − 6 = 4.
    const h = functionHealth({ complexity: 14, cognitive: 25, max_nesting: 4, nloc: 75, params: 7 });
    assert.equal(h.health, 4);
    assert.deepEqual(points(h), { complexity: 1, cognitive: 2, nesting: 1, length: 1, parameters: 1 });
    assert.equal(h.deductions[0]?.detail, 'cyclomatic complexity 14 > 10');
  });

  test('caps hold each measure, and the score never goes below 1', () => {
    const h = functionHealth({ complexity: 40, cognitive: 100, max_nesting: 9, nloc: 300, params: 20 });
    assert.deepEqual(points(h), { complexity: 3, cognitive: 3, nesting: 2, length: 2, parameters: 2 });
    assert.equal(h.health, 1);
  });

  test('duplication, coverage, findings by severity and cycles', () => {
    // 5/20 duplicated × 2 = 0.5; 3/12 missed × 2 = 0.5; error 1 + warning 0.5 + convention 0.1 +
    // high 1 = 2.6; cycle 1. 10 − 4.6 = 5.4.
    const h = functionHealth({
      ...clean,
      duplication: { lines: 20, duplicated: 5 },
      coverage: { lines: 12, missed: 3 },
      findings: ['error', 'warning', 'convention', 'HIGH'],
      inCycle: true,
    });
    assert.deepEqual(points(h), { duplication: 0.5, coverage: 0.5, findings: 2.6, cycles: 1 });
    assert.equal(h.health, 5.4);
    assert.equal(h.deductions[2]?.detail, 'findings: 1 error, 1 warning, 1 convention, 1 high');
  });

  test('findings are capped at 3; full coverage and no clones cost nothing', () => {
    const h = functionHealth({
      ...clean,
      findings: ['error', 'error', 'error', 'error'],
      coverage: { lines: 8, missed: 0 },
      duplication: { lines: 8, duplicated: 0 },
    });
    assert.deepEqual(points(h), { findings: 3 });
    assert.equal(h.health, 7);
  });
});

describe('fileHealth and repositoryHealth', () => {
  test('a file averages its functions by nloc and adds its own findings and cycle', () => {
    // cc 18 costs 2 in a 10-line function, next to a clean 30-line one: 2 × 10 / 40 = 0.5.
    // Module-level warning 0.5, cycle 1: 10 − 2 = 8.
    const h = fileHealth({
      functions: [
        { health: functionHealth({ ...clean, nloc: 30 }), nloc: 30 },
        { health: functionHealth({ ...clean, complexity: 18, inCycle: true }), nloc: 10 },
      ],
      findings: ['warning'],
      inCycle: true,
    });
    assert.deepEqual(points(h), { complexity: 0.5, findings: 0.5, cycles: 1 });
    assert.equal(h.health, 8);
  });

  test('a file without functions scores 10 unless it has findings', () => {
    assert.equal(fileHealth({ functions: [] }).health, 10);
    assert.equal(fileHealth({ functions: [], findings: ['error'] }).health, 9);
  });

  test('the repository weighs files by source lines', () => {
    const a = fileHealth({ functions: [{ health: functionHealth({ ...clean, complexity: 18 }), nloc: 10 }] });
    const b = fileHealth({ functions: [{ health: functionHealth(clean), nloc: 10 }] });
    // a: complexity 2 → 8; b: 10. 2 × 100 / 400 = 0.5 → 9.5.
    const h = repositoryHealth([
      { health: a, sloc: 100 },
      { health: b, sloc: 300 },
    ]);
    assert.equal(h.health, 9.5);
    assert.deepEqual(points(h), { complexity: 0.5 });
  });
});

describe('healthOfRun', () => {
  const fn = (
    name: string,
    lineno: number,
    endline: number,
    extra: Partial<FunctionMetrics> = {},
  ): FunctionMetrics => ({
    path: 'pkg/a.py',
    class: '',
    name,
    lineno,
    endline,
    is_method: false,
    rank: 'A',
    ...clean,
    ...extra,
  });
  const fa = {
    file: { path: 'pkg/a.py', sloc: 30, parse_error: null },
    classes: [],
    functions: [fn('outer', 1, 20), fn('inner', 5, 10)],
  } as unknown as FileAnalysis;

  test('findings go to the innermost function, clones and coverage per function', () => {
    const run = healthOfRun([fa], {
      findings: [
        { path: 'pkg/a.py', line: 7, severity: 'error' },
        { path: 'pkg/a.py', line: 15, severity: 'warning' },
        { path: 'pkg/a.py', line: 25, severity: 'error' },
      ],
      // Lines 1–5 duplicated: outer has 5 of 20 → 0.5; inner 1 of 6 → 0.33.
      clones: [{ path: 'pkg/a.py', startLine: 1, endLine: 5 }],
      coverage: new Map([[coverageKey('pkg/a.py', 1, 'outer'), { lines: 10, missed: 5 }]]),
      cyclePaths: new Set(['pkg/a.py']),
    });
    const [outer, inner] = run.functions;
    // outer: duplication 0.5, coverage 1, warning 0.5, cycle 1 → 7.
    assert.deepEqual(points(outer ?? { deductions: [] }), {
      duplication: 0.5,
      coverage: 1,
      findings: 0.5,
      cycles: 1,
    });
    assert.equal(outer?.health, 7);
    // inner: duplication 1/6 × 2 = 0.33, error 1, cycle 1 → 7.67 → 7.7.
    assert.deepEqual(points(inner ?? { deductions: [] }), { duplication: 0.33, findings: 1, cycles: 1 });
    assert.equal(inner?.health, 7.7);
    // File (both nloc 10): duplication (0.5 + 0.33) / 2 = 0.415 → 0.42; coverage 0.5; findings
    // (0.5 + 1) / 2 + module error 1 = 1.75; cycle 1 → 10 − 3.67 = 6.3.
    const file = run.files[0];
    assert.deepEqual(points(file ?? { deductions: [] }), {
      duplication: 0.42,
      coverage: 0.5,
      findings: 1.75,
      cycles: 1,
    });
    assert.equal(file?.health, 6.3);
    assert.equal(run.health, 6.3);
  });
});
