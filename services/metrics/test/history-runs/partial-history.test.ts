// History runs start from a shallow clone and fetch only what they read: the history's commits, the
// picked commits' trees, and the Python contents of those commits (never a docs page, never a version
// only a skipped commit holds), in single requests; a server that does not filter sends everything
// and the run is the same. A history whose contents pass MAX_REPO_SIZE_MB fails the run with
// repo_too_large, and the outputs its analysed commit had already written go with it.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { needTool, testDatabases } from '@app/kit/testing';
import { type Prefetched, prefetchHistory } from '../../src/history-runs/prefetch.js';
import { evenlySpaced } from '../../src/history-runs/select-commits.js';
import { cloneRepo, removeScratch } from '../../src/pipeline/repo/clone.js';
import {
  ALICE,
  createFixtureBase,
  type FixtureBase,
  gitSync,
  RepoBuilder,
} from '../fixtures-builder/build-repo.js';
import { type FixtureService, startFixtureService } from '../helpers/fixture-service.js';
import { json, postAnalysis, waitFinished } from '../helpers/service.js';

const skipGit = needTool('git');
const RULES = { skipTests: true, maxFiles: 1000, maxFileBytes: 1_000_000, exclude: () => false };

/** Twelve commits: a.py changes in every one, b.py in every third, README.md (docs) in every one. */
function buildLine(base: FixtureBase, repo: string): string {
  const b = new RepoBuilder(`${base.dir}/acme/${repo}`);
  for (let i = 0; i < 12; i++) {
    b.write('a.py', `def f(x):\n    return x + ${i}\n`).write('README.md', `# version ${i}\n`);
    if (i % 3 === 0) b.write('pkg/b.py', `def g(y):\n    if y:\n        return ${i}\n    return 0\n`);
    b.commit(`c${i}`, { author: ALICE, date: `2024-01-${String(i + 1).padStart(2, '0')}T00:00:00Z` });
  }
  return b.dir;
}

/** Blob ids of a commit's files, by path. */
function blobsOf(dir: string, rev: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of gitSync(dir, ['ls-tree', '-r', rev]).split('\n').filter(Boolean)) {
    const [meta = '', path = ''] = line.split('\t');
    out.set(path, meta.split(' ')[2] ?? '');
  }
  return out;
}

/** Blob ids the clone holds itself (not fetched on demand). */
function localBlobs(dir: string): Set<string> {
  const listed = gitSync(dir, [
    'cat-file',
    '--batch-all-objects',
    '--batch-check=%(objectname) %(objecttype)',
  ]);
  return new Set(
    listed
      .split('\n')
      .filter((l) => l.endsWith(' blob'))
      .map((l) => l.split(' ')[0] ?? ''),
  );
}

/** The prefetch picked `n` evenly spaced earlier commits of `dir`'s first-parent line and fetched without error; the line. */
function assertPicked(dir: string, got: Prefetched, n: number): string[] {
  const line = gitSync(dir, ['rev-list', '--first-parent', 'HEAD']).split('\n').filter(Boolean);
  assert.deepEqual(
    got.commits.map((c) => c.sha),
    evenlySpaced(line.slice(1), n),
  );
  assert.equal(got.fetchError, null);
  return line;
}

describe('history runs from a shallow clone', { skip: skipGit }, () => {
  let base: FixtureBase;
  let source: string;
  let plain: string;
  before(() => {
    base = createFixtureBase();
    source = buildLine(base, 'line');
    plain = buildLine(base, 'plain');
    // A server that does not filter: clones always bring every content.
    gitSync(plain, ['config', 'uploadpack.allowFilter', 'false']);
  });
  after(() => base?.cleanup());

  const prefetchFrom = async (repo: string, commits: number) => {
    const clone = await cloneRepo({ url: `${base.baseUrl}/acme/${repo}`, shallow: true, maxSizeMb: 0 });
    const got = await prefetchHistory({
      dir: clone.dir,
      url: `${base.baseUrl}/acme/${repo}`,
      sha: clone.commitSha,
      shallow: true,
      spec: { commits, since: null },
      rules: RULES,
      limits: { signal: new AbortController().signal, timeoutMs: 60_000, maxSizeMb: 0 },
    });
    return { clone, got };
  };

  test('fetches the picked commits and their Python contents only', async () => {
    const { clone, got } = await prefetchFrom('line', 4);
    try {
      const line = assertPicked(source, got, 4);
      const head = blobsOf(source, 'HEAD');
      const picked = got.commits.map((c) => blobsOf(source, c.sha));
      const python = new Set(
        picked.flatMap((m) => [...m].filter(([p]) => p.endsWith('.py')).map(([, o]) => o)),
      );
      const headOids = new Set(head.values());
      assert.equal(got.fetched, [...python].filter((o) => !headOids.has(o)).length);
      assert.ok(got.fetched > 0);
      // Present: HEAD's files and the picked commits' Python files; absent: their docs pages, and
      // the versions of a.py only skipped commits hold.
      assert.deepEqual(localBlobs(clone.dir), new Set([...headOids, ...python]));
      const skipped = line.slice(1).filter((sha) => !got.commits.some((c) => c.sha === sha));
      assert.ok(skipped.length > 0);
      for (const sha of skipped)
        assert.ok(!localBlobs(clone.dir).has(blobsOf(source, sha).get('a.py') ?? ''));
      for (const m of picked) assert.ok(!localBlobs(clone.dir).has(m.get('README.md') ?? ''));
    } finally {
      await removeScratch(clone.dir);
    }
  });

  test('a server that does not filter sends everything: the same commits are picked', async () => {
    const { clone, got } = await prefetchFrom('plain', 4);
    try {
      const line = assertPicked(plain, got, 4);
      const everyVersion = new Set(line.flatMap((sha) => [...blobsOf(plain, sha).values()]));
      assert.deepEqual(localBlobs(clone.dir), everyVersion);
    } finally {
      await removeScratch(clone.dir);
    }
  });
});

for (const t of (await testDatabases()).filter((d) => d.name === 'sqlite')) {
  describe('a history over MAX_REPO_SIZE_MB', { skip: skipGit || t.skip }, () => {
    let fx: FixtureService;
    before(async () => {
      fx = await startFixtureService(
        t,
        (b) => {
          const r = new RepoBuilder(`${b.dir}/acme/heavy`);
          // 3 MB of Python in the first commit only: HEAD is small, its history is not.
          r.write('big.py', `BLOB = "${randomBytes(1_500_000).toString('hex')}"\n`).write('a.py', 'A = 1\n');
          r.commit('big', { author: ALICE, date: '2024-01-01T00:00:00Z' });
          r.remove('big.py').write('a.py', 'A = 2\n');
          r.commit('small', { author: ALICE, date: '2024-02-01T00:00:00Z' });
        },
        { PYLINT_ENABLED: 'false', MAX_REPO_SIZE_MB: '1' },
      );
    });
    after(async () => fx?.close());

    test('fails with repo_too_large and leaves no outputs, rows or per-commit runs', async () => {
      const posted = await json(
        await postAnalysis(fx.svc.url, {
          repo_url: 'https://github.com/acme/heavy',
          history: { commits: 5 },
        }),
      );
      assert.equal(posted.status, 202, JSON.stringify(posted.body));
      const id = posted.body.id as number;
      const done = await waitFinished(fx.svc.url, id);
      assert.equal(done.status, 'failed');
      assert.equal((done.error as { code: string }).code, 'repo_too_large');
      assert.match(
        (done.error as { message: string }).message,
        /history takes .* MB on disk, over the cap of 1 MB/,
      );
      const db = fx.svc.server.ctx.db;
      const rows = await db.selectFrom('file_metrics').select('id').where('analysis_id', '=', id).execute();
      assert.equal(rows.length, 0);
      const children = await db
        .selectFrom('analyses')
        .select('id')
        .where('history_parent_id', '=', id)
        .execute();
      assert.equal(children.length, 0);
      let outputs: string[] = [];
      try {
        outputs = readdirSync(fx.svc.server.ctx.config.outputsDir);
      } catch {
        // No outputs folder at all: nothing was left.
      }
      assert.deepEqual(outputs, []);
    });
  });
}
