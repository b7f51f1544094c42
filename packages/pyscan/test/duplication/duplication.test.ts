import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findClones, tokenizeForClones } from '../../src/index.js';

// A function of 12 lines and well over 50 tokens once normalised.
const body = (name: string, a: string, b: string, n: number, s: string) => `def ${name}(${a}, ${b}):
    # a comment the detector ignores
    total = ${n}
    for item in ${a}:
        if item > ${n} and item < ${b}:
            total += item * ${n}
        elif item == ${n + 1}:
            total -= item
        else:
            print("${s}", item, total)
    result = [x + ${n} for x in range(${b}) if x % 2]
    return total, result, {"k": ${a}, "v": ${b}}
`;

const src = (path: string, text: string) => ({ path, tokens: tokenizeForClones(text) });

test('tokens: identifiers and literals are normalised, comments and layout ignored', () => {
  const a = tokenizeForClones('x = foo(1, "a")  # c\n');
  const b = tokenizeForClones("\n\n    yy =   bar(2.5,\n  'bb')\n");
  assert.deepEqual(Array.from(a.codes.subarray(0, a.length)), Array.from(b.codes.subarray(0, b.length)));
  assert.equal(a.length, 8);
  assert.deepEqual(Array.from(b.lines.subarray(0, b.length)), [3, 3, 3, 3, 3, 3, 4, 4]);
  // Keywords keep their identity: `if` is not an identifier.
  const c = tokenizeForClones('if x: pass\n');
  const d = tokenizeForClones('yy x: pass\n');
  assert.notDeepEqual(Array.from(c.codes.subarray(0, c.length)), Array.from(d.codes.subarray(0, d.length)));
  // A multi-line string is one token that ends on its last line.
  const e = tokenizeForClones('s = """one\ntwo\nthree"""\nt = 1\n');
  assert.equal(e.length, 6);
  assert.equal(e.endLines.get(2), 3);
});

test('an exact copy in two files is one group with both locations', () => {
  const r = findClones([
    src('a.py', `import os\n\n${body('f', 'xs', 'limit', 3, 'hi')}`),
    src('b.py', `x = 1\ny = 2\n\n\n${body('f', 'xs', 'limit', 3, 'hi')}z = 3\n`),
  ]);
  assert.equal(r.groups.length, 1);
  const g = r.groups[0];
  assert.ok(g && g.tokens >= 50, `tokens ${g?.tokens}`);
  assert.deepEqual(
    g.occurrences.map((o) => [o.path, o.startLine, o.endLine]),
    [
      ['a.py', 3, 14],
      ['b.py', 5, 16],
    ],
  );
  assert.deepEqual(
    r.files.map((f) => f.duplicatedLines),
    [12, 12],
  );
  assert.equal(r.duplicatedLines, 24);
});

test('renamed identifiers and changed literals still match', () => {
  const r = findClones([
    src('a.py', body('f', 'xs', 'limit', 3, 'hi')),
    src('b.py', body('other_name', 'values', 'upper', 7, 'a different text')),
    src('c.py', body('third', 'q', 'w', 11, '')),
  ]);
  assert.equal(r.groups.length, 1);
  assert.deepEqual(
    r.groups[0]?.occurrences.map((o) => [o.path, o.startLine, o.endLine]),
    [
      ['a.py', 1, 12],
      ['b.py', 1, 12],
      ['c.py', 1, 12],
    ],
  );
});

test('fragments below either threshold are not reported', () => {
  const small = 'def g(a, b):\n    c = a + b\n    return c * 2\n';
  const few = findClones([src('a.py', small), src('b.py', small)]);
  assert.equal(few.groups.length, 0);
  assert.equal(few.duplicatedLines, 0);
  // The same 12-line function with thresholds above its size: nothing; lowered: found.
  const files = [src('a.py', body('f', 'a', 'b', 1, 's')), src('b.py', body('f', 'a', 'b', 1, 's'))];
  assert.equal(findClones(files, { minTokens: 500 }).groups.length, 0);
  assert.equal(findClones(files, { minLines: 13 }).groups.length, 0);
  assert.equal(findClones(files, { minLines: 12 }).groups.length, 1);
  assert.equal(
    findClones([src('a.py', small), src('b.py', small)], { minTokens: 10, minLines: 3 }).groups.length,
    1,
  );
  // Many tokens on too few lines: one long line copied is not a clone at 6 lines.
  const line = `x = [${Array.from({ length: 60 }, (_, i) => i).join(', ')}]\n`;
  assert.equal(findClones([src('a.py', line), src('b.py', line)]).groups.length, 0);
});

test('a copy inside one file and copies that share only a part are handled sanely', () => {
  const f = body('f', 'a', 'b', 1, 's');
  // Self clone: the same function twice in one file.
  const self = findClones([src('a.py', `${f}\n${f}`)]);
  assert.equal(self.groups.length, 1);
  assert.deepEqual(
    self.groups[0]?.occurrences.map((o) => [o.startLine, o.endLine]),
    [
      [1, 12],
      [14, 25],
    ],
  );
  assert.equal(self.files[0]?.duplicatedLines, 24);
  // Overlapping matches: A and B share two functions, C only the first. Lines counted once.
  // g has another shape: a statement more in the loop.
  const g = body('g', 'p', 'q', 2, 't').replace(
    '            total -= item\n',
    '            total -= item\n            total //= 2\n',
  );
  const r = findClones([src('a.py', `${f}${g}`), src('b.py', `${f}${g}`), src('c.py', f)]);
  const shapes = r.groups.map((x) =>
    x.occurrences.map((o) => `${o.path}:${o.startLine}-${o.endLine}`).join(' '),
  );
  assert.deepEqual(shapes, ['a.py:1-25 b.py:1-25', 'a.py:1-12 b.py:1-12 c.py:1-12']);
  assert.deepEqual(
    r.files.map((x) => x.duplicatedLines),
    [25, 25, 12],
  );
});

test('a long repeated run is reported as non-overlapping copies, not quadratically', () => {
  const stmt = 'value = compute(value, 1)\n';
  const text = stmt.repeat(2000);
  const r = findClones([src('a.py', text)]);
  for (const grp of r.groups) {
    const occ = grp.occurrences;
    for (let i = 1; i < occ.length; i++) assert.ok((occ[i]?.startLine ?? 0) > (occ[i - 1]?.endLine ?? 0));
  }
  assert.ok(r.groups.length >= 1);
  assert.ok((r.files[0]?.duplicatedLines ?? 0) <= 2000);
});

test('empty input and files without tokens', () => {
  assert.deepEqual(findClones([]), { groups: [], files: [], duplicatedLines: 0, tokens: 0 });
  const r = findClones([src('a.py', ''), src('b.py', '# only a comment\n')]);
  assert.deepEqual(r.files, [
    { path: 'a.py', duplicatedLines: 0 },
    { path: 'b.py', duplicatedLines: 0 },
  ]);
});
