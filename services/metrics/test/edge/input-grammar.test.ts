import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { startService, type TestService } from '../helpers/service.js';

async function assertProblem(res: Response, status: number, path?: string) {
  const text = await res.text();
  assert.equal(res.status, status, text);
  assert.match(res.headers.get('content-type') ?? '', /^application\/problem\+json/);
  const body = JSON.parse(text);
  assert.equal(body.status, status);
  if (path !== undefined) {
    assert.ok(
      body.errors?.some((e: { path: string }) => e.path === path),
      text,
    );
  }
}

for (const target of await testDatabases()) {
  describe(`metrics input grammar at the edge on ${target.name}`, { skip: target.skip }, () => {
    let svc: TestService;
    let db: Awaited<ReturnType<typeof target.create>>;
    before(async () => {
      db = await target.create();
      svc = await startService(
        { DATABASE_URL: db.databaseUrl, DATA_DIR: db.dataDir, PYLINT_ENABLED: 'false' },
        { worker: false },
      );
    });
    after(async () => {
      await svc?.close();
      await db?.cleanup();
    });

    const post = (body: string) =>
      fetch(`${svc.url}/api/analyses`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });

    test('control characters in a body are a 422 on the field and queue nothing', async () => {
      await assertProblem(await post('{"repo_url":"https://github.com/a/b\\u0000"}'), 422, 'repo_url');
      await assertProblem(
        await post('{"repo_url":"https://github.com/a/b","branch":"main\\u0000"}'),
        422,
        'branch',
      );
      await assertProblem(
        await post('{"repo_url":"https://github.com/a/b","branch":"ma\\nin"}'),
        422,
        'branch',
      );
      const list = await fetch(`${svc.url}/api/analyses`);
      assert.deepEqual(await list.json(), []);
    });

    test('control characters in a query string or a path are a 422', async () => {
      await assertProblem(await fetch(`${svc.url}/api/analyses?repo_url=a%00b`), 422, 'repo_url');
      await assertProblem(await fetch(`${svc.url}/api/repositories/a%00/b/trend`), 422, 'owner');
    });

    test('ids are canonical decimal integers in range', async () => {
      for (const id of ['0x1', '+1', '01', '1e0', '%201', '9223372036854775808', '9223372036854775807']) {
        await assertProblem(await fetch(`${svc.url}/api/analyses/${id}`), 422, 'id');
        await assertProblem(await fetch(`${svc.url}/api/analyses/${id}/download/file`), 422, 'id');
      }
      await assertProblem(await fetch(`${svc.url}/api/analyses/9007199254740991`), 404);
      await assertProblem(await fetch(`${svc.url}/api/analyses?limit=0x10`), 422, 'limit');
      const ok = await fetch(`${svc.url}/api/analyses?limit=10`);
      assert.equal(ok.status, 200);
    });

    test('numbers in a query string are decimal: no hex, sign or spaces', async () => {
      for (const v of ['0x10', '+1', '%201', 'Infinity']) {
        await assertProblem(
          await fetch(`${svc.url}/api/analyses/1/files?metric=complexity&min=${v}`),
          422,
          'min',
        );
      }
      // Well-formed: validation passes and the missing analysis is what answers.
      await assertProblem(await fetch(`${svc.url}/api/analyses/1/files?metric=complexity&min=1.5e1`), 404);
    });
  });
}
