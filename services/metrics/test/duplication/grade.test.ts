import assert from 'node:assert/strict';
import { test } from 'node:test';
import { gradeOf } from '../../src/shared-types/grade.js';

test('duplication is a grade input: 100 − 5 × the duplicated share, clamped', () => {
  const base = { mi_avg: 80, cc_avg: 2, functions: 10, cc_rank_a: 9, cc_rank_b: 1, pylint_avg: 9 };
  // (80 + 90 + 100 + 90 + 60) / 5 = 84: the 8 % of duplicated lines turn an A into a B.
  const g = gradeOf({ ...base, duplicated_lines_pct: 8 });
  assert.equal(g.score, 84);
  assert.equal(g.letter, 'B');
  assert.equal(gradeOf(base).letter, 'A');
  assert.deepEqual(
    g.parts.map((p) => [p.name, p.value, p.lost, p.formula]),
    [
      ['maintainability', 80, 4, 'MI average 80'],
      ['complexity', 90, 2, '100 − 10 × (average complexity 2 − 1)'],
      ['simple functions', 100, 0, '100 × 10 of 10 functions ranked A or B'],
      ['pylint', 90, 2, '10 × pylint average 9'],
      ['duplication', 60, 8, '100 − 5 × 8 % duplicated lines'],
    ],
  );
  // The points lost add up to what separates the score from 100.
  assert.equal(
    g.parts.reduce((a, p) => a + p.lost, 0),
    100 - g.score,
  );
  assert.equal(gradeOf({ ...base, duplicated_lines_pct: 35 }).parts.at(-1)?.value, 0);
  assert.equal(gradeOf({ ...base, duplicated_lines_pct: 0 }).parts.at(-1)?.lost, 0);
  // Runs from before duplication was measured leave it out rather than counting 0 or 100.
  assert.ok(!gradeOf({ ...base, duplicated_lines_pct: null }).parts.some((p) => p.name === 'duplication'));
});
