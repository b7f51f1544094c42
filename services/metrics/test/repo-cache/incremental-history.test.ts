// Incremental history (issue 38) against the full pass, column by column, on one repository built
// commit by commit: renames, a side branch forked before an analysed commit and merged after it with
// parallel edits, a file moved with a new one at its old path, a `.mailmap`, and a force-push. Each
// analysed commit is read incrementally (reusing the earlier ones' segments) and in full, and every
// map the insights are made from must be equal.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { needTool } from '@app/kit/testing';
import { type HistoryRun, readGitHistory } from '../../src/pipeline/history/git-history.js';
import {
  type HistorySegment,
  type IncrementalResult,
  readHistoryIncremental,
  type SegmentHead,
  type SegmentStore,
} from '../../src/pipeline/history/incremental-history.js';
import {
  ALICE,
  type Author,
  BOB,
  CAROL,
  createFixtureBase,
  DAVE,
  type FixtureBase,
  gitSync,
  RepoBuilder,
} from '../fixtures-builder/build-repo.js';

const skip = needTool('git');

/** Segments in memory, as the database keeps them (gone ones simulate the pruner). */
class MemoryStore implements SegmentStore {
  readonly segs = new Map<string, HistorySegment & { mailmap: string }>();
  async heads(): Promise<SegmentHead[]> {
    return [...this.segs.values()].map((s) => ({
      commit_sha: s.commitSha,
      mailmap: s.mailmap,
      total: s.total,
    }));
  }
  async get(sha: string, mailmap: string): Promise<HistorySegment | null> {
    const s = this.segs.get(`${sha}|${mailmap}`);
    // A copy through JSON, as the database's payload is.
    return s ? (JSON.parse(JSON.stringify(s)) as HistorySegment) : null;
  }
  async put(seg: HistorySegment, mailmap: string): Promise<void> {
    this.segs.set(`${seg.commitSha}|${mailmap}`, { ...JSON.parse(JSON.stringify(seg)), mailmap });
  }
  async touch(): Promise<void> {}
}

const lines = (n: number, word = 'x'): string =>
  Array.from({ length: n }, (_, i) => `${word}${i} = ${i}\n`).join('');
let clock = 0;
// One commit a day from 2024-01-01; the 90-day window is crossed on purpose.
const next = (): string => new Date(Date.UTC(2024, 0, 1) + clock++ * 86_400_000 * 3).toISOString();

function mergeBranch(b: RepoBuilder, branch: string, author: Author): void {
  const date = next();
  gitSync(b.dir, ['merge', '-q', '--no-edit', '--no-ff', branch], {
    GIT_AUTHOR_NAME: author.name,
    GIT_AUTHOR_EMAIL: author.email,
    GIT_AUTHOR_DATE: date,
    GIT_COMMITTER_NAME: author.name,
    GIT_COMMITTER_EMAIL: author.email,
    GIT_COMMITTER_DATE: date,
  });
}

function append(b: RepoBuilder, path: string, text: string): RepoBuilder {
  const cur = gitSync(b.dir, ['show', `HEAD:${path}`]);
  return b.write(path, `${cur}\n${text}`);
}

/** Every column the history stage hands on, as plain comparable values. */
function columns(h: HistoryRun): unknown {
  return {
    available: h.available,
    commitsRead: h.commitsRead,
    headTime: h.headTime,
    files: [...h.files].sort(([a], [b]) => a.localeCompare(b)),
    churn: [...h.churn]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([p, c]) => [p, { ...c, author_lines: [...c.author_lines].sort() }]),
    revisions: [...(h.coupling?.revisions ?? [])].sort(),
    shared: [...(h.coupling?.shared ?? [])].sort(),
    names: [...h.names].sort(),
  };
}

/** The incremental pass at HEAD equals the full one; returns the incremental pass's reuse figures. */
async function analyse(
  dir: string,
  store: MemoryStore,
  compactAfter?: number,
): Promise<NonNullable<IncrementalResult['reuse']>> {
  const inc = await readHistoryIncremental(dir, store, compactAfter ? { compactAfter } : {});
  const full = await readGitHistory(dir);
  assert.deepEqual(columns(inc.history), columns(full), 'incremental == full');
  // The split log (two git processes) folds in another order: the same result again.
  assert.deepEqual(columns(await readGitHistory(dir, { parallelism: 2 })), columns(full));
  assert.ok(inc.reuse);
  return inc.reuse;
}

describe('incremental history equals the full pass', { skip }, () => {
  let base: FixtureBase;
  before(() => {
    base = createFixtureBase('metrics-incremental-');
  });
  after(() => base.cleanup());

  test('renames, a merge across an analysed commit, a move with a new file at the old path, .mailmap, force-push', async () => {
    const b = new RepoBuilder(`${base.dir}/acme/inc`);
    const store = new MemoryStore();
    const c = (author: Author, msg = 'edit') => b.commit(msg, { author, date: next() });

    b.write('.mailmap', 'Bob <bob@example.com> <bob@old.example.com>\n');
    b.write('pkg/core.py', lines(40)).write('pkg/util.py', lines(30, 'u')).write('README.md', 'hi\n');
    const first = c(ALICE, 'start');
    append(b, 'pkg/core.py', 'y = 1\n');
    c({ name: 'Bob', email: 'bob@old.example.com' });
    // X1: the first analysed commit, a full pass.
    let reuse = await analyse(b.dir, store);
    assert.equal(reuse.mode, 'full');
    assert.equal(reuse.reason, 'first_analysis');
    assert.equal(reuse.commits_walked, 2);
    const x1 = b.head();

    // A side branch forked before X1, edited in parallel with main.
    gitSync(b.dir, ['checkout', '-q', '-b', 'side', first]);
    append(b, 'pkg/util.py', 'side = 1\n');
    c(CAROL);
    b.checkout('main');
    // The same commit again: nothing walked, everything reused.
    reuse = await analyse(b.dir, store);
    assert.deepEqual(reuse, {
      mode: 'incremental',
      base_commit: x1,
      commits_walked: 0,
      commits_reused: 2,
      reason: null,
    });

    // Rename on main while the side branch edits the old name; then merge.
    b.move('pkg/util.py', 'pkg/helpers.py');
    c(BOB, 'rename util');
    append(b, 'pkg/core.py', 'z = 2\n');
    c(DAVE);
    // X2 analysed before the merge: the side branch's fork point is X1's ancestor, its tip is not.
    reuse = await analyse(b.dir, store);
    assert.equal(reuse.mode, 'incremental');
    assert.equal(reuse.commits_walked, 2);
    b.checkout('side');
    append(b, 'pkg/util.py', 'side2 = 2\n');
    c({ name: 'Bob', email: 'bob@old.example.com' });
    b.checkout('main');
    mergeBranch(b, 'side', ALICE);
    // Moved with a new file at its old path in one commit (break detection pairs the move).
    b.move('pkg/core.py', 'pkg/engine.py');
    b.write('pkg/core.py', 'new = 1\n');
    c(CAROL, 'move core, new core');
    append(b, 'pkg/engine.py', 'after = 3\n');
    c(ALICE);
    reuse = await analyse(b.dir, store);
    assert.equal(reuse.mode, 'incremental');
    // side (2) + merge + move + edit, the two commits since X2 on main counted once.
    assert.equal(reuse.commits_walked, 5);
    assert.equal(reuse.commits_reused, 4);
    const beforeRewrite = b.head();

    // .mailmap changed: authors read through another mapping, so nothing is reused, and it says why.
    b.write(
      '.mailmap',
      'Bob <bob@example.com> <bob@old.example.com>\nCarol <carol@example.com> <dave@example.com>\n',
    );
    c(DAVE, 'mailmap');
    reuse = await analyse(b.dir, store);
    assert.equal(reuse.mode, 'full');
    assert.equal(reuse.reason, 'mailmap_changed');
    // ... and the next commit under the new mailmap reuses that full pass.
    append(b, 'pkg/helpers.py', 'm = 1\n');
    c(BOB);
    reuse = await analyse(b.dir, store);
    assert.equal(reuse.mode, 'incremental');
    assert.equal(reuse.commits_walked, 1);

    // Force-push: main rewritten from the first commit on; no analysed commit is an ancestor.
    gitSync(b.dir, ['reset', '-q', '--hard', first]);
    b.write('pkg/other.py', lines(12, 'o'));
    c(DAVE, 'rewritten');
    reuse = await analyse(b.dir, store);
    assert.equal(reuse.mode, 'full');
    assert.equal(reuse.reason, 'not_an_ancestor');
    assert.equal(reuse.base_commit, null);

    // Back on the old line (the branch pushed back): the chain is still there and is used.
    gitSync(b.dir, ['reset', '-q', '--hard', beforeRewrite]);
    append(b, 'pkg/engine.py', 'back = 4\n');
    c(CAROL);
    reuse = await analyse(b.dir, store);
    assert.equal(reuse.mode, 'incremental');
    assert.equal(reuse.base_commit, beforeRewrite);

    // A pruned segment breaks the chains through it: a full pass, saying so.
    store.segs.delete(`${x1}|${[...store.segs.values()].find((s) => s.commitSha === x1)!.mailmap}`);
    append(b, 'pkg/engine.py', 'pruned = 5\n');
    c(ALICE);
    reuse = await analyse(b.dir, store);
    assert.equal(reuse.mode, 'full');
    assert.equal(reuse.reason, 'chain_incomplete');
  });

  test('a generated history (edits, renames, deletions, branches merged late), analysed at several points', async () => {
    const b = new RepoBuilder(`${base.dir}/acme/random`);
    const store = new MemoryStore();
    let seed = 38;
    const rand = (n: number): number => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const people = [ALICE, BOB, CAROL, DAVE];
    const files: string[] = [];
    let made = 0;
    const create = (): void => {
      const p = `m${rand(3)}/f${made++}.py`;
      b.write(p, lines(10 + rand(30), `v${made}`));
      files.push(p);
    };
    for (let i = 0; i < 6; i++) create();
    b.commit('start', { author: ALICE, date: next() });
    const marks: string[] = [b.head()];
    const walked: number[] = [];
    for (let step = 1; step <= 48; step++) {
      const op = rand(10);
      if (op < 5 || files.length < 4) {
        const p = files[rand(files.length)]!;
        append(b, p, `s${step} = ${step}\n`);
      } else if (op < 7) {
        const k = rand(files.length);
        const to = `m${rand(3)}/r${step}.py`;
        b.move(files[k]!, to);
        files[k] = to;
      } else if (op < 8) {
        b.remove(files.splice(rand(files.length), 1)[0]!);
      } else {
        create();
      }
      b.commit(`step ${step}`, { author: people[rand(4)]!, date: next() });
      if (step % 12 === 6) {
        // A branch from an earlier mark, merged at the next checkpoint: forks before analysed commits.
        const from = marks[rand(marks.length)]!;
        gitSync(b.dir, ['checkout', '-q', '-b', `side${step}`, from]);
        b.write(`side/s${step}.py`, lines(8, `side${step}`));
        b.commit('side work', { author: people[rand(4)]!, date: next() });
        b.write(`side/s${step}.py`, lines(12, `side${step}`));
        b.commit('side more', { author: people[rand(4)]!, date: next() });
        b.checkout('main');
      }
      if (step % 12 === 0) {
        mergeBranch(b, `side${step - 6}`, people[rand(4)]!);
        // Chains compacted from two segments on: a compacted segment must replay the same.
        const reuse = await analyse(b.dir, store, 2);
        walked.push(reuse.commits_walked);
        marks.push(b.head());
      }
    }
    // The first checkpoint walks everything; each later one only what came since (12 + side 2 + merge).
    assert.equal(walked[0], 16);
    assert.deepEqual(walked.slice(1), [15, 15, 15]);
    // The third checkpoint found a chain of two and compacted: its segment reaches the root by
    // itself, and the fourth continues from it.
    const third = [...store.segs.values()].find((x) => x.commitSha === marks.at(-2));
    assert.equal(third?.baseSha, null);
    assert.equal(third?.commits.length, third?.total);
    const fourth = [...store.segs.values()].find((x) => x.commitSha === marks.at(-1));
    assert.equal(fourth?.baseSha, marks.at(-2));
  });
});
