// Measures radon does not have: cognitive complexity, parameters, nloc, maximum nesting.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { analyzeSource, initPyscan } from '../src/index.js';

before(() => initPyscan());

const SRC = `class K:
    def method(self, a, /, b=1, *args, c, **kw):
        """Doc.

        More doc.
        """
        # a comment
        for x in args:          # +1
            if x and b or c:    # +2 (nesting 1), +2 for the two boolean sequences
                continue
            elif x:             # +1
                pass
            else:               # +1
                while a:        # +3 (nesting 2)
                    a -= 1
        try:
            pass
        except ValueError:      # +1
            y = 1 if a else 2   # +2 (nesting 1)
        return lambda: (1 if b else 2)   # +2 (nesting 1 inside the lambda)

def flat(*, key):
    with open(key) as f:
        match f:                # +1
            case 1:
                return [i for i in f if i]
    return None
`;

test('cognitive complexity, params, nloc and max nesting', () => {
  const r = analyzeSource(SRC, 'k.py');
  assert.equal(r.file.parse_error, null);
  const rows = Object.fromEntries(
    r.functions.map((f) => [f.name, [f.cognitive, f.params, f.nloc, f.max_nesting]]),
  );
  assert.deepEqual(rows, {
    method: [15, 6, 14, 3],
    flat: [1, 1, 6, 2],
  });
});
