// Python 2 code gets parse_error, as CPython 3 (and so radon) refuses it: each snippet's verdict is
// compared with Debian's python3 `compile()`, under both parsers, and the Python 3 near misses
// (the same shapes spelled validly) stay measured.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { before, describe, test } from 'node:test';
import { needTool } from '@app/kit/testing';
import { analyzeSource, useParser } from '../src/analyze.js';
import { initPyscan } from '../src/index.js';

const PYTHON2: Record<string, string> = {
  // flask.py of 2010 (33850c0e), the finding's file: a method with an `except X, e:`.
  'except X, e: (flask.py, 2010)':
    'class Flask(object):\n    def dispatch_request(self):\n        try:\n            return self.view()\n' +
    '        except HTTPException, e:\n            return e\n',
  'except (A, B), e:': 'try:\n    pass\nexcept (ValueError, KeyError), e:\n    pass\n',
  'except A, B:': 'try:\n    pass\nexcept ValueError, KeyError:\n    pass\n',
  'print statement': 'print "hello"\n',
  'print statement in a def': 'def f():\n    print "a", 1\n',
  backticks: 'x = `1 + 2`\n',
  '<> operator': 'if 1 <> 2:\n    pass\n',
  '<> even under barry_as_FLUFL': 'from __future__ import barry_as_FLUFL\nx = 1 <> 2\n',
  'exec statement': 'exec "x = 1"\n',
  'exec ... in': 'exec code in {}\n',
  'octal 0777': 'os.chmod(p, 0777)\n',
  'long 10L': 'x = 10L\n',
  "ur'' string": "x = ur'abc'\n",
  "UR'' string": 'x = UR"abc"\n',
  'raise E, V': 'raise ValueError, "bad"\n',
  'raise E, V, T': 'raise E, V, T\n',
  'tuple parameter': 'def f(a, (b, c)):\n    pass\n',
  'lambda tuple parameter': 'f = lambda (a, b): a + b\n',
  'Python 2 after valid code': 'import os\n\n\ndef ok():\n    return 1\n\n\ndef old():\n    print ok()\n',
};

const PYTHON3: Record<string, string> = {
  'except (A, B) as e:': 'try:\n    pass\nexcept (ValueError, KeyError) as e:\n    pass\n',
  'except* group': 'try:\n    pass\nexcept* ValueError as eg:\n    pass\n',
  'print() calls': 'print("a", end="")\nprint()\nprint\n',
  'print >> f, x (a tuple in Python 3)': 'import sys\nprint >> sys.stderr, "x"\n',
  'backticks in strings and comments': 's = "`x`"  # `y`\nt = """`z` <> ur\'\'"""\n',
  '!= and a string holding <>': 'x = 1 != 2\ny = "<>"\nz = a < b > c\n',
  'exec() call': 'exec("x = 1")\nexec("y", {})\n',
  'octal 0o777, 0 and 00': 'x = 0o777 + 0 + 00 + 0_0\n',
  "rb'' and Rb'' and f'' strings": "a = rb'x' + Rb'y' + bR'z'\nb = f'{a}' + u'c' + r'd'\n",
  'raise E from X, raise (E, V)': 'raise ValueError("x") from None\nraise (E, V)\n',
  'tuple targets and defaults':
    'def f(a, b=(1, 2)):\n    for (x, y) in b:\n        pass\ng = lambda x=(1, 2): x\n',
};

/** Which snippets Debian's python3 compiles, in one process. */
function python3Accepts(snippets: Record<string, string>): Record<string, boolean> {
  const script =
    'import json, sys\nout = {}\nfor k, src in json.load(sys.stdin).items():\n' +
    '    try:\n        compile(src, k, "exec")\n        out[k] = True\n' +
    '    except SyntaxError:\n        out[k] = False\nprint(json.dumps(out))\n';
  const res = spawnSync('/usr/bin/python3', ['-c', script], {
    input: JSON.stringify(snippets),
    encoding: 'utf8',
  });
  assert.equal(res.status, 0, res.stderr);
  return JSON.parse(res.stdout) as Record<string, boolean>;
}

describe('Python 2 syntax', () => {
  before(() => initPyscan());

  test('is refused as CPython 3 refuses it, with both parsers', { skip: needTool('python3') }, () => {
    const all = { ...PYTHON2, ...PYTHON3 };
    const cpython = python3Accepts(all);
    for (const name of Object.keys(PYTHON2)) assert.equal(cpython[name], false, `python3 refuses ${name}`);
    for (const name of Object.keys(PYTHON3)) assert.equal(cpython[name], true, `python3 accepts ${name}`);
    for (const parser of ['fast', 'tree-sitter'] as const) {
      const previous = useParser(parser);
      try {
        for (const [name, src] of Object.entries(all)) {
          const error = analyzeSource(src, 'x.py').file.parse_error;
          assert.equal(error === null, cpython[name], `${parser}: ${name}: ${error}`);
        }
      } finally {
        useParser(previous);
      }
    }
  });

  test('names the construct and its line', () => {
    const error = (src: string) => analyzeSource(src, 'x.py').file.parse_error;
    assert.equal(
      error(PYTHON2['except X, e: (flask.py, 2010)'] ?? ''),
      'Python 2 syntax (except X, e:) at line 5',
    );
    assert.equal(error('x = 1\ny = `x`\n'), 'Python 2 syntax (backticks) at line 2');
    assert.equal(error('if a <> b:\n    pass\n'), 'Python 2 syntax (<> operator) at line 1');
    assert.equal(error("s = ur'x'\n"), "Python 2 syntax (ur'' string) at line 1");
    assert.equal(error('raise E, "v"\n'), 'Python 2 syntax (raise E, V) at line 1');
    assert.equal(error('def f((a, b)):\n    pass\n'), 'Python 2 syntax (tuple parameter) at line 1');
    // A measured file has no parse_error and its metrics.
    const ok = analyzeSource(PYTHON3['except (A, B) as e:'] ?? '', 'x.py').file;
    assert.equal(ok.parse_error, null);
    assert.equal(typeof ok.mi, 'number');
  });
});
