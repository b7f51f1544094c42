// One huge expression must cost time in proportion to its size: `x = 1 + 1 + …` is a single
// left-deep chain as deep as it has terms, which used to take minutes (tree-sitter's query cursor
// past 65,535 levels). The values asserted are radon's; the test timeout only keeps a regression
// from blocking the suite for many minutes.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { analyzeSource, initPyscan } from '../src/index.js';

before(() => initPyscan());

const chain = (terms: number): string => `x = ${Array(terms).fill('1').join(' + ')}\n`;

test('a 200,000-term one-line sum is refused as radon refuses it, with its raw counts', {
  timeout: 120_000,
}, () => {
  const r = analyzeSource(chain(200_000), 'sum.py');
  // CPython (hence radon) gives up on nesting this deep: RecursionError.
  assert.equal(r.file.parse_error, 'nesting too deep at line 1');
  assert.deepEqual([r.file.loc, r.file.sloc, r.file.lloc, r.file.blank], [1, 1, 1, 0]);
  assert.equal(r.file.N1, null);
});

test('1,000 lines of 300-term sums (1.2 MB) are measured with radon values', { timeout: 120_000 }, () => {
  const lines = 1000;
  const r = analyzeSource(chain(300).repeat(lines), 'sums.py');
  assert.equal(r.file.parse_error, null);
  assert.deepEqual([r.file.loc, r.file.sloc, r.file.lloc], [lines, lines, lines]);
  // radon h_visit on 3 such lines: h1 1, h2 895, N1 897, N2 1794 (each inner BinOp is an operand
  // of its own; the constant 1 is one more).
  assert.equal(r.file.h1, 1);
  assert.equal(r.file.N1, 299 * lines);
  assert.equal(r.file.N2, 2 * 299 * lines);
  assert.equal(r.file.h2, 298 * lines + 1);
  assert.equal(r.file.cc_total, 1);
});
