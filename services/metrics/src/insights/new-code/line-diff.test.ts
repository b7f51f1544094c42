// New lines since a base, worked out by hand: the head's lines outside a longest common subsequence.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newLines } from './line-diff.js';

const lines = (s: string) => s.split(' ');

test('added and changed lines of the head, 1-based', () => {
  // b changed to x (line 2), e appended (line 5).
  assert.deepEqual(newLines(lines('a b c d'), lines('a x c d e')), [2, 5]);
  // Common subsequence a c d f; x, y and z are new.
  assert.deepEqual(newLines(lines('a b c d e f'), lines('x a c y d f z')), [1, 4, 7]);
  // Nothing new: identical, or only deletions.
  assert.deepEqual(newLines(lines('a b c'), lines('a b c')), []);
  assert.deepEqual(newLines(lines('a b c'), lines('a c')), []);
  // A new file is new throughout.
  assert.deepEqual(newLines([], lines('a b')), [1, 2]);
});

test('past the edit limit, every line between the common head and tail counts as new', () => {
  // Head a and tail d are kept; the middle b c → x c e exceeds one edit.
  assert.deepEqual(newLines(lines('a b c d'), lines('a x c e d'), 1), [2, 3, 4]);
});
