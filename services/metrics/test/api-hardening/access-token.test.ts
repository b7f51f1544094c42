// METRICS_API_TOKEN over HTTP: without it nothing but the sign-in, the health probe and the UI shell
// answers; Bearer headers and the UI's session cookie work everywhere (streams and downloads
// included); a token in the URL never counts; wrong tokens are throttled.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { readConfig } from '../../src/config.js';
import { createFixtureBase, type FixtureBase } from '../fixtures-builder/build-repo.js';
import { json, parseCsv, startService, type TestService } from '../helpers/service.js';
import { buildSmallRepo } from '../helpers/small-repo.js';

const TOKEN = 'correct-horse-battery-staple-42';
const bearer = (t: string) => ({ authorization: `Bearer ${t}` });
type Problem = { code: string; status: number; detail: string };

/** Signs in like the web UI and returns the Cookie header to send back. */
async function signIn(
  url: string,
  token = TOKEN,
): Promise<{ status: number; cookie: string; setCookie: string }> {
  const r = await fetch(`${url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  const setCookie = r.headers.get('set-cookie') ?? '';
  return { status: r.status, cookie: setCookie.split(';')[0] ?? '', setCookie };
}

for (const target of await testDatabases()) {
  describe(`access token on ${target.name}`, { skip: target.skip }, () => {
    let base: FixtureBase;
    let svc: TestService;
    let db: Awaited<ReturnType<typeof target.create>>;
    let id = 0;

    before(async () => {
      base = createFixtureBase();
      buildSmallRepo(base);
      db = await target.create();
      svc = await startService({
        DATABASE_URL: db.databaseUrl,
        DATA_DIR: db.dataDir,
        GITHUB_BASE_URL: base.baseUrl,
        PYLINT_ENABLED: 'false',
        METRICS_API_TOKEN: TOKEN,
      });
      const created = await fetch(`${svc.url}/api/analyses`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...bearer(TOKEN) },
        body: JSON.stringify({ repo_url: 'https://github.com/acme/small' }),
      });
      assert.equal(created.status, 202);
      id = ((await created.json()) as { id: number }).id;
      for (;;) {
        const r = (await (
          await fetch(`${svc.url}/api/analyses/${id}`, { headers: bearer(TOKEN) })
        ).json()) as {
          status: string;
        };
        if (r.status === 'done') break;
        assert.notEqual(r.status, 'failed');
        await new Promise((r) => setTimeout(r, 100));
      }
    });
    after(async () => {
      await svc?.close();
      await db?.cleanup();
      base?.cleanup();
    });

    const protectedPaths = () => [
      '/api/analyses',
      `/api/analyses/${id}`,
      `/api/analyses/${id}/stream`,
      `/api/analyses/${id}/files`,
      `/api/analyses/${id}/summary`,
      `/api/analyses/${id}/download/file`,
      `/api/analyses/${id}/download/all`,
      `/api/analyses/${id}/report.pdf`,
      `/api/analyses/${id}/share.png`,
      '/api/repositories/acme/small/trend',
      '/api/no-such-route',
      '/%61pi/analyses',
      '/api/analyses/../analyses',
      '/docs/json',
      '/openapi.json',
      '/docs',
    ];

    test('without the token every API route, download, report and the docs answer 401 problem', async () => {
      for (const path of protectedPaths()) {
        const r = await json<Problem>(await fetch(`${svc.url}${path}`));
        assert.equal(r.status, 401, path);
        assert.match(r.headers.get('content-type') ?? '', /^application\/problem\+json/, path);
        assert.equal(r.body.code, 'unauthorized', path);
        assert.equal(r.headers.get('www-authenticate'), 'Bearer');
      }
      const post = await fetch(`${svc.url}/api/analyses`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ repo_url: 'https://github.com/acme/other' }),
      });
      assert.equal(post.status, 401);
      const runs = (await (
        await fetch(`${svc.url}/api/analyses`, { headers: bearer(TOKEN) })
      ).json()) as unknown[];
      assert.equal(runs.length, 1, 'the refused POST queued nothing');
    });

    test('a token in the query string is never accepted', async () => {
      for (const q of [
        `token=${TOKEN}`,
        `access_token=${TOKEN}`,
        `api_token=${TOKEN}`,
        `authorization=Bearer%20${TOKEN}`,
      ]) {
        assert.equal((await fetch(`${svc.url}/api/analyses?${q}`)).status, 401, q);
        assert.equal((await fetch(`${svc.url}/api/analyses/${id}/download/file?${q}`)).status, 401, q);
      }
    });

    test('Authorization: Bearer opens everything; a wrong one is 401', async () => {
      for (const path of protectedPaths()) {
        const r = await fetch(`${svc.url}${path}`, { headers: bearer(TOKEN) });
        const missing = ['/api/no-such-route', '/%61pi/analyses', '/api/analyses/../analyses'];
        assert.notEqual(r.status, 401, path);
        if (!missing.includes(path)) assert.equal(r.status, 200, path);
        await r.arrayBuffer();
      }
      const csv = parseCsv(
        await (await fetch(`${svc.url}/api/analyses/${id}/download/file`, { headers: bearer(TOKEN) })).text(),
      );
      assert.deepEqual(csv.map((r) => r.path).sort(), ['calc.py', 'util.py']);
      const wrong = await json<Problem>(
        await fetch(`${svc.url}/api/analyses`, { headers: bearer(`${TOKEN}x`) }),
      );
      assert.equal(wrong.status, 401);
      assert.equal(wrong.body.code, 'unauthorized');
      assert.equal(
        (await fetch(`${svc.url}/api/analyses`, { headers: { authorization: TOKEN } })).status,
        401,
      );
    });

    test('the health probe, the session state and the UI shell need no token', async () => {
      assert.equal((await fetch(`${svc.url}/api/health`)).status, 200);
      const state = await json(await fetch(`${svc.url}/api/session`));
      assert.deepEqual(state.body, {
        required: true,
        authenticated: false,
        admin: false,
        admin_configured: false,
      });
      const shell = await fetch(`${svc.url}/analyses/${id}`);
      assert.notEqual(shell.status, 401);
      await shell.arrayBuffer();
    });

    test('the web sign-in sets an httpOnly SameSite=Strict cookie that opens streams and downloads', async () => {
      const s = await signIn(svc.url);
      assert.equal(s.status, 200);
      assert.match(s.setCookie, /^metrics_session=[^;]+; Path=\/; HttpOnly; SameSite=Strict; Max-Age=43200$/);
      assert.ok(!s.setCookie.includes(TOKEN), 'the cookie is not the token');
      const headers = { cookie: s.cookie };
      assert.deepEqual((await json(await fetch(`${svc.url}/api/session`, { headers }))).body, {
        required: true,
        authenticated: true,
        // No METRICS_ADMIN_TOKEN: whoever is signed in may delete runs.
        admin: true,
        admin_configured: false,
      });
      const stream = await fetch(`${svc.url}/api/analyses/${id}/stream`, { headers });
      assert.equal(stream.status, 200);
      assert.match(stream.headers.get('content-type') ?? '', /^text\/event-stream/);
      assert.match(await stream.text(), /event: done/);
      const dl = await fetch(`${svc.url}/api/analyses/${id}/download/function`, { headers });
      assert.equal(dl.status, 200);
      assert.match(dl.headers.get('content-disposition') ?? '', /attachment/);
      assert.ok(parseCsv(await dl.text()).some((r) => r.name === 'classify'));
      const pdf = await fetch(`${svc.url}/api/analyses/${id}/report.pdf`, { headers });
      assert.equal(pdf.status, 200);
      assert.equal(
        Buffer.from(await pdf.arrayBuffer())
          .subarray(0, 5)
          .toString(),
        '%PDF-',
      );
      // A forged or altered cookie is no session.
      const [value = ''] = s.cookie.split('=').slice(1);
      const [exp = '', sig = ''] = value.split('.');
      // The altered signature must differ from the real one: a real one may itself end in "A".
      const altered = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'E' : 'A'}`;
      for (const forged of [`${Number(exp) + 1000}.${sig}`, `${exp}.${altered}`, 'x', TOKEN]) {
        const r = await fetch(`${svc.url}/api/analyses`, {
          headers: { cookie: `metrics_session=${forged}` },
        });
        assert.equal(r.status, 401, forged);
      }
      const out = await fetch(`${svc.url}/api/session`, { method: 'DELETE', headers });
      assert.equal(out.status, 204);
      assert.match(out.headers.get('set-cookie') ?? '', /^metrics_session=; .*Max-Age=0/);
    });
  });
}

describe('wrong tokens are throttled per client', () => {
  let svc: TestService;
  let dataDir: Awaited<ReturnType<Awaited<ReturnType<typeof testDatabases>>[0]['create']>>;
  before(async () => {
    dataDir = await (await testDatabases())[0]!.create();
    svc = await startService({ DATA_DIR: dataDir.dataDir, METRICS_API_TOKEN: TOKEN }, { worker: false });
  });
  after(async () => {
    await svc?.close();
    await dataDir?.cleanup();
  });

  test('ten wrong tokens a minute, then 429 with Retry-After even for the right one', async () => {
    for (let i = 0; i < 5; i++) assert.equal((await signIn(svc.url, `wrong-${i}`)).status, 401);
    for (let i = 0; i < 5; i++) {
      assert.equal((await fetch(`${svc.url}/api/analyses`, { headers: bearer(`wrong-${i}`) })).status, 401);
    }
    const limited = await fetch(`${svc.url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: TOKEN }),
    });
    assert.equal(limited.status, 429);
    assert.equal(((await limited.json()) as Problem).code, 'rate_limited');
    assert.ok(Number(limited.headers.get('retry-after')) >= 1);
    assert.equal((await fetch(`${svc.url}/api/analyses`, { headers: bearer(TOKEN) })).status, 429);
  });
});

describe('METRICS_API_TOKEN configuration', () => {
  test('a token shorter than 16 characters stops the start; unset means no token', () => {
    assert.throws(() => readConfig({ METRICS_API_TOKEN: 'short' }), /METRICS_API_TOKEN must be at least 16/);
    assert.equal(readConfig({}).apiToken, undefined);
    assert.equal(readConfig({ METRICS_API_TOKEN: TOKEN }).apiToken, TOKEN);
  });
});
