import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { cUnquote } from './c-unquote.js';
import { type LogCommit, LogParser } from './log-parser.js';

// Output of `git log -z --numstat --summary --format=%x01%H %P%x02%at %ae%x00` for three commits: a
// rename with a binary file, a merge (no changes), and a root commit with creations whose names git
// quotes in summaries.
const SAMPLE =
  '\x01c3 m2\x021700000300 b@x.org\0\0\n-\t-\tbin.dat\0' +
  '1\t0\t\0d/one.py\0d/two.py\0' +
  '0\t1\twe ird.py\0' +
  ' create mode 100644 bin.dat\n rename d/{one.py => two.py} (83%)\n delete mode 100644 we ird.py\n' +
  '\x01m2 c1 f9\x021700000200 Empty@X.org\0\0' +
  '\x01c1\x021700000100 a@x.org\0\0\n5\t0\td/one.py\0' +
  '1\t0\tnew\nline.py\0' +
  '1\t0\t\u00e9.py\0' +
  ' create mode 100644 d/one.py\n create mode 100644 "new\\nline.py"\n create mode 100644 "\\303\\251.py"\n';

const EXPECTED: LogCommit[] = [
  {
    sha: 'c3',
    parents: ['m2'],
    time: 1700000300,
    email: 'b@x.org',
    name: '',
    changes: [
      { path: 'bin.dat', oldPath: undefined, added: 0, deleted: 0 },
      { path: 'd/two.py', oldPath: 'd/one.py', added: 1, deleted: 0 },
      { path: 'we ird.py', oldPath: undefined, added: 0, deleted: 1 },
    ],
    created: ['bin.dat'],
  },
  {
    sha: 'm2',
    parents: ['c1', 'f9'],
    time: 1700000200,
    email: 'Empty@X.org',
    name: '',
    changes: [],
    created: [],
  },
  {
    sha: 'c1',
    parents: [],
    time: 1700000100,
    email: 'a@x.org',
    name: '',
    changes: [
      { path: 'd/one.py', oldPath: undefined, added: 5, deleted: 0 },
      { path: 'new\nline.py', oldPath: undefined, added: 1, deleted: 0 },
      { path: '\u00e9.py', oldPath: undefined, added: 1, deleted: 0 },
    ],
    created: ['d/one.py', 'new\nline.py', '\u00e9.py'],
  },
];

function parseIn(chunks: string[]): LogCommit[] {
  const out: LogCommit[] = [];
  const p = new LogParser((c) => out.push(c));
  for (const c of chunks) p.push(c);
  p.end();
  return out;
}

describe('LogParser', () => {
  test('parses a whole log', () => assert.deepEqual(parseIn([SAMPLE]), EXPECTED));

  test('gives the same result whatever the chunk boundaries', () => {
    for (let cut = 1; cut < SAMPLE.length; cut++) {
      assert.deepEqual(parseIn([SAMPLE.slice(0, cut), SAMPLE.slice(cut)]), EXPECTED, `cut at ${cut}`);
    }
    assert.deepEqual(parseIn([...SAMPLE]), EXPECTED, 'one character at a time');
  });

  test('refuses output cut in the middle of a record', () => {
    assert.throws(() => parseIn([SAMPLE.slice(0, SAMPLE.indexOf('d/two.py'))]));
  });
});

describe('cUnquote', () => {
  test('decodes git C quoting, octal bytes as UTF-8', () => {
    assert.equal(cUnquote('plain.py'), 'plain.py');
    assert.equal(cUnquote('"a\\tb\\"c\\\\d"'), 'a\tb"c\\d');
    assert.equal(cUnquote('"\\303\\251t\\303\\251.py"'), '\u00e9t\u00e9.py');
  });
});
