// Python snippets per construct and radon 5.1's numbers for them (blocks: name, kind, lineno, endline, complexity;
// raw: loc, lloc, sloc, comments, multi, blank, single_comments; halstead: h1, h2, N1, N2).

/** One golden case. */
export interface GoldenCase {
  name: string;
  src: string;
  blocks: (string | number)[][];
  raw: number[];
  halstead: number[];
  mi: number;
}

/** The golden cases. */
export const GOLDEN: GoldenCase[] = [
  {
    name: 'if_elif',
    src: `def f(x):
    if x > 0:
        return 1
    elif x < 0:
        return -1
    elif x == 0:
        return 0
    else:
        return None
`,
    blocks: [['f', 'function', 1, 9, 4]],
    raw: [9, 9, 9, 0, 0, 0, 0],
    halstead: [4, 3, 4, 7],
    mi: 68.21534750091816,
  },
  {
    name: 'loops_else',
    src: `def f(xs):
    for x in xs:
        if x:
            break
    else:
        pass
    while xs:
        xs.pop()
    else:
        pass
    for y in xs:
        pass
`,
    blocks: [['f', 'function', 1, 12, 7]],
    raw: [12, 12, 12, 0, 0, 0, 0],
    halstead: [0, 0, 0, 0],
    mi: 100.0,
  },
  {
    name: 'try_except_else',
    src: `def f():
    try:
        a = 1
    except ValueError:
        a = 2
    except (TypeError, KeyError):
        a = 3
    else:
        a = 4
    finally:
        a = 5
    return a
`,
    blocks: [['f', 'function', 1, 12, 4]],
    raw: [12, 12, 12, 0, 0, 0, 0],
    halstead: [0, 0, 0, 0],
    mi: 100.0,
  },
  {
    name: 'boolean_chains',
    src: `def f(a, b, c, d):
    if a and b and c:
        return 1
    if a and b or c and d:
        return 2
    return (a or b) or (c and not d)
`,
    blocks: [['f', 'function', 1, 6, 11]],
    raw: [6, 6, 6, 0, 0, 0, 0],
    halstead: [3, 9, 8, 16],
    mi: 67.99913860127008,
  },
  {
    name: 'comprehensions',
    src: `def f(xs):
    a = [x for x in xs if x if x > 1]
    b = {x: y for x in xs for y in xs if y}
    c = {x for x in xs}
    d = sum(x for x in xs if x)
    return a, b, c, d
`,
    blocks: [['f', 'function', 1, 6, 10]],
    raw: [6, 7, 6, 0, 0, 0, 0],
    halstead: [1, 2, 1, 2],
    mi: 75.47868759859547,
  },
  {
    name: 'ternary_lambda',
    src: `def f(x):
    g = lambda y: y if y else -y
    return g(x) if x else 0
`,
    blocks: [['f', 'function', 1, 3, 3]],
    raw: [3, 4, 3, 0, 0, 0, 0],
    halstead: [1, 1, 1, 1],
    mi: 84.35536024031934,
  },
  {
    name: 'match_case',
    src: `def f(cmd):
    match cmd:
        case [x, y] if x and y:
            return 1
        case {"k": v}:
            return 2
        case _:
            return 3
`,
    blocks: [['f', 'function', 1, 8, 2]],
    raw: [8, 8, 8, 0, 0, 0, 0],
    halstead: [1, 2, 1, 2],
    mi: 75.28967674449181,
  },
  {
    name: 'assert',
    src: `def f(x):
    assert x, "x"
    assert x and x > 1
    return x
`,
    blocks: [['f', 'function', 1, 4, 3]],
    raw: [4, 4, 4, 0, 0, 0, 0],
    halstead: [2, 3, 2, 4],
    mi: 78.45287306850658,
  },
  {
    name: 'decorators',
    src: `import functools

def deco(fn):
    return fn

@deco
@functools.lru_cache(maxsize=None if True else 1)
def f(x=1 if True else 2):
    return x

@deco
class C:
    pass
`,
    blocks: [
      ['deco', 'function', 3, 4, 1],
      ['f', 'function', 8, 9, 1],
      ['C', 'class', 12, 13, 1],
    ],
    raw: [13, 10, 10, 0, 0, 3, 0],
    halstead: [0, 0, 0, 0],
    mi: 100.0,
  },
  {
    name: 'nested_functions',
    src: `def outer(x):
    def inner(y):
        if y:
            return y
        def deepest():
            return 1 if y else 2
        return deepest()
    if x:
        return inner(x)
    return None
`,
    blocks: [
      ['outer', 'function', 1, 10, 2],
      ['outer.inner', 'function', 2, 7, 2],
      ['outer.inner.deepest', 'function', 5, 6, 2],
    ],
    raw: [10, 10, 10, 0, 0, 0, 0],
    halstead: [0, 0, 0, 0],
    mi: 100.0,
  },
  {
    name: 'classes',
    src: `class Empty:
    """No methods."""
    x = 1 if True else 2


class Two:
    def a(self):
        if self:
            return 1
        return 2

    def b(self):
        return 3 if self else 4

    class Inner:
        def c(self):
            return 5


class One:
    def only(self, x):
        for i in x:
            if i:
                return i
`,
    blocks: [
      ['Empty', 'class', 1, 3, 2],
      ['Two', 'class', 6, 13, 3],
      ['a', 'method', 7, 10, 2],
      ['b', 'method', 12, 13, 2],
      ['One', 'class', 20, 24, 4],
      ['only', 'method', 21, 24, 3],
    ],
    raw: [24, 18, 17, 0, 0, 6, 1],
    halstead: [0, 0, 0, 0],
    mi: 100.0,
  },
  {
    name: 'docstrings',
    src: `"""Module docstring."""


def f():
    """One-line docstring."""
    return 1


def g():
    """
    Multi-line docstring.

    With a blank line.
    """
    return 2
`,
    blocks: [
      ['f', 'function', 4, 6, 1],
      ['g', 'function', 9, 15, 1],
    ],
    raw: [15, 7, 4, 0, 4, 5, 2],
    halstead: [0, 0, 0, 0],
    mi: 100.0,
  },
  {
    name: 'multiline_strings',
    src: `# comment one
x = """abc
def
"""  # trailing
y = (1,
     2)  # two
z = 'single'; w = {'a': 1}
if x: y = 2

# comment two
`,
    blocks: [],
    raw: [10, 7, 7, 4, 0, 1, 2],
    halstead: [0, 0, 0, 0],
    mi: 100.0,
  },
  {
    name: 'except_star',
    src: `def f(x):
    try:
        pass
    except* ValueError:
        pass
    except* TypeError:
        pass
    else:
        pass
    if x:
        pass
`,
    blocks: [['f', 'function', 1, 11, 2]],
    raw: [11, 11, 11, 0, 0, 0, 0],
    halstead: [0, 0, 0, 0],
    mi: 100.0,
  },
];
