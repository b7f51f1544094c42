// `acme/evolve`: a repository built commit by commit with known changes, shared by the trend, compare
// and new-code tests. main: c1 (tag v1) → c2 → c3; feature: c1 → f1.
//   c1 → c2: core.py's alpha gets two more ifs (worse), beta loses one (better), helper is renamed
//            helper2 with its body unchanged, gamma is added; util_old.py moves to util_new.py as is;
//            gone.py (doomed) is deleted; fresh.py (fresh_fn) is added.
//   c2 → c3: mod_a.py moves to mod_b.py with one if added to work (cc 1 → 2).
//   f1:      feature.py (feat) added on the branch.
import { join } from 'node:path';
import type { TestDatabaseTarget } from '@app/kit/testing';
import { ALICE, BOB, type FixtureBase, gitSync, RepoBuilder } from '../fixtures-builder/build-repo.js';
import { type FixtureService, startFixtureService } from '../helpers/fixture-service.js';

const CORE_C1 = `def alpha(x):
    if x:
        return 1
    return 0


def beta(x):
    if x > 1:
        return 1
    if x > 2:
        return 2
    return 0


def helper(a, b):
    total = a + b
    total = total * 2
    return total


class Box:
    def size(self):
        return 1
`;

const CORE_C2 = `def alpha(x):
    if x:
        return 1
    if x > 5:
        return 5
    if x > 9:
        return 9
    return 0


def beta(x):
    if x > 1:
        return 1
    return 0


def helper2(a, b):
    total = a + b
    total = total * 2
    return total


def gamma():
    return 3


class Box:
    def size(self):
        return 1
`;

const UTIL = `def parse(text):
    parts = text.split(",")
    cleaned = [p.strip() for p in parts]
    return cleaned
`;

const MOD_A = `"""Module a."""

LIMIT = 10


def work(n):
    return n * LIMIT


def keep(n):
    return n + 1


def other(n):
    return n - 1
`;

const MOD_B = MOD_A.replace(
  '    return n * LIMIT\n',
  '    if n > LIMIT:\n        return LIMIT\n    return n * LIMIT\n',
);

export interface EvolveRepo {
  dir: string;
  shas: { c1: string; c2: string; c3: string; f1: string };
  /** Points `main` at another commit (the next run of `main` analyses it). */
  setMain(sha: string): void;
}

export function buildEvolveRepo(base: FixtureBase): EvolveRepo {
  const dir = join(base.dir, 'acme', 'evolve');
  const b = new RepoBuilder(dir, 'main');
  b.write('core.py', CORE_C1)
    .write('util_old.py', UTIL)
    .write('gone.py', 'def doomed(x):\n    if x:\n        return 1\n    return 2\n')
    .write('mod_a.py', MOD_A);
  const c1 = b.commit('c1', { author: ALICE, date: '2024-01-01T00:00:00Z' });
  b.tag('v1');
  b.branch('feature');
  b.write('feature.py', 'def feat():\n    return 1\n');
  const f1 = b.commit('f1', { author: BOB, date: '2024-01-15T00:00:00Z' });
  b.checkout('main');
  b.write('core.py', CORE_C2)
    .move('util_old.py', 'util_new.py')
    .remove('gone.py')
    .write('fresh.py', 'def fresh_fn():\n    return 1\n');
  const c2 = b.commit('c2', { author: ALICE, date: '2024-02-01T00:00:00Z' });
  b.remove('mod_a.py').write('mod_b.py', MOD_B);
  const c3 = b.commit('c3', { author: BOB, date: '2024-03-01T00:00:00Z' });
  return {
    dir,
    shas: { c1, c2, c3, f1 },
    setMain: (sha) => gitSync(dir, ['reset', '-q', '--hard', sha]),
  };
}

/** A second repository, for the "different repositories" errors. */
export function buildOtherRepo(base: FixtureBase): void {
  new RepoBuilder(join(base.dir, 'acme', 'other'), 'main')
    .write('x.py', 'X = 1\n')
    .commit('x', { author: ALICE, date: '2024-01-01T00:00:00Z' });
}

/** A service (pylint off, no rate limit) on a fresh database of `target`, serving acme/evolve and acme/other. */
export async function startEvolveService(
  target: TestDatabaseTarget,
): Promise<{ fx: FixtureService; repo: EvolveRepo }> {
  let repo: EvolveRepo | undefined;
  const fx = await startFixtureService(
    target,
    (base) => {
      repo = buildEvolveRepo(base);
      buildOtherRepo(base);
    },
    { PYLINT_ENABLED: 'false', RUNS_PER_MINUTE_PER_CLIENT: '0' },
  );
  return { fx, repo: repo as EvolveRepo };
}
