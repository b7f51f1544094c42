// kill -9 of the service while its git fetches into a mirror (issue 38): the next start kills the
// orphaned git, takes the run over, takes the dead worker's lease on the mirror at once, finds the
// interrupted fetch's marker, checks the mirror and fetches again; the run ends done, nothing locked.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { freePort, needTool, processRunning, runService, type ServiceProcess } from '@app/kit/testing';
import { FETCHING_MARK, mirrorPaths } from '../../src/pipeline/repo-cache/mirror-paths.js';
import { cloneUrlFor } from '../../src/shared-types/repo-validate.js';
import { ALICE, createFixtureBase, type FixtureBase, RepoBuilder } from '../fixtures-builder/build-repo.js';
import { writeHangingGit } from '../helpers/hanging-git.js';
import { json, postAnalysis, waitFinished } from '../helpers/service.js';

const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
const noGit = needTool('git');

let base: FixtureBase;
let work: string;
let fakeGitDir: string;
let repo: RepoBuilder;

before(() => {
  base = createFixtureBase();
  repo = new RepoBuilder(join(base.dir, 'acme', 'mirrored'));
  repo
    .write('a.py', 'def f():\n    return 1\n')
    .commit('start', { author: ALICE, date: '2024-01-01T00:00:00Z' });
  work = mkdtempSync(join(tmpdir(), 'metrics-kill-fetch-'));
  // A `git` first on the service's PATH whose `fetch` hangs while the file `hang` exists.
  fakeGitDir = writeHangingGit(work, 'fetch', join(work, 'hang'));
});
after(() => {
  const pids = join(work, 'git-pids');
  for (const pid of existsSync(pids) ? readFileSync(pids, 'utf8').split('\n').filter(Boolean) : []) {
    try {
      process.kill(Number(pid), 'SIGKILL');
    } catch {
      // already gone
    }
  }
  rmSync(work, { recursive: true, force: true });
  base.cleanup();
});

async function waitUntil<T>(what: string, probe: () => T | undefined, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('a service killed while fetching into a mirror', { skip: noGit }, () => {
  test('the next start takes the run and the mirror over; the run ends done and the mirror unlocked', async () => {
    const dataDir = join(work, 'data');
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const start = (): ServiceProcess =>
      runService(MAIN, {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        GITHUB_BASE_URL: base.baseUrl,
        LOG_LEVEL: 'warn',
        ANALYSIS_THREADS: '1',
        POLL_INTERVAL_MS: '200',
        CLONE_SHALLOW: 'false',
        PYLINT_ENABLED: 'false',
        PATH: `${fakeGitDir}:${process.env.PATH}`,
      });
    const body = { repo_url: 'https://github.com/acme/mirrored' };
    let first: ServiceProcess | undefined = start();
    let second: ServiceProcess | undefined;
    try {
      const healthy = async (): Promise<void> => {
        for (;;) {
          if (
            await fetch(`${url}/api/health`).then(
              (r) => r.ok,
              () => false,
            )
          )
            return;
          await new Promise((r) => setTimeout(r, 100));
        }
      };
      await healthy();
      const made = await json(await postAnalysis(url, body));
      assert.equal((await waitFinished(url, made.body.id as number)).status, 'done');

      // A new commit, and the next fetch hangs inside the mirror: kill -9 the service there.
      repo
        .write('a.py', 'def f():\n    return 2\n')
        .commit('two', { author: ALICE, date: '2024-01-02T00:00:00Z' });
      writeFileSync(join(work, 'hang'), '');
      const run = await json(await postAnalysis(url, body));
      const id = run.body.id as number;
      const mirror = mirrorPaths(join(dataDir, 'repo-cache'), cloneUrlFor('acme', 'mirrored', base.baseUrl));
      await waitUntil('the hanging fetch', () => (existsSync(join(work, 'git-pids')) ? true : undefined));
      assert.ok(existsSync(join(mirror.dir, FETCHING_MARK)), 'the fetch runs in the mirror');
      first.child.kill('SIGKILL');
      await first.exited;
      first = undefined;

      rmSync(join(work, 'hang'));
      second = start();
      await healthy();
      const done = await waitFinished(url, id);
      assert.equal(done.status, 'done', JSON.stringify(done.error));
      const cache = done.cache as {
        repo_cache: { action: string };
        git_history: { mode: string; commits_walked: number };
      };
      assert.equal(cache.repo_cache.action, 'updated');
      assert.deepEqual([cache.git_history.mode, cache.git_history.commits_walked], ['incremental', 1]);
      assert.equal(existsSync(join(mirror.dir, FETCHING_MARK)), false);
      // The orphaned git was killed by the second start (gone, or a zombie where pid 1 does not reap).
      const pid = Number(readFileSync(join(work, 'git-pids'), 'utf8').trim());
      await waitUntil(
        'the orphaned git to be killed',
        () => (processRunning(pid) ? undefined : true),
        20_000,
      );
    } finally {
      first?.child.kill('SIGKILL');
      await second?.stop();
    }
  });
});
