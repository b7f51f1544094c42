import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { freePort, processRunning, runService, type ServiceProcess } from '@app/kit/testing';
import { createFixtureBase, type FixtureBase } from '../fixtures-builder/build-repo.js';
import { writeHangingGit } from '../helpers/hanging-git.js';
import { writeHangingPylint } from '../helpers/hanging-pylint.js';
import { json, postAnalysis } from '../helpers/service.js';
import { buildSmallRepo } from '../helpers/small-repo.js';

// The real service as a process, `kill -9`ed while a git or pylint child works: those children run
// in their own process groups, so nothing kills them with the service; the next start must.
const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));

let base: FixtureBase;
let work: string;
let slowPylint: string;
let fakeGitDir: string;

before(() => {
  base = createFixtureBase();
  buildSmallRepo(base);
  work = mkdtempSync(join(tmpdir(), 'metrics-orphans-'));
  // Both fakes record their pid and become a long sleep (exec keeps the pid, so the pid is the sleeper).
  slowPylint = writeHangingPylint(work);
  // A `git` first on the service's PATH whose `clone` hangs; everything else goes to the real git.
  fakeGitDir = writeHangingGit(work, 'clone');
});
after(() => {
  for (const f of ['pylint-pids', 'git-pids']) {
    for (const pid of pidsIn(f)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
  rmSync(work, { recursive: true, force: true });
  base.cleanup();
});

function pidsIn(file: string): number[] {
  const p = join(work, file);
  return existsSync(p) ? readFileSync(p, 'utf8').split('\n').filter(Boolean).map(Number) : [];
}

const alive = processRunning;

async function waitUntil<T>(
  what: string,
  probe: () => T | undefined | Promise<T | undefined>,
  ms = 30_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await Promise.resolve()
      .then(probe)
      .catch(() => undefined);
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function start(dataDir: string, port: number, env: Record<string, string>): ServiceProcess {
  return runService(MAIN, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    GITHUB_BASE_URL: base.baseUrl,
    LOG_LEVEL: 'warn',
    ANALYSIS_THREADS: '1',
    PYLINT_JOBS: '1',
    POLL_INTERVAL_MS: '200',
    ...env,
  });
}

const healthy = (url: string) =>
  waitUntil('health', async () => ((await fetch(`${url}/api/health`)).ok ? true : undefined));

for (const kind of ['pylint', 'git'] as const) {
  describe(`${kind} children of a killed service`, () => {
    test('are killed by the next start of the service', async () => {
      const dataDir = join(work, `data-${kind}`);
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const env: Record<string, string> =
        kind === 'pylint'
          ? { PYLINT_COMMAND: slowPylint }
          : { PYLINT_ENABLED: 'false', PATH: `${fakeGitDir}:${process.env.PATH}` };
      const first = start(dataDir, port, env);
      let second: ServiceProcess | undefined;
      try {
        await healthy(url);
        const created = await json(await postAnalysis(url, { repo_url: 'https://github.com/acme/small' }));
        const id = created.body.id as number;
        const pids = await waitUntil(`the ${kind} child`, () => {
          const p = pidsIn(`${kind}-pids`);
          return p.length > 0 ? p : undefined;
        });
        // The child can write its pid before the service has recorded its group (the record follows
        // the spawn in the same tick, but a loaded machine may run the child first): wait for it.
        await waitUntil(`the record of the ${kind} child`, () =>
          pids.every((pid) => existsSync(join(dataDir, 'child-groups', `${pid}.json`))) ? true : undefined,
        );
        first.child.kill('SIGKILL');
        await first.exited;
        // Without help they outlive the service (sleep 120).
        assert.ok(pids.every(alive), 'the children survived the kill -9');

        second = start(dataDir, port, env);
        await healthy(url);
        await waitUntil('the orphans to be killed', () => (pids.some(alive) ? undefined : true), 15_000);
        // Then the run is taken over: queued again and analysed from the clone by the new start.
        const again = await waitUntil(`the ${kind} child of the second start`, () => {
          const p = pidsIn(`${kind}-pids`).filter((pid) => !pids.includes(pid));
          return p.length > 0 ? p : undefined;
        });
        assert.ok(again.every(alive));
        const r = (await json(await fetch(`${url}/api/analyses/${id}`))).body;
        assert.equal(r.status, 'running');
        assert.equal(r.error, null);
      } finally {
        first.child.kill('SIGKILL');
        await second?.stop();
      }
    });
  });
}
