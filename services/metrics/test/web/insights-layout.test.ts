// The pure parts behind the history-insight views: arrow-key movement on a treemap, the chord layout of
// coupled pairs, and the code-age buckets (which must agree with the service's distribution).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { AGE_BUCKETS as SERVICE_BUCKETS } from '../../src/pipeline/insights/code-age.js';
import type { CouplingPair } from '../../web/src/api/types.js';
import { couplingChord } from '../../web/src/lib/chord-layout.js';
import { AGE_BUCKETS, ageBucket } from '../../web/src/lib/code-age.js';
import { neighbour, readingOrder } from '../../web/src/lib/treemap-nav.js';

// A 3 × 2 layout:   a | b | c
//                   d |   e
const box = (name: string, x0: number, y0: number, x1: number, y1: number) => ({ name, x0, y0, x1, y1 });
const A = box('a', 0, 0, 10, 10);
const B = box('b', 10, 0, 20, 10);
const C = box('c', 20, 0, 30, 10);
const D = box('d', 0, 10, 10, 20);
const E = box('e', 10, 10, 30, 20);
const ALL = [E, C, A, D, B];

describe('treemap arrow keys', () => {
  test('each arrow goes to the box beside, lined up with the current one; null at the edges', () => {
    assert.equal(neighbour(ALL, A, 'right'), B);
    assert.equal(neighbour(ALL, B, 'right'), C);
    assert.equal(neighbour(ALL, C, 'right'), null);
    assert.equal(neighbour(ALL, A, 'down'), D);
    assert.equal(neighbour(ALL, B, 'down'), E);
    assert.equal(neighbour(ALL, C, 'down'), E);
    assert.equal(
      neighbour(ALL, E, 'up'),
      C,
      'from the middle of e (x 20) both b and c touch; c starts there',
    );
    assert.equal(neighbour(ALL, E, 'left'), D);
    assert.equal(neighbour(ALL, D, 'up'), A);
    assert.equal(neighbour(ALL, A, 'up'), null);
    assert.equal(neighbour(ALL, A, 'left'), null);
  });

  test('reading order is top to bottom, then left to right', () => {
    assert.deepEqual(
      readingOrder(ALL).map((b) => b.name),
      ['a', 'b', 'c', 'd', 'e'],
    );
  });
});

describe('coupling chord layout', () => {
  const pair = (a: string, b: string, shared: number, degree: number): CouplingPair => ({
    path_a: a,
    path_b: b,
    shared_commits: shared,
    degree,
    revisions_a: 10,
    revisions_b: 10,
  });
  test('one arc per file in path order, one ribbon per pair, arcs as long as the shared commits', () => {
    const pairs = [pair('z/b.py', 'a.py', 6, 90), pair('a.py', 'm.py', 3, 40)];
    const { groups, ribbons } = couplingChord(pairs, 100);
    assert.deepEqual(
      groups.map((g) => [g.path, g.partners]),
      [
        ['a.py', 2],
        ['m.py', 1],
        ['z/b.py', 1],
      ],
    );
    assert.equal(ribbons.length, 2);
    assert.deepEqual(
      ribbons.map((r) => r.pair).sort((x, y) => y.shared_commits - x.shared_commits),
      pairs,
    );
    // Ribbons end just inside the arcs (radius 100 - 1).
    for (const r of ribbons) assert.match(r.d, /^M[^A]+A99,99,/);
    // a.py shares 9 commits, m.py 3, b.py 6: the arcs' angular spans keep those proportions.
    const spans = groups.map((g) => g.span);
    assert.ok(Math.abs(spans[0]! / spans[1]! - 3) < 1e-9);
    assert.ok(Math.abs(spans[2]! / spans[1]! - 2) < 1e-9);
  });
  test('no pairs, nothing drawn', () => {
    assert.deepEqual(couplingChord([], 100), { groups: [], ribbons: [] });
  });
});

describe('code age buckets', () => {
  test('the UI colours the same buckets the service counts', () => {
    assert.deepEqual(
      AGE_BUCKETS.map((b) => [b.label, b.below]),
      SERVICE_BUCKETS.map((b) => [b.label, b.max]),
    );
    assert.deepEqual(
      [0, 1, 2, 3, 5, 6, 11, 12, 23, 24, 400].map((m) => ageBucket(m).label),
      [
        '<1 month',
        '1-3 months',
        '1-3 months',
        '3-6 months',
        '3-6 months',
        '6-12 months',
        '6-12 months',
        '1-2 years',
        '1-2 years',
        '>2 years',
        '>2 years',
      ],
    );
  });
});
