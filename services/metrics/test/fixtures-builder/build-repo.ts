import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Author, RepoBuilder } from './repo-builder.js';

export { type Author, type CommitOptions, gitSync, RepoBuilder } from './repo-builder.js';

/** A folder laid out like GitHub, `<base>/<owner>/<repo>`, with its `file://` URL for GITHUB_BASE_URL. */
export interface FixtureBase {
  dir: string;
  baseUrl: string;
  cleanup(): void;
}

/** Creates an empty temp folder to hold fixture repositories as `<dir>/<owner>/<repo>`. */
export function createFixtureBase(prefix = 'metrics-fixture-'): FixtureBase {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return {
    dir,
    // pathToFileURL gives `file:///tmp/...`, which git clones like a remote (shallow clones work).
    baseUrl: pathToFileURL(dir).href,
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export const ALICE: Author = { name: 'Alice', email: 'alice@example.com' };
// Same person as ALICE for the `authors` count: e-mails compare case-insensitively.
export const ALICE_UPPER: Author = { name: 'Alice A.', email: 'Alice@Example.COM' };
export const BOB: Author = { name: 'Bob', email: 'bob@example.com' };
export const CAROL: Author = { name: 'Carol', email: 'carol@example.com' };
export const DAVE: Author = { name: 'Dave', email: 'dave@example.com' };

/** What the standard fixture holds, for the tests' expectations. */
export interface StandardFixture {
  owner: string;
  repo: string;
  /** Work tree (a non-bare repository) at `<base>/<owner>/<repo>`. */
  dir: string;
  /** A file outside the repository that `link_outside.py` points to. */
  outsideFile: string;
  shas: { c1: string; c2: string; c3: string; c4: string; feature: string; head: string };
  defaultBranch: 'main';
  branch: 'feature';
  tag: 'v1.0';
}

const lines = (n: number, prefix: string): string =>
  Array.from({ length: n }, (_, i) => `${prefix}_${i} = ${i}\n`).join('');

/**
 * Builds the standard fixture: four authors (one under two e-mail spellings), dated commits, a rename,
 * a deleted-then-recreated file, test files and a `tests/` folder, a branch, a tag, a syntax error,
 * a latin-1 file with a coding cookie, a symlink out of the repository, virtualenv and vendor folders.
 * Line counts per commit are listed in comments so history expectations can be computed by hand.
 */
export function buildStandardFixture(base: FixtureBase, owner = 'acme', repo = 'widgets'): StandardFixture {
  const dir = join(base.dir, owner, repo);
  const outsideFile = join(base.dir, 'outside-secret.py');
  writeFileSync(outsideFile, 'SECRET = 1\n');
  const b = new RepoBuilder(dir, 'main');

  // C1: core.py +10, old_name.py +4, phoenix.py +2
  b.write('README.md', '# widgets\n')
    .write('pkg/__init__.py', '')
    .write('pkg/core.py', lines(10, 'core'))
    .write('old_name.py', lines(4, 'old'))
    .write('pkg/phoenix.py', lines(2, 'first_life'));
  const c1 = b.commit('initial', { author: ALICE, date: '2024-01-01T10:00:00Z' });

  // C2: core.py +3 -1 (line 0 replaced, 2 appended), phoenix.py deleted, test files added, binary file.
  b.write(
    'pkg/core.py',
    `core_0 = 'changed'\n${lines(10, 'core').split('\n').slice(1).join('\n')}x = 1\ny = 2\n`,
  )
    .remove('pkg/phoenix.py')
    .write('tests/test_core.py', 'def test_core():\n    assert True\n')
    .write('tests/helpers.py', 'HELP = 1\n')
    .write('test_top.py', 'def test_top():\n    pass\n')
    .write('pkg/core_test.py', 'def test_it():\n    pass\n')
    .write('assets/logo.bin', Buffer.from([0, 1, 2, 3, 0, 255, 0]));
  const c2 = b.commit('core tweaks and tests', { author: BOB, date: '2024-01-05T12:00:00Z' });

  // C3: old_name.py renamed to pkg/new_name.py with +1, a syntax error, a file name with a space.
  b.move('old_name.py', 'pkg/new_name.py')
    .write('pkg/new_name.py', `${lines(4, 'old')}added = 1\n`)
    .write('pkg/broken.py', 'def broken(:\n    pass\n')
    .write('pkg/with space.py', 'SPACE = 1\n');
  const c3 = b.commit('rename old_name', { author: ALICE_UPPER, date: '2024-01-10T08:00:00Z' });

  // C4: new_name.py +2 -1, phoenix.py recreated (+3, new life), latin-1 file, symlink out, venv and vendor.
  b.write('pkg/new_name.py', `${lines(4, 'old')}added = 2\nmore = 3\n`)
    .write('pkg/phoenix.py', lines(3, 'second_life'))
    .write('pkg/latin1.py', Buffer.from('# -*- coding: latin-1 -*-\nNAME = "caf\xe9"\n', 'latin1'))
    .symlink(outsideFile, 'link_outside.py')
    .symlink('pkg', 'linked_pkg')
    .write('.venv/lib/site.py', 'VENV = 1\n')
    .write('venv/bin/activate.py', 'VENV = 1\n')
    .write('env/pyvenv.cfg', 'home = /usr/bin\n')
    .write('env/lib/inside_env.py', 'ENV = 1\n')
    .write('tools/env/keep_me.py', 'KEEP = 1\n')
    .write('third/site-packages/dep.py', 'DEP = 1\n')
    .write('web/node_modules/x/y.py', 'NM = 1\n')
    .write('pkg/__pycache__/core.py', 'CACHED = 1\n')
    .write('.tox/py311/t.py', 'T = 1\n')
    .write('build/lib/gen.py', 'B = 1\n')
    .write('dist/d.py', 'D = 1\n')
    .write('widgets.egg-info/e.py', 'E = 1\n')
    .write('.eggs/egg.py', 'E = 1\n');
  const c4 = b.commit('more', { author: CAROL, date: '2024-02-01T09:30:00Z' });
  b.tag('v1.0');

  b.branch('feature').write('pkg/feature.py', 'FEATURE = 1\n');
  const feature = b.commit('feature work', { author: DAVE, date: '2024-03-01T00:00:00Z' });
  b.checkout('main');

  // C5 (HEAD of main): core.py +1 -2.
  b.write(
    'pkg/core.py',
    `core_0 = 'changed'\n${lines(10, 'core').split('\n').slice(1, 8).join('\n')}\nx = 1\ny = 2\nz = 3\n`,
  );
  const head = b.commit('trim core', { author: BOB, date: '2024-03-15T00:00:00Z' });

  return {
    owner,
    repo,
    dir,
    outsideFile,
    shas: { c1, c2, c3, c4, feature, head },
    defaultBranch: 'main',
    branch: 'feature',
    tag: 'v1.0',
  };
}
