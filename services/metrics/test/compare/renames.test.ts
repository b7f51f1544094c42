// Rename detection from stored texts (pure): identical texts first, then git's 50 % similarity rule,
// each file in one pair at most, files without text matched by path only.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { detectRenames, similarity } from '../../src/insights/compare/renames.js';

const lines = (n: number, word: string) =>
  Array.from({ length: n }, (_, i) => `${word}${i} = ${i}`).join('\n');

test('similarity counts common non-blank lines, trailing white space ignored', () => {
  assert.equal(similarity('a\nb\n', 'a  \n\nb'), 1);
  assert.equal(similarity('a\nb\nc\nd', 'a\nb\nx\ny'), 0.5);
  assert.equal(similarity('a\na', 'a'), 2 / 3);
  assert.equal(similarity('', ''), 1);
});

test('identical texts pair first; similar ones at or over 50 %, best first; one pair per file', () => {
  const base = lines(10, 'x');
  const renames = detectRenames(
    [
      { path: 'old.py', text: base },
      { path: 'twin.py', text: lines(10, 'y') },
      { path: 'gone.py', text: lines(10, 'z') },
      { path: 'untracked.py', text: null },
    ],
    [
      { path: 'new.py', text: `${base}\nextra = 1` },
      { path: 'copy.py', text: lines(10, 'y') },
      { path: 'other.py', text: `${lines(4, 'x')}\n${lines(8, 'q')}` },
      { path: 'fresh.py', text: null },
    ],
  );
  assert.deepEqual(Object.fromEntries(renames), { 'copy.py': 'twin.py', 'new.py': 'old.py' });
});

test('below half the lines in common is not a rename', () => {
  const r = detectRenames(
    [{ path: 'a.py', text: lines(10, 'a') }],
    [{ path: 'b.py', text: `${lines(4, 'a')}\n${lines(7, 'b')}` }],
  );
  assert.equal(r.size, 0);
});
