// Golden values per construct, each verified against radon 5.1 (`radon cc -s`, `radon raw`,
// `radon mi -s`, `radon hal`) on the same snippet; radon-agreement.test.ts re-checks them live.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { analyzeSource, initPyscan } from '../src/index.js';
import { GOLDEN } from './golden-cases.js';

before(() => initPyscan());

describe('golden constructs agree with radon 5.1', () => {
  for (const g of GOLDEN) {
    test(g.name, () => {
      const r = analyzeSource(g.src, `${g.name}.py`);
      assert.equal(r.file.parse_error, null);
      const blocks = [
        ...r.functions.map((f) => [
          f.name,
          f.is_method ? 'method' : 'function',
          f.lineno,
          f.endline,
          f.complexity,
        ]),
        ...r.classes.map((c) => [c.name, 'class', c.lineno, c.endline, c.complexity]),
      ];
      for (const b of g.blocks)
        assert.ok(
          blocks.some((x) => JSON.stringify(x) === JSON.stringify(b)),
          `block ${JSON.stringify(b)} in ${JSON.stringify(blocks)}`,
        );
      const raw = [
        r.file.loc,
        r.file.lloc,
        r.file.sloc,
        r.file.comments,
        r.file.multi,
        r.file.blank,
        r.file.single_comments,
      ];
      assert.deepEqual(raw, g.raw, 'loc lloc sloc comments multi blank single_comments');
      assert.deepEqual([r.file.h1, r.file.h2, r.file.N1, r.file.N2], g.halstead, 'h1 h2 N1 N2');
      assert.ok(Math.abs((r.file.mi ?? -1) - g.mi) < 1e-9, `mi ${r.file.mi} vs ${g.mi}`);
    });
  }
});
