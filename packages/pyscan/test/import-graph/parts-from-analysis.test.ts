// Code health's per-file parts made by the analysis from its own tokens (issue 35's performance
// work: no second read or tokenization) equal those made from the text alone, through the pool's
// workers too; without the option the analysis carries none. Values by hand for one file.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import {
  codeHealthOfParts,
  codeHealthParts,
  createAnalyzerPool,
  measureCodeHealth,
} from '../../src/index.js';

const FILES: Record<string, string> = {
  'pkg/__init__.py': '"""The package."""\nfrom .a import f\n',
  // CRLF and a def whose parameters are half annotated.
  'pkg/a.py':
    'from . import b\r\n\r\ndef f(x: int, y) -> int:\r\n    """Adds."""\r\n    return b.g(x) + y\r\n',
  'pkg/b.py': 'import pkg.a\n\n\ndef g(v):\n    return v\n',
  // Python 2 the parser refuses (parse_error), but its tokens are fine: a module like the others.
  'legacy.py': 'print "old"\n',
};

let dir = '';
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'pyscan-parts-'));
  for (const [p, text] of Object.entries(FILES)) {
    mkdirSync(join(dir, 'pkg'), { recursive: true });
    writeFileSync(join(dir, p), text);
  }
});
after(() => rmSync(dir, { recursive: true, force: true }));

test('the pool analyses with parts equal to the text-made ones; the graph and shares by hand', async () => {
  const pool = await createAnalyzerPool({ threads: 2 });
  try {
    const paths = Object.keys(FILES);
    const withParts = await Promise.all(
      paths.map((p) => pool.analyzeFile(join(dir, p), p, { codeHealth: true })),
    );
    const without = await pool.analyzeFile(join(dir, 'pkg/a.py'), 'pkg/a.py');
    assert.equal(without.code_health, undefined);
    for (const [i, p] of paths.entries()) {
      assert.deepEqual(withParts[i]?.code_health, codeHealthParts(FILES[p] as string), p);
    }
    const fromAnalysis = codeHealthOfParts(
      withParts.map((a) => ({ path: a.file.path, ...(a.code_health as NonNullable<typeof a.code_health>) })),
      null,
    );
    assert.deepEqual(
      fromAnalysis,
      measureCodeHealth(
        paths.map((p) => ({ path: p, text: FILES[p] as string })),
        null,
      ),
    );
    // f: x and the return annotated of x, y and the return (3 slots); g: 2 slots, none. 2 of 5.
    assert.equal(fromAnalysis.typed_slots, 5);
    assert.equal(fromAnalysis.typed_annotated, 2);
    // Items: 4 modules, f and g; documented: pkg's __init__ and f.
    assert.deepEqual([fromAnalysis.doc_items, fromAnalysis.doc_documented], [6, 2]);
    assert.match(String(withParts[paths.indexOf('legacy.py')]?.file.parse_error), /Python 2/i);
    assert.deepEqual(
      fromAnalysis.imports.edges.map((e) => [e.from, e.to, e.line]),
      [
        ['pkg', 'pkg.a', 2],
        ['pkg.a', 'pkg.b', 1],
        ['pkg.b', 'pkg.a', 1],
      ],
    );
    assert.deepEqual(
      fromAnalysis.cycles.map((c) => c.shortest),
      [['pkg.a', 'pkg.b', 'pkg.a']],
    );
  } finally {
    await pool.close();
  }
});
