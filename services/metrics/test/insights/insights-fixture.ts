// `acme/insights`: a repository built commit by commit whose history insights are worked out by hand
// in the tests (see EXPECTED in insights-history.test.ts for the arithmetic).
import { join } from 'node:path';
import {
  ALICE,
  type Author,
  BOB,
  CAROL,
  type FixtureBase,
  gitSync,
  RepoBuilder,
} from '../fixtures-builder/build-repo.js';

/** Alice's second address; `.mailmap` makes it Alice. */
export const ALICE_WORK: Author = { name: 'Alice at work', email: 'alice@work.example' };

// a.py: f has one `if` (cc 2, cognitive 1).
const A_HEAD = ['def f(x):', '    if x:', '        return 1', '    return 0'];
// b.py: g has two `if`s (cc 3, cognitive 2).
const B_HEAD = [
  'def g(x):',
  '    if x > 1:',
  '        return 2',
  '    if x > 0:',
  '        return 1',
  '    return 0',
];
// c.py: h has no branch (cc 1, cognitive 0).
const C_HEAD = ['def h():', '    return 1'];

type Files = Map<string, string[]>;

class Writer {
  private n = 0;
  constructor(
    readonly b: RepoBuilder,
    public files: Files,
  ) {}
  /** Appends `k` new lines to `path` (numstat: +k −0). */
  append(path: string, k: number): this {
    const lines = this.files.get(path) ?? [];
    for (let i = 0; i < k; i++) lines.push(`v${this.n++} = ${this.n}`);
    this.files.set(path, lines);
    this.b.write(path, `${lines.join('\n')}\n`);
    return this;
  }
  prepend(path: string, line: string): this {
    const lines = [line, ...(this.files.get(path) ?? [])];
    this.files.set(path, lines);
    this.b.write(path, `${lines.join('\n')}\n`);
    return this;
  }
  set(path: string, lines: string[]): this {
    this.files.set(path, [...lines]);
    this.b.write(path, `${lines.join('\n')}\n`);
    return this;
  }
  move(from: string, to: string): this {
    const lines = this.files.get(from) ?? [];
    this.files.delete(from);
    this.files.set(to, lines);
    this.b.move(from, to);
    return this;
  }
}

const at = (date: string) => `${date}T00:00:00Z`;

export interface InsightsRepo {
  dir: string;
  owner: string;
  repo: string;
}

/**
 * Main: C1 creates a.py (10 lines), b.py (10), c.py (4) and .mailmap; C2 a+2 b+2; C3 (Bob) a+3 b+1;
 * C4 (Alice at work) renames b.py → pkg/b2.py with +1, a+1; C5 (Carol) 60 new data files, a+1,
 * b2+1 (62 paths: no coupling); then side branch S1 (Bob) a+1 at the top, c+2, while main C6 a+1
 * b2+1 at the bottom; merge M; C7 (Alice at work) a+1 b2+1 c+1; C7b (Carol) c+1; C8 (Bob) c+1 on
 * 2024-06-30, the analysed commit.
 */
export function buildInsightsRepo(base: FixtureBase, name = 'insights'): InsightsRepo {
  const dir = join(base.dir, 'acme', name);
  const b = new RepoBuilder(dir, 'main');
  const w = new Writer(b, new Map());
  w.set('a.py', A_HEAD).append('a.py', 6);
  w.set('b.py', B_HEAD).append('b.py', 4);
  w.set('c.py', C_HEAD).append('c.py', 2);
  b.write('.mailmap', 'Alice <alice@example.com> <alice@work.example>\n');
  b.commit('C1', { author: ALICE, date: at('2024-01-01') });
  w.append('a.py', 2).append('b.py', 2);
  b.commit('C2', { author: ALICE, date: at('2024-01-10') });
  w.append('a.py', 3).append('b.py', 1);
  b.commit('C3', { author: BOB, date: at('2024-02-01') });
  w.move('b.py', 'pkg/b2.py').append('pkg/b2.py', 1).append('a.py', 1);
  b.commit('C4', { author: ALICE_WORK, date: at('2024-02-15') });
  for (let i = 0; i < 60; i++) b.write(`gen/f${String(i).padStart(2, '0')}.txt`, `data ${i}\n`);
  w.append('a.py', 1).append('pkg/b2.py', 1);
  b.commit('C5', { author: CAROL, date: at('2024-03-01') });

  const mainFiles: Files = new Map([...w.files].map(([k, v]) => [k, [...v]]));
  b.branch('side');
  w.prepend('a.py', '# side edit').append('c.py', 2);
  b.commit('S1', { author: BOB, date: at('2024-04-05') });
  const sideFiles = w.files;
  b.checkout('main');
  w.files = mainFiles;
  w.append('a.py', 1).append('pkg/b2.py', 1);
  b.commit('C6', { author: ALICE, date: at('2024-04-10') });
  gitSync(dir, ['merge', '-q', '--no-edit', '--no-ff', 'side'], {
    GIT_AUTHOR_NAME: ALICE.name,
    GIT_AUTHOR_EMAIL: ALICE.email,
    GIT_AUTHOR_DATE: at('2024-04-20'),
    GIT_COMMITTER_NAME: ALICE.name,
    GIT_COMMITTER_EMAIL: ALICE.email,
    GIT_COMMITTER_DATE: at('2024-04-20'),
  });
  w.files.set('a.py', ['# side edit', ...(w.files.get('a.py') ?? [])]);
  w.files.set('c.py', sideFiles.get('c.py') ?? []);

  w.append('a.py', 1).append('pkg/b2.py', 1).append('c.py', 1);
  b.commit('C7', { author: ALICE_WORK, date: at('2024-05-01') });
  w.append('c.py', 1);
  b.commit('C7b', { author: CAROL, date: at('2024-06-01') });
  w.append('c.py', 1);
  b.commit('C8', { author: BOB, date: at('2024-06-30') });
  return { dir, owner: 'acme', repo: name };
}
