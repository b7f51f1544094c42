// radon's raw counts read off the fast tokenizer's tokens (src/raw-from-tokens.ts) against raw.ts's
// own model of radon's line-group tokenizer (checked against radon itself by bench/pyscan-parity):
// equal on every construct that groups lines, and left to raw.ts where the two views differ.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { analyzeSource } from '../src/analyze.js';
import { tokenize } from '../src/fast-parse/index.js';
import { rawMetrics } from '../src/raw.js';
import { rawFromTokens } from '../src/raw-from-tokens.js';
import { lineStartsOf } from '../src/tree.js';

const FIELDS = ['loc', 'lloc', 'sloc', 'comments', 'multi', 'blank', 'single_comments'] as const;

function counts(m: Record<(typeof FIELDS)[number], number>): number[] {
  return FIELDS.map((k) => m[k]);
}

function fromTokens(src: string): ReturnType<typeof rawFromTokens> {
  const toks = tokenize(src);
  assert.deepEqual(toks.lineStarts, lineStartsOf(src), 'the tokenizer finds every line');
  return rawFromTokens(src, toks);
}

const SAME: Record<string, string> = {
  'docstrings on one line and over several, with blank lines inside': `"""Module.

Text.
"""

def f():
    '''One line.'''
    x = 1  # trailing comment
    # own line

    return x
`,
  'one-line compound statements, semicolons, colons in slices, dicts and lambdas': `if x: y = 2
if x:
    pass;
while 1: pass; x
a; b;
d = {1: 2}; l[1:2]; f = lambda: 0
else_ = x[::2]
`,
  'brackets over lines with comments and blank lines inside': `y = (1,  # one

     2)
z = [# c
]
`,
  'backslash continuations, in code and in strings': `z = 1 + \\
    2
s = "a\\
b"
t = """x\\
"""
`,
  'strings that are not alone: followed by a comment, a semicolon, another string': `"""x""" # c
"x"; "y"
"a" "b"
x = """
"""
`,
  'f-strings with fields, specs, colons and nested strings over lines': `u = f"{x:>{w}} {y!r}"
w = f"{ {1: 2}[1] }" f'b'
v = f"""a
{x}"""
f"""lone
f-string"""
`,
  'form feeds on lines of their own, at the end too': 'x = 1\n\f\n  \f \f\ny = 2\n\f',
  'no final line break, an empty file, a lone comment': '# only',
  'blank lines of spaces and tabs': 'x = 1\n   \n\t\n',
};

describe('raw counts from tokens equal raw.ts', () => {
  for (const [name, src] of Object.entries(SAME)) {
    test(name, () => {
      const fast = fromTokens(src);
      assert.ok(fast, 'read off the tokens');
      assert.deepEqual(counts(fast), counts(rawMetrics(src)));
    });
  }
  test('an empty file', () => {
    assert.deepEqual(counts(fromTokens('') ?? rawMetrics('x')), [0, 0, 0, 0, 0, 0, 0]);
  });
});

const LEFT: Record<string, string> = {
  'a form feed inside a string (str.splitlines() breaks it)': 'x = """a\fb"""\n',
  'a form feed after code': 'x = 1 \f\n',
  'a line separator in a comment': 'x = 1  # a\u2028b\n',
  'a non-breaking space at the end of a line inside a docstring': 'def f():\n    """a\n    \u00a0\n    """\n',
  'a name with characters outside ASCII': 'é = 1\n',
  'a backslash continuation into a blank line (radon joins the next line too)': 'x = 1 \\\n\n# c\n',
};

describe('what the tokens cannot tell is left to raw.ts, with radon counts', () => {
  for (const [name, src] of Object.entries(LEFT)) {
    test(name, () => {
      assert.equal(fromTokens(src), null);
      const file = analyzeSource(src, 'x.py').file;
      assert.equal(file.parse_error, null);
      const raw = rawMetrics(src);
      assert.deepEqual(
        FIELDS.map((k) => file[k]),
        counts(raw),
      );
    });
  }
  test('radon counts a backslash into a blank line with the comment after it as code', () => {
    const raw = rawMetrics('x = 1 \\\n\n# c\n');
    assert.deepEqual(counts(raw), [3, 1, 2, 1, 0, 1, 0]);
  });
});
