import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ALICE, BOB, type FixtureBase, RepoBuilder } from '../fixtures-builder/build-repo.js';

/** A function with three `if`s: cyclomatic complexity 4, rank A; `Shape.area` one branch: 2. */
export const CALC_PY = `"""Small known module."""


def classify(n):
    """Three ifs."""
    if n < 0:
        return "negative"
    if n == 0:
        return "zero"
    if n > 100:
        return "big"
    return "small"


class Shape:
    def __init__(self, side):
        self.side = side

    def area(self):
        if self.side < 0:
            return 0
        return self.side * self.side
`;

/** What the small repository holds. */
export interface SmallRepo {
  owner: string;
  repo: string;
  dir: string;
  shas: { first: string; second: string };
}

/**
 * `acme/small`: `calc.py` (known metrics), a `util.py` changed twice by two authors, `test_calc.py`
 * and `tests/helper.py` (test files), and a tag `v0.1` at the first commit. `bigFile` adds a large
 * incompressible blob for the size cap.
 */
export function buildSmallRepo(
  base: FixtureBase,
  name = 'small',
  opts: { bigFileMb?: number } = {},
): SmallRepo {
  const dir = join(base.dir, 'acme', name);
  const b = new RepoBuilder(dir, 'main');
  b.write('calc.py', CALC_PY)
    .write('util.py', 'A = 1\n')
    .write('test_calc.py', 'def test_classify():\n    assert True\n')
    .write('tests/helper.py', 'H = 1\n');
  const first = b.commit('first', { author: ALICE, date: '2024-01-01T00:00:00Z' });
  b.tag('v0.1');
  b.write('util.py', 'A = 1\nB = 2\nC = 3\n');
  if (opts.bigFileMb) {
    const bytes = Buffer.alloc(opts.bigFileMb * 1024 * 1024);
    for (let i = 0; i < bytes.length; i += 4) bytes.writeUInt32LE((Math.random() * 2 ** 32) >>> 0, i);
    writeFileSync(join(dir, 'blob.bin'), bytes);
  }
  const second = b.commit('second', { author: BOB, date: '2024-01-11T00:00:00Z' });
  return { owner: 'acme', repo: name, dir, shas: { first, second } };
}
