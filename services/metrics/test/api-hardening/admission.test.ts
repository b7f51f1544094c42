// Queue admission over HTTP: identical pending runs are reused (also under parallel requests to two
// instances on one database), the queue has a cap, and each client a rate of new runs.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { json, postAnalysis, startService, type TestService } from '../helpers/service.js';

type Run = { id: number; status: string; branch: string | null; ref: string | null };
type Problem = { code: string; status: number; detail: string };

const repo = (name: string) => `https://github.com/acme/${name}`;

for (const target of await testDatabases()) {
  describe(`queue admission on ${target.name}`, { skip: target.skip }, () => {
    const open: { close(): Promise<void> }[] = [];
    const cleanups: (() => Promise<void>)[] = [];

    /** A service on a fresh database with `env`, its worker stopped so runs stay queued. */
    async function service(
      env: Record<string, string>,
    ): Promise<TestService & { env: Record<string, string | undefined> }> {
      const db = await target.create();
      cleanups.push(db.cleanup);
      const full = { DATABASE_URL: db.databaseUrl, DATA_DIR: db.dataDir, PYLINT_ENABLED: 'false', ...env };
      const svc = await startService(full, { worker: false });
      open.push(svc);
      return { ...svc, env: full };
    }
    const list = async (url: string) =>
      (await json<Run[]>(await fetch(`${url}/api/analyses?limit=100`))).body;

    after(async () => {
      for (const s of open) await s.close();
      for (const c of cleanups) await c();
    });

    test('parallel identical POSTs to two instances on one database queue one run', async () => {
      const a = await service({ RUNS_PER_MINUTE_PER_CLIENT: '0' });
      const b = await startService({ ...a.env }, { worker: false });
      open.push(b);
      const body = { repo_url: repo('same'), branch: 'main' };
      const answers = await Promise.all(
        Array.from({ length: 16 }, (_, i) =>
          postAnalysis(i % 2 ? b.url : a.url, body).then((r) => json<Run>(r)),
        ),
      );
      const created = answers.filter((r) => r.status === 202);
      const reused = answers.filter((r) => r.status === 200);
      assert.equal(created.length, 1, answers.map((r) => r.status).join(','));
      assert.equal(reused.length, 15);
      const id = created[0]?.body.id;
      assert.ok(answers.every((r) => r.body.id === id && r.body.status === 'pending'));
      assert.deepEqual(
        (await list(a.url)).map((r) => r.id),
        [id],
      );
      // Another branch, a ref, or the default branch is another run; `.git` spelling is the same one.
      const other = await Promise.all([
        postAnalysis(a.url, { repo_url: repo('same'), branch: 'dev' }),
        postAnalysis(a.url, { repo_url: repo('same'), ref: 'v1' }),
        postAnalysis(a.url, { repo_url: repo('same') }),
        postAnalysis(a.url, { repo_url: `${repo('same')}.git`, branch: 'main' }),
      ]);
      assert.deepEqual(
        other.map((r) => r.status),
        [202, 202, 202, 200],
      );
      assert.equal((await list(a.url)).length, 4);
    });

    test('a finished run is not reused: the same request queues a new one', async () => {
      const s = await service({
        RUNS_PER_MINUTE_PER_CLIENT: '0',
        GITHUB_BASE_URL: 'file:///nonexistent-metrics-base',
      });
      const first = await json<Run>(await postAnalysis(s.url, { repo_url: repo('gone') }));
      assert.equal(first.status, 202);
      s.server.startWorker();
      for (;;) {
        const r = await json<Run>(await fetch(`${s.url}/api/analyses/${first.body.id}`));
        if (r.body.status === 'failed' || r.body.status === 'done') break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const again = await json<Run>(await postAnalysis(s.url, { repo_url: repo('gone') }));
      assert.equal(again.status, 202);
      assert.notEqual(again.body.id, first.body.id);
    });

    test('a full queue answers 429 queue_full with Retry-After and queues nothing', async () => {
      const s = await service({ MAX_QUEUED_RUNS: '3', RUNS_PER_MINUTE_PER_CLIENT: '0' });
      for (const n of ['a', 'b', 'c'])
        assert.equal((await postAnalysis(s.url, { repo_url: repo(n) })).status, 202);
      const full = await json<Problem>(await postAnalysis(s.url, { repo_url: repo('d') }));
      assert.equal(full.status, 429);
      assert.match(full.headers.get('content-type') ?? '', /^application\/problem\+json/);
      assert.equal(full.body.code, 'queue_full');
      assert.match(full.body.detail, /3 analyses are already queued/);
      assert.ok(Number(full.headers.get('retry-after')) >= 1);
      // Asking again for a queued run costs no place in the queue.
      assert.equal((await postAnalysis(s.url, { repo_url: repo('b') })).status, 200);
      assert.deepEqual((await list(s.url)).map((r) => r.id).length, 3);
    });

    test('requests refused by the full queue cost the client none of its rate', async () => {
      const s = await service({
        MAX_QUEUED_RUNS: '1',
        RUNS_PER_MINUTE_PER_CLIENT: '2',
        GITHUB_BASE_URL: 'file:///nonexistent-metrics-base',
      });
      const first = await json<Run>(await postAnalysis(s.url, { repo_url: repo('q1') }));
      assert.equal(first.status, 202);
      for (const n of ['q2', 'q3', 'q4']) {
        assert.equal(
          (await json<Problem>(await postAnalysis(s.url, { repo_url: repo(n) }))).body.code,
          'queue_full',
        );
      }
      // The worker takes the queued run (it fails: no such repository), which frees the queue.
      s.server.startWorker();
      for (;;) {
        const r = await json<Run>(await fetch(`${s.url}/api/analyses/${first.body.id}`));
        if (r.body.status !== 'pending') break;
        await new Promise((r) => setTimeout(r, 50));
      }
      assert.equal(
        (await postAnalysis(s.url, { repo_url: repo('q5') })).status,
        202,
        'the second token was left',
      );
    });

    test('one client gets RUNS_PER_MINUTE_PER_CLIENT new runs a minute, then 429 rate_limited', async () => {
      const s = await service({ RUNS_PER_MINUTE_PER_CLIENT: '3', MAX_QUEUED_RUNS: '0' });
      for (const n of ['r1', 'r2', 'r3'])
        assert.equal((await postAnalysis(s.url, { repo_url: repo(n) })).status, 202);
      const limited = await json<Problem>(await postAnalysis(s.url, { repo_url: repo('r4') }));
      assert.equal(limited.status, 429);
      assert.equal(limited.body.code, 'rate_limited');
      const retry = Number(limited.headers.get('retry-after'));
      assert.ok(retry >= 1 && retry <= 20, `retry-after ${retry}`);
      // Reusing a queued run and invalid requests are not new runs: they are answered as usual.
      assert.equal((await postAnalysis(s.url, { repo_url: repo('r2') })).status, 200);
      assert.equal((await postAnalysis(s.url, { repo_url: 'nope' })).status, 422);
      assert.equal((await list(s.url)).length, 3);
    });

    test('parallel requests of one client never get more new runs than its rate', async () => {
      const s = await service({ RUNS_PER_MINUTE_PER_CLIENT: '5', MAX_QUEUED_RUNS: '0' });
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          postAnalysis(s.url, { repo_url: repo(`p${i}`) }).then((r) => r.status),
        ),
      );
      assert.equal(answers.filter((st) => st === 202).length, 5);
      assert.equal(answers.filter((st) => st === 429).length, 35);
      assert.equal((await list(s.url)).length, 5);
    });
  });
}
