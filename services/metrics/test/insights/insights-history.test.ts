// History insights from one git pass over a repository built commit by commit (insights-fixture.ts):
// a file renamed while coupled, a merge with parallel edits, a .mailmap merging two e-mails, a
// 62-path commit left out of coupling, a shallow clone. Every number below is worked out by hand.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { needTool } from '@app/kit/testing';
import type { FileAnalysis, FunctionMetrics } from '@app/pyscan';
import { readGitHistory } from '../../src/pipeline/history/git-history.js';
import { ageDistribution, ageMonths } from '../../src/pipeline/insights/code-age.js';
import { computeInsights } from '../../src/pipeline/insights/compute-insights.js';
import { couplingPairs } from '../../src/pipeline/insights/coupling.js';
import { busFactor, fileKnowledge } from '../../src/pipeline/insights/knowledge.js';
import {
  ALICE as ALICE_AUTHOR,
  BOB as BOB_AUTHOR,
  createFixtureBase,
  type FixtureBase,
  gitSync,
  RepoBuilder,
} from '../fixtures-builder/build-repo.js';
import { buildInsightsRepo, type InsightsRepo } from './insights-fixture.js';

const skip = needTool('git');
const PATHS = ['a.py', 'pkg/b2.py', 'c.py'];
const ALICE = 'alice@example.com';
const BOB = 'bob@example.com';
const CAROL = 'carol@example.com';

// pyscan's view of the fixture's functions (the API test checks the real analyser agrees).
function analysis(path: string, fns: [string, number, number][]): FileAnalysis {
  const functions = fns.map(
    ([name, complexity, cognitive]) =>
      ({ path, class: '', name, lineno: 1, complexity, cognitive }) as FunctionMetrics,
  );
  return { file: { path } as FileAnalysis['file'], classes: [], functions };
}
const ANALYSES = [
  analysis('a.py', [['f', 2, 1]]),
  analysis('pkg/b2.py', [['g', 3, 2]]),
  analysis('c.py', [['h', 1, 0]]),
];

describe('history insights from one pass', { skip }, () => {
  let base: FixtureBase;
  let repo: InsightsRepo;
  before(() => {
    base = createFixtureBase();
    repo = buildInsightsRepo(base);
  });
  after(() => base.cleanup());

  for (const parallelism of [1, 2] as const) {
    test(`churn, recency, authors and coupling counts (parallelism ${parallelism})`, async () => {
      const h = await readGitHistory(repo.dir, { parallelism, paths: PATHS });
      assert.equal(h.available, true);
      // C1..C5, S1, C6, the merge, C7, C7b, C8.
      assert.equal(h.commitsRead, 11);
      assert.equal(h.headTime, Date.parse('2024-06-30T00:00:00Z') / 1000);
      // a.py: C1 +10, C2 +2, C3 +3, C4 +1, C5 +1, S1 +1 (side branch), C6 +1, C7 +1: 8 commits, 20
      // lines; the window starts 2024-04-01 (90 days before 2024-06-30): S1, C6, C7.
      // Alice: 10+2+1(C4, work address)+1+1(C7, work address) = 15, Bob 3+1 = 4, Carol 1.
      const a = h.churn.get('a.py');
      assert.deepEqual(a, {
        revisions_recent: 3,
        churn: 20,
        churn_recent: 3,
        last_time: Date.parse('2024-05-01T00:00:00Z') / 1000,
        author_lines: new Map([
          [ALICE, 15],
          [BOB, 4],
          [CAROL, 1],
        ]),
      });
      assert.equal(h.files.get('a.py')?.revisions, 8);
      assert.equal(h.files.get('a.py')?.authors, 3, '.mailmap: two addresses, one person');
      // pkg/b2.py, b.py until C4: C1 +10, C2 +2, C3 +1 (Bob), C4 +1 rename, C5 +1 (Carol), C6 +1, C7 +1.
      assert.deepEqual(h.churn.get('pkg/b2.py'), {
        revisions_recent: 2,
        churn: 17,
        churn_recent: 2,
        last_time: Date.parse('2024-05-01T00:00:00Z') / 1000,
        author_lines: new Map([
          [ALICE, 15],
          [CAROL, 1],
          [BOB, 1],
        ]),
      });
      assert.equal(h.files.get('pkg/b2.py')?.revisions, 7);
      // c.py: C1 +4 (Alice), S1 +2 (Bob), C7 +1 (Alice), C7b +1 (Carol), C8 +1 (Bob).
      const c = h.churn.get('c.py');
      assert.equal(c?.churn, 9);
      assert.equal(c?.revisions_recent, 4);
      assert.equal(c?.churn_recent, 5);
      assert.deepEqual(Object.fromEntries(c?.author_lines ?? []), { [ALICE]: 5, [BOB]: 3, [CAROL]: 1 });
      // Coupling leaves out C5 (62 paths): a.py C1 C2 C3 C4 S1 C6 C7 = 7; b2 C1 C2 C3 C4 C6 C7 = 6
      // (C1-C3 under its old name); c.py C1 S1 C7 C7b C8 = 5.
      assert.deepEqual(Object.fromEntries(h.coupling?.revisions ?? []), {
        'a.py': 7,
        'pkg/b2.py': 6,
        'c.py': 5,
      });
      assert.deepEqual(Object.fromEntries(h.coupling?.shared ?? []), {
        'a.py\0pkg/b2.py': 6,
        'a.py\0c.py': 3,
        'c.py\0pkg/b2.py': 2,
      });
      // The newest commit's spelling; Alice's work address is Alice after .mailmap.
      assert.deepEqual(Object.fromEntries(h.names), { [ALICE]: 'Alice', [BOB]: 'Bob', [CAROL]: 'Carol' });
    });
  }

  test('hotspots, coupling pairs, knowledge and code age of the run', async () => {
    const h = await readGitHistory(repo.dir, { paths: PATHS });
    const r = computeInsights(ANALYSES, h);
    assert.deepEqual(r.state, { available: true, reason: null, commits_read: 11 });
    // max revisions 8 (a.py), max cc 3 (b2), max cognitive 2 (b2).
    const a = r.files.get('a.py');
    assert.equal(a?.hotspot_score, (8 / 8) * (2 / 3));
    assert.equal(a?.hotspot_score_cognitive, (8 / 8) * (1 / 2));
    assert.equal(r.files.get('pkg/b2.py')?.hotspot_score, (7 / 8) * (3 / 3));
    assert.equal(r.files.get('c.py')?.hotspot_score, (5 / 8) * (1 / 3));
    assert.equal(r.files.get('c.py')?.hotspot_score_cognitive, 0);
    // ab: 6 / ((7 + 6) / 2) = 92.31 %; ac: 3 / ((7 + 5) / 2) = 50 %; bc: 2 shared < 3.
    assert.deepEqual(r.pairs, [
      {
        path_a: 'a.py',
        path_b: 'pkg/b2.py',
        shared_commits: 6,
        degree: 92.3,
        revisions_a: 7,
        revisions_b: 6,
      },
      { path_a: 'a.py', path_b: 'c.py', shared_commits: 3, degree: 50, revisions_a: 7, revisions_b: 5 },
    ]);
    // a.py: Alice 15/20 = 0.75, Bob 0.2, Carol 0.05 → 2 know it. b2: Alice 15/17, Bob and Carol 1/17.
    // c.py: Alice 5/9, Bob 3/9, Carol 1/9 ≥ 0.1 → 3.
    assert.equal(a?.main_author_email, ALICE);
    assert.equal(a?.main_author_name, 'Alice');
    assert.equal(a?.main_author_share, 0.75);
    assert.equal(a?.knowledgeable_authors, 2);
    assert.equal(r.files.get('pkg/b2.py')?.main_author_share, 15 / 17);
    assert.equal(r.files.get('pkg/b2.py')?.knowledgeable_authors, 1);
    assert.equal(r.files.get('c.py')?.main_author_share, 5 / 9);
    assert.equal(r.files.get('c.py')?.knowledgeable_authors, 3);
    // Greedy: Alice knows 3 files → gone, b2 orphaned (1 of 3, not more than half); Bob knows a and c
    // → gone, a orphaned (2 of 3). pkg holds b2 alone: Alice → 1.
    assert.equal(r.bus_factor, 2);
    assert.equal(r.authors_total, 3);
    assert.deepEqual(r.folders, [
      { path: '', bus_factor: 2, files: 3 },
      { path: 'pkg', bus_factor: 1, files: 1 },
    ]);
    // Last changes: a and b2 2024-05-01 (60 days = 1.97 months → 1), c 2024-06-30 (0).
    assert.deepEqual(
      PATHS.map((p) => r.files.get(p)?.age_months),
      [1, 1, 0],
    );
    assert.equal(r.files.get('c.py')?.last_changed, Date.parse('2024-06-30T00:00:00Z'));
    assert.equal(r.files.get('a.py')?.churn_90d, 3);
    assert.equal(r.files.get('a.py')?.revisions_90d, 3);
    assert.equal(r.shares.length, 9);
  });

  test('a side branch editing the old name of a file renamed on main stays coupled to it', async () => {
    const b = new RepoBuilder(`${base.dir}/side-rename`);
    const text = (name: string, n: number) =>
      `${Array.from({ length: n }, (_, i) => `${name}${i} = ${i}`).join('\n')}\n`;
    const day = (d: number) => `2024-02-0${d}T00:00:00Z`;
    b.write('x.py', text('x', 5))
      .write('y.py', text('y', 5))
      .commit('R1', { author: ALICE_AUTHOR, date: day(1) });
    b.branch('side').checkout('main');
    b.move('y.py', 'z.py').commit('R2 rename', { author: ALICE_AUTHOR, date: day(2) });
    b.checkout('side');
    for (let i = 1; i <= 3; i++) {
      b.write('x.py', text('x', 5 + i)).write('y.py', text('y', 5 + i));
      b.commit(`S${i}`, { author: BOB_AUTHOR, date: day(2 + i) });
    }
    b.checkout('main');
    gitSync(b.dir, ['merge', '-q', '--no-edit', '--no-ff', 'side'], {
      GIT_AUTHOR_NAME: 'A',
      GIT_AUTHOR_EMAIL: 'a@x',
      GIT_AUTHOR_DATE: day(6),
      GIT_COMMITTER_NAME: 'A',
      GIT_COMMITTER_EMAIL: 'a@x',
      GIT_COMMITTER_DATE: day(6),
    });
    for (let i = 1; i <= 2; i++) {
      b.write('x.py', text('x', 8 + i)).write('z.py', text('y', 8 + i));
      b.commit(`R${2 + i}`, { author: ALICE_AUTHOR, date: day(6 + i) });
    }
    for (const parallelism of [1, 2] as const) {
      const h = await readGitHistory(b.dir, { parallelism });
      // x: R1, S1-S3, R3, R4 = 6; z: R1 (as y), R2, S1-S3 (as y, on the side branch), R3, R4 = 7;
      // together: R1, S1-S3, R3, R4 = 6 → 6 / 6.5 = 92.3 %.
      assert.deepEqual(
        Object.fromEntries(h.coupling?.revisions ?? []),
        { 'x.py': 6, 'z.py': 7 },
        `p${parallelism}`,
      );
      assert.deepEqual(Object.fromEntries(h.coupling?.shared ?? []), { 'x.py\0z.py': 6 }, `p${parallelism}`);
      assert.equal(h.churn.get('z.py')?.churn, 5 + 3 + 2);
    }
  });

  test('a shallow clone has no history: every insight says so', async () => {
    const dir = `${base.dir}/shallow`;
    gitSync(base.dir, ['clone', '-q', '--depth', '1', `file://${repo.dir}`, dir]);
    const h = await readGitHistory(dir, { paths: PATHS });
    assert.equal(h.available, false);
    assert.equal(h.files.size, 0);
    const r = computeInsights(ANALYSES, h);
    assert.deepEqual(r.state, { available: false, reason: 'shallow_clone', commits_read: 0 });
    assert.deepEqual([r.pairs, r.shares, r.folders], [[], [], []]);
    assert.equal(r.files.get('a.py')?.hotspot_score, null);
    assert.equal(r.files.get('a.py')?.complexity_sum, 2);
    assert.equal(computeInsights(ANALYSES, null).state.reason, 'history_disabled');
  });
});

describe('insight rules', () => {
  test('coupling thresholds: revisions ≥ 5 on both sides, shared ≥ 3, degree ≥ 30 % before rounding', () => {
    const revisions = new Map([
      ['a', 10],
      ['b', 10],
      ['c', 4],
      ['d', 20],
    ]);
    const shared = new Map([
      ['a\0b', 3], // 3 / 10 = 30 % → kept
      ['a\0c', 4], // c has 4 revisions → out
      ['a\0d', 4], // 4 / 15 = 26.7 % → out
      ['b\0d', 2], // 2 shared → out
    ]);
    assert.deepEqual(couplingPairs({ revisions, shared }), [
      { path_a: 'a', path_b: 'b', shared_commits: 3, degree: 30, revisions_a: 10, revisions_b: 10 },
    ]);
  });

  test('knowledge: ties go to the smaller e-mail; no lines, no main author', () => {
    const k = fileKnowledge(
      'x.py',
      new Map([
        ['z@x', 5],
        ['a@x', 5],
        ['m@x', 1],
      ]),
    );
    assert.equal(k.main, 'a@x');
    assert.equal(k.share, 5 / 11);
    assert.deepEqual(k.knowers, ['a@x', 'z@x']);
    assert.deepEqual(fileKnowledge('bin.py', new Map([['a@x', 0]])), {
      path: 'bin.py',
      main: null,
      share: 0,
      knowers: [],
      authors: 1,
    });
  });

  test('bus factor: greedy removal until more than half of the files have nobody who knows them', () => {
    const f = (path: string, knowers: string[]) => ({
      path,
      main: knowers[0]!,
      share: 1,
      knowers,
      authors: 1,
    });
    // 4 files: removing x orphans 2 (not more than half); then y orphans the third → 2.
    assert.equal(busFactor([f('1', ['x']), f('2', ['x']), f('3', ['y']), f('4', ['z'])]), 2);
    assert.equal(busFactor([f('1', ['x']), f('2', ['x']), f('3', ['y'])]), 1);
    assert.equal(busFactor([]), 0);
  });

  test('code age: whole months of 30.44 days, in the contract buckets', () => {
    const day = 86_400;
    assert.equal(ageMonths(100 * day, 100 * day - 30 * day), 0);
    assert.equal(ageMonths(100 * day, 100 * day - 31 * day), 1);
    assert.equal(ageMonths(0, 10 * day), 0, 'a change dated after the head is age 0');
    assert.deepEqual(ageDistribution([0, 1, 2, 3, 6, 11, 12, 23, 24, 100]), [
      { label: '<1 month', files: 1 },
      { label: '1-3 months', files: 2 },
      { label: '3-6 months', files: 1 },
      { label: '6-12 months', files: 2 },
      { label: '1-2 years', files: 2 },
      { label: '>2 years', files: 2 },
    ]);
  });
});
