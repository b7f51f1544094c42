import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createFixtureBase, type FixtureBase } from '../fixtures-builder/build-repo.js';
import { json, postAnalysis, startService, type TestService, waitFinished } from '../helpers/service.js';
import { buildSmallRepo } from '../helpers/small-repo.js';

const MESSAGE = 'repository acme/does-not-exist was not found on GitHub, or it is private';

let base: FixtureBase;
let dataDir: string;
let httpServer: Server;
let httpBase: string;

before(async () => {
  base = createFixtureBase();
  buildSmallRepo(base);
  dataDir = mkdtempSync(join(tmpdir(), 'metrics-not-found-'));
  // Over https GitHub answers a missing (or private) repository with 401, so git, unable to prompt,
  // says "could not read Username"; a plain 404 gives "repository '…' not found". Both are served here.
  httpServer = createServer((req, res) => {
    res.statusCode = req.url?.startsWith('/private/') ? 401 : 404;
    if (res.statusCode === 401) res.setHeader('www-authenticate', 'Basic realm="GitHub"');
    res.end();
  });
  await new Promise<void>((r) => httpServer.listen(0, '127.0.0.1', r));
  httpBase = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
});
after(async () => {
  await new Promise((r) => httpServer.close(r));
  rmSync(dataDir, { recursive: true, force: true });
  base.cleanup();
});

async function failure(
  svc: TestService,
  body: Record<string, unknown>,
): Promise<{ code: string; message: string }> {
  const created = await json(await postAnalysis(svc.url, body));
  assert.equal(created.status, 202);
  const record = await waitFinished(svc.url, created.body.id as number);
  assert.equal(record.status, 'failed');
  return record.error as { code: string; message: string };
}

describe('a repository that does not exist', () => {
  for (const [name, baseUrl] of [
    ['a local mirror', () => base.baseUrl],
    ['an HTTP server answering 404', () => httpBase],
  ] as const) {
    test(`fails with repo_not_found and no server path (${name})`, async () => {
      const svc = await startService({
        DATA_DIR: join(dataDir, name.replaceAll(' ', '-')),
        GITHUB_BASE_URL: baseUrl(),
        PYLINT_ENABLED: 'false',
      });
      try {
        for (const extra of [{}, { ref: 'main' }, { ref: 'a'.repeat(40) }]) {
          const error = await failure(svc, { repo_url: 'https://github.com/acme/does-not-exist', ...extra });
          assert.deepEqual(error, { code: 'repo_not_found', message: MESSAGE }, JSON.stringify(extra));
        }
      } finally {
        await svc.close();
      }
    });
  }

  test('a 401 (what GitHub answers for a missing or private repository) is not found too', async () => {
    const svc = await startService({
      DATA_DIR: join(dataDir, 'private'),
      GITHUB_BASE_URL: httpBase,
      PYLINT_ENABLED: 'false',
    });
    try {
      const error = await failure(svc, { repo_url: 'https://github.com/private/secret' });
      assert.deepEqual(error, {
        code: 'repo_not_found',
        message: 'repository private/secret was not found on GitHub, or it is private',
      });
    } finally {
      await svc.close();
    }
  });
});
