// The fast parser (src/fast-parse/) against the tree-sitter path: on every golden case and on
// tricky constructs (match statements included) both give the same rows, and what the fast parser
// leaves (Python 2, syntax errors, 3.12 type parameters…) goes to tree-sitter with the same result.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { analyzeSource, useParser } from '../src/analyze.js';
import { fastParseIndexed, Unsupported } from '../src/fast-parse/index.js';
import { initPyscan } from '../src/index.js';
import type { FileAnalysis } from '../src/types.js';
import { GOLDEN } from './golden-cases.js';

before(() => initPyscan());

function both(src: string): { fast: FileAnalysis; ts: FileAnalysis } {
  const before = useParser('tree-sitter');
  try {
    const ts = analyzeSource(src, 'x.py');
    useParser('fast');
    return { fast: analyzeSource(src, 'x.py'), ts };
  } finally {
    useParser(before);
  }
}

function handled(src: string): boolean {
  try {
    fastParseIndexed(src);
    return true;
  } catch (err) {
    if (err instanceof Unsupported) return false;
    throw err;
  }
}

describe('the fast parser agrees with tree-sitter on the golden cases', () => {
  for (const g of GOLDEN) {
    test(g.name, () => {
      const { fast, ts } = both(g.src);
      assert.deepEqual(fast, ts);
    });
  }
});

const TRICKY: Record<string, string> = {
  'f-strings with conversions, format specs and nested fields': `def f(a, b, w):
    x = f"{a!r:>{w}} {b=} {a + b:{'<' if w else '>'}{w}}" f'{a and b}'
    return rf"\\d{a}" + F"""
    {a if b else w}
    """
`,
  'strings: docstring with a trailing comma, concatenation over lines, bytes': `def f():
    "doc",
    x = ("abc"
         "def")
    return b"a" + b'\\x00' == x
`,
  'method chains and brackets closing on later lines': `def f(a):
    return (a
            .strip()
            .split(
            )
    )
`,
  'boolean chains, parentheses, not, comparisons': `def f(a, b, c):
    if (a and b) and c or not a and b or c:
        return a < b <= c != a is not None not in b in c
    return -a ** -b + ~c // 2 @ a % 3 << 1 >> 2 & 3 | 4 ^ 5
`,
  'comprehensions, walrus, lambdas, star arguments': `def f(xs, *args, **kw):
    ys = [y for x in xs if (y := x * 2) if y > 1 for _ in range(2)]
    d = {k: v for k, v in kw.items() if v}
    s = {*xs, *args}
    g = sum(x for x in xs if x)
    h = lambda a, *b, c=1, **d: a if b else c
    return [*ys, *{**d, 'a': 1}], s, g, h(*args, key=1, **kw)
`,
  'slices and subscripts': `def f(a):
    return a[1:2], a[:], a[::2], a[1:2, ::3], a[...], a[:-1][0]
`,
  'decorators, async, classes, closures, one-line bodies': `@dec(1)
@other.attr
class A(B, metaclass=M):
    x: int | None = None
    def m(self): return 1; pass
    @property
    async def n(self, /, a, *, b=2) -> int:
        async with a as (x, y), b:
            async for i in x:
                await i
        def inner():
            nonlocal a
            global g
            class Local: pass
            return [i async for i in a]
        return inner
`,
  'try, except*, else, finally, with parentheses, loops with else': `def f(a):
    try:
        pass
    except* ValueError:
        pass
    try:
        x = 1
    except (A, B) as e:
        raise X from e
    else:
        del x, a[0]
    finally:
        assert a, "msg"
    with (open(a) as f, open(a) as g):
        pass
    for i in a:
        break
    else:
        continue
    while a:
        a -= 1
    else:
        yield from a
`,
  'a match statement': `def f(x):
    match x:
        case [1, -2, *rest] if rest:
            return 1
        case {"a": 1j - 2} | None:
            return 2
        case _:
            return 3
`,
  'match: every kind of pattern, guards, as, unions, complex literals, patterns over lines': `def f(command, y):
    match command.split(), y:  # comment
        case [action]:
            pass
        case Point(x=0, y=-1.5) as p:
            print("Origin")
        case {"x": 0, **rest}: x = 1
        case [Point(x=0, y=0), *_] | (_, _):
            pass
        case (1 | 2) as z if z > 1 or y:
            pass
        case -3 | -1-2j | 3+4j:
            pass
        case [-1, -2.5]:
            return -1
        case "a" "b" | None | True | False | a.b.c:
            pass
        case {1: _, "k": [a, b]}:
            pass
        case (
            1,
            2
        ):
            pass
        case 1, *a:
            return [1,
                    2]
    match = {"a": 1}
    match["a"] = 2
    return match
`,
  'imports, semicolons, backslashes, form feeds and comments': `from . import a
from ..b import (c as d,
    e,)
import os.path as p, sys
x = 1; y = 2 \\
    + 3  # comment
\f
def f(): return x
`,
};

describe('the fast parser handles tricky constructs exactly as tree-sitter does', () => {
  for (const [name, src] of Object.entries(TRICKY)) {
    test(name, () => {
      assert.ok(handled(src), 'the fast parser handles it');
      const { fast, ts } = both(src);
      assert.equal(ts.file.parse_error, null);
      assert.deepEqual(fast, ts);
    });
  }
});

const FALLBACKS: Record<string, string> = {
  '3.12 type parameters': 'def f[T](x: T) -> T:\n    return x\n',
  'a 3.12 type alias': 'type X = int | str\n',
  'a Python 2 print statement': 'print "hello"\n',
  'a Python 2 print chevron': 'import sys\nprint >>sys.stderr, "x"\n',
  'a Python 2 exec statement': 'exec "x = 1"\n',
  'a Python 2 except clause': 'try:\n    pass\nexcept E, e:\n    pass\n',
  'a Python 2 octal literal': 'x = 0777\n',
  'a Python 2 <> operator': 'x = a <> b\n',
  'from __future__ import *': 'from __future__ import *\n',
  'a syntax error': 'def f(:\n    pass\n',
  'an unclosed bracket': 'x = (1,\n',
  'an f-string with the same quotes inside (3.12)': 'x = f"{"a"}"\n',
  'nesting deeper than the fast parser goes': `x = ${'('.repeat(250)}1${')'.repeat(250)}\n`,
};

describe('what the fast parser leaves goes to tree-sitter, with the same result', () => {
  for (const [name, src] of Object.entries(FALLBACKS)) {
    test(name, () => {
      assert.equal(handled(src), false, 'the fast parser leaves it');
      const { fast, ts } = both(src);
      assert.deepEqual(fast, ts);
    });
  }
  test('a Python 2 print statement is still reported as such', () => {
    assert.match(analyzeSource('print "hello"\n', 'x.py').file.parse_error ?? '', /print statement/);
  });
  test('a match statement is measured (by the fast parser)', () => {
    const r = analyzeSource(TRICKY['a match statement'] ?? '', 'x.py');
    assert.equal(r.file.parse_error, null);
    assert.equal(r.functions[0]?.name, 'f');
    assert.equal(r.functions[0]?.endline, 8);
  });
});
