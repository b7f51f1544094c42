import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { processRunning, type TestDatabaseTarget, testDatabases } from '@app/kit/testing';
import { resultsRepo } from '../../src/store/repos/results-repo.js';
import { createFixtureBase, type FixtureBase } from '../fixtures-builder/build-repo.js';
import { writeHangingPylint } from '../helpers/hanging-pylint.js';
import { json, postAnalysis, startService, type TestService, waitFinished } from '../helpers/service.js';
import { buildSmallRepo } from '../helpers/small-repo.js';

const REPO = 'https://github.com/acme/small';
let base: FixtureBase;
let work: string;
let slowPylint: string;

before(() => {
  base = createFixtureBase();
  buildSmallRepo(base);
  work = mkdtempSync(join(tmpdir(), 'metrics-run-actions-'));
  slowPylint = writeHangingPylint(work);
});
after(() => {
  rmSync(work, { recursive: true, force: true });
  base.cleanup();
});

const targets = await testDatabases();
const cleanups: (() => Promise<void>)[] = [];
after(async () => {
  for (const c of cleanups) await c();
});

/** A service on a fresh database of `target`, its data (clones, outputs) in `<work>/<name>`. */
async function serviceOn(
  target: TestDatabaseTarget,
  name: string,
  env: Record<string, string> = {},
  worker = true,
): Promise<TestService> {
  const db = await target.create();
  cleanups.push(db.cleanup);
  return startService(
    {
      DATABASE_URL: db.databaseUrl,
      DATA_DIR: join(work, name),
      GITHUB_BASE_URL: base.baseUrl,
      RUNS_PER_MINUTE_PER_CLIENT: '0',
      ...env,
    },
    { worker },
  );
}

const get = async (svc: TestService, id: number) => json(await fetch(`${svc.url}/api/analyses/${id}`));
const post = async (svc: TestService, path: string, headers: Record<string, string> = {}) =>
  json(await fetch(`${svc.url}${path}`, { method: 'POST', headers }));
const del = (svc: TestService, id: number, headers: Record<string, string> = {}) =>
  fetch(`${svc.url}/api/analyses/${id}`, { method: 'DELETE', headers });

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Reads an SSE stream as it comes: `next(name)` waits for the next event of that name. */
function openStream(url: string) {
  const controller = new AbortController();
  const queue: { event: string; data: unknown }[] = [];
  let wake = () => {};
  let buffer = '';
  void (async () => {
    const res = await fetch(url, { signal: controller.signal });
    const decoder = new TextDecoder();
    for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (data !== undefined) queue.push({ event, data: JSON.parse(data) });
        end = buffer.indexOf('\n\n');
      }
      wake();
    }
  })().catch(() => {});
  return {
    async next(name: string): Promise<unknown> {
      const end = Date.now() + 30_000;
      for (;;) {
        const i = queue.findIndex((e) => e.event === name);
        if (i >= 0) return queue.splice(0, i + 1).at(-1)!.data;
        if (Date.now() > end) throw new Error(`no ${name} event`);
        await new Promise<void>((r) => {
          wake = r;
          setTimeout(r, 200);
        });
      }
    },
    close: () => controller.abort(),
  };
}

const entries = (dir: string) => {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
};

const alive = processRunning;

for (const target of targets) {
  describe(target.name, { skip: target.skip }, () => {
    describe('queued runs', () => {
      test('show their place in the queue, can be cancelled and retried', async () => {
        const svc = await serviceOn(target, `${target.name}-queue`, {}, false);
        try {
          const ids: number[] = [];
          for (const body of [
            { repo_url: REPO },
            { repo_url: REPO, ref: 'v0.1' },
            { repo_url: REPO, ref: 'v0.1', exclude: ['util.py'] },
          ]) {
            const r = await json(await postAnalysis(svc.url, body));
            if (r.status === 409) continue; // same ref, other exclusions: not queued twice
            assert.equal(r.status, 202);
            ids.push(r.body.id as number);
          }
          assert.equal(ids.length, 2);
          const [a, b] = ids as [number, number];
          assert.equal((await get(svc, a)).body.queue_position, 1);
          assert.equal((await get(svc, b)).body.queue_position, 2);
          const list = await json<Record<string, unknown>[]>(await fetch(`${svc.url}/api/analyses`));
          assert.deepEqual(
            list.body.map((r) => [r.id, r.queue_position]),
            [
              [b, 2],
              [a, 1],
            ],
          );

          // The stream of a waiting run tells its place as it moves, and ends when it is cancelled.
          const stream = openStream(`${svc.url}/api/analyses/${b}/stream`);
          assert.deepEqual(await stream.next('queue'), { position: 2 });
          const cancelled = await post(svc, `/api/analyses/${a}/cancel`);
          assert.equal(cancelled.status, 200);
          assert.equal(cancelled.body.status, 'cancelled');
          assert.equal(cancelled.body.stage, 'cancelled');
          assert.equal(cancelled.body.queue_position, null);
          assert.equal((await get(svc, b)).body.queue_position, 1);
          assert.deepEqual(await stream.next('queue'), { position: 1 });
          const again = await post(svc, `/api/analyses/${a}/cancel`);
          assert.equal(again.status, 409);
          assert.equal(again.body.code, 'analysis_finished');

          const notFinished = await post(svc, `/api/analyses/${b}/retry`);
          assert.equal(notFinished.status, 409);
          assert.equal(notFinished.body.code, 'analysis_not_finished');
          assert.equal((await post(svc, '/api/analyses/999999/retry')).status, 404);

          await post(svc, `/api/analyses/${b}/cancel`);
          assert.deepEqual(await stream.next('cancelled'), { id: b });

          const retried = await post(svc, `/api/analyses/${b}/retry`);
          assert.equal(retried.status, 202);
          assert.notEqual(retried.body.id, b);
          assert.equal(retried.body.ref, 'v0.1');
          assert.equal(retried.body.status, 'pending');
          assert.equal(retried.body.queue_position, 1);
        } finally {
          await svc.close();
        }
      });
    });

    describe('running runs', () => {
      test('say pylint is still running, and a cancel stops pylint and leaves nothing behind', async () => {
        const svc = await serviceOn(target, `${target.name}-running`, { PYLINT_COMMAND: slowPylint });
        try {
          const id = (await json(await postAnalysis(svc.url, { repo_url: REPO }))).body.id as number;
          const linting = await waitFor('the linting stage', async () => {
            const r = (await get(svc, id)).body;
            return r.stage === 'linting' ? r : undefined;
          });
          assert.equal(linting.status, 'running');
          const progress = linting.progress as { done: number; total: number };
          assert.equal(progress.done, progress.total);
          // The linting stage can begin while the repository's pylint configuration is still read,
          // before pylint itself starts: wait for its pid.
          const pidsFile = join(work, 'pylint-pids');
          await waitFor('pylint to start', async () => (existsSync(pidsFile) ? true : undefined));
          const pids = readFileSync(pidsFile, 'utf8').trim().split('\n').map(Number);

          const cancelled = await post(svc, `/api/analyses/${id}/cancel`);
          assert.equal(cancelled.status, 200);
          assert.equal(cancelled.body.status, 'cancelled');
          const stages = (cancelled.body.stages as { stage: string }[]).map((s) => s.stage);
          assert.deepEqual(stages.slice(-2), ['linting', 'cancelled']);
          // pylint's process group is killed and the scratch clone removed, without waiting for a timeout.
          await waitFor('pylint to stop', async () => (pids.every((p) => !alive(p)) ? true : undefined));
          await waitFor('the clone to go', async () =>
            entries(join(work, `${target.name}-running`, 'scratch')).length === 0 ? true : undefined,
          );
          assert.deepEqual(entries(join(work, `${target.name}-running`, 'outputs')), []);
          const files = await fetch(`${svc.url}/api/analyses/${id}/files`);
          assert.equal(files.status, 409);
          assert.equal((await get(svc, id)).body.status, 'cancelled');
        } finally {
          await svc.close();
        }
      });
    });

    describe('deleting runs', () => {
      test('a done run goes with its results and files; a running one is cancelled first', async () => {
        const svc = await serviceOn(target, `${target.name}-delete`, { PYLINT_ENABLED: 'false' });
        try {
          const id = (await json(await postAnalysis(svc.url, { repo_url: REPO }))).body.id as number;
          const done = await waitFinished(svc.url, id);
          assert.equal(done.status, 'done');
          const outputs = join(work, `${target.name}-delete`, 'outputs');
          assert.deepEqual(entries(outputs), [done.output_name]);
          const res = await del(svc, id);
          assert.equal(res.status, 204);
          assert.equal((await get(svc, id)).status, 404);
          assert.deepEqual(entries(outputs), []);
          assert.equal((await fetch(`${svc.url}/api/analyses/${id}/download/all`)).status, 404);
          assert.equal((await del(svc, id)).status, 404);
        } finally {
          await svc.close();
        }
      });

      test('a running run deleted mid-way leaves no clone, files or rows', async () => {
        const svc = await serviceOn(target, `${target.name}-delete-running`, { PYLINT_COMMAND: slowPylint });
        try {
          const id = (await json(await postAnalysis(svc.url, { repo_url: REPO }))).body.id as number;
          await waitFor('the linting stage', async () =>
            (await get(svc, id)).body.stage === 'linting' ? true : undefined,
          );
          assert.equal((await del(svc, id)).status, 204);
          assert.equal((await get(svc, id)).status, 404);
          await waitFor('the clone to go', async () =>
            entries(join(work, `${target.name}-delete-running`, 'scratch')).length === 0 ? true : undefined,
          );
          assert.deepEqual(entries(join(work, `${target.name}-delete-running`, 'outputs')), []);
        } finally {
          await svc.close();
        }
      });

      test('a run deleted while its outputs are written leaves no folder or ZIP behind', async () => {
        const svc = await serviceOn(target, `${target.name}-delete-writing`, { PYLINT_ENABLED: 'false' });
        const store = resultsRepo.replace;
        const deleted: number[] = [];
        // The DELETE lands exactly between the folder being written and its rows being stored (the
        // red team's timing, made certain): the rows then refuse a run that is gone.
        resultsRepo.replace = async (db, id, rows, outputs) => {
          deleted.push((await del(svc, id)).status);
          return store.call(resultsRepo, db, id, rows, outputs);
        };
        try {
          const id = (await json(await postAnalysis(svc.url, { repo_url: REPO }))).body.id as number;
          const dataDir = join(work, `${target.name}-delete-writing`);
          await waitFor('the clone to go', async () =>
            deleted.length > 0 && entries(join(dataDir, 'scratch')).length === 0 ? true : undefined,
          );
          assert.deepEqual(deleted, [204]);
          assert.equal((await get(svc, id)).status, 404);
          assert.deepEqual(entries(join(dataDir, 'outputs')), []);
        } finally {
          resultsRepo.replace = store;
          await svc.close();
        }
      });

      test('never hands the id of a deleted run to the next run', async () => {
        const svc = await serviceOn(target, `${target.name}-ids`, {}, false);
        try {
          const queue = async (repo: string) =>
            (await json(await postAnalysis(svc.url, { repo_url: `https://github.com/acme/${repo}` }))).body
              .id as number;
          const first = await queue('one');
          const newest = await queue('two');
          assert.equal((await del(svc, newest)).status, 204);
          const next = await queue('three');
          assert.ok(next > newest, `run ${next} reuses the id of deleted run ${newest}`);
          assert.ok(newest > first);
          assert.equal((await get(svc, newest)).status, 404);
        } finally {
          await svc.close();
        }
      });

      test('needs the admin token when one is set', async () => {
        const api = 'api-token-0123456789';
        const admin = 'admin-token-0123456789';
        const svc = await serviceOn(
          target,
          `${target.name}-admin`,
          { PYLINT_ENABLED: 'false', METRICS_API_TOKEN: api, METRICS_ADMIN_TOKEN: admin },
          false,
        );
        try {
          const auth = (t: string) => ({ authorization: `Bearer ${t}` });
          const created = await json(
            await fetch(`${svc.url}/api/analyses`, {
              method: 'POST',
              headers: { ...auth(api), 'content-type': 'application/json' },
              body: JSON.stringify({ repo_url: REPO }),
            }),
          );
          const id = created.body.id as number;
          const refused = await json(await del(svc, id, auth(api)));
          assert.equal(refused.status, 403);
          assert.equal(refused.body.code, 'admin_required');
          assert.match(refused.body.detail as string, /METRICS_ADMIN_TOKEN/);
          // Cancelling is not an admin action.
          assert.equal((await post(svc, `/api/analyses/${id}/cancel`, auth(api))).status, 200);
          assert.equal((await get(svc, id)).status, 401);

          // Signing in with each token tells the UI what it may do.
          const signIn = async (token: string) =>
            fetch(`${svc.url}/api/session`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ token }),
            });
          const asUser = await signIn(api);
          assert.deepEqual(await asUser.json(), {
            required: true,
            authenticated: true,
            admin: false,
            admin_configured: true,
          });
          const asAdmin = await signIn(admin);
          assert.equal(((await asAdmin.json()) as { admin: boolean }).admin, true);
          const cookie = (asAdmin.headers.get('set-cookie') ?? '').split(';')[0]!;
          const state = await json(await fetch(`${svc.url}/api/session`, { headers: { cookie } }));
          assert.equal(state.body.admin, true);
          assert.equal((await del(svc, id, { cookie })).status, 204);
        } finally {
          await svc.close();
        }
      });
    });
  });
}
