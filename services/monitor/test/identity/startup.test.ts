import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { artifactPath, freePort, launchChromium, needChromium, runService } from '@app/kit/testing';

const entry = new URL('../../src/main.ts', import.meta.url).pathname;
const dataDir = () => mkdtempSync(join(tmpdir(), 'mon-start-'));

async function failsWith(env: Record<string, string>, pattern: RegExp) {
  const p = runService(entry, { DATA_DIR: dataDir(), PORT: '0', HOST: '127.0.0.1', ...env });
  const code = await p.exited;
  assert.equal(code, 1, p.output());
  const lines = p.output().trim().split('\n');
  assert.equal(lines.length, 1, `one line, got:\n${p.output()}`);
  assert.match(lines[0]!, pattern);
  return lines[0]!;
}

describe('start-up', () => {
  test('an unreachable DATABASE_URL stops the start with one line naming it, password hidden', async () => {
    const line = await failsWith(
      { DATABASE_URL: 'postgres://me:hunter2@127.0.0.1:1/nowhere' },
      /^monitor: cannot start: database DATABASE_URL postgres:\/\/me:\*\*\*@127\.0\.0\.1:1\/nowhere cannot be used: .*ECONNREFUSED/,
    );
    assert.doesNotMatch(line, /hunter2/);
  });

  test('a DATABASE_URL of the wrong kind, a bad PORT: one line naming each variable', async () => {
    await failsWith(
      { DATABASE_URL: 'mysql://x@127.0.0.1/db', PORT: 'eighty' },
      /^monitor: cannot start: invalid configuration: PORT must be an integer .*; DATABASE_URL must use one of postgres, postgresql, got "mysql"$/,
    );
  });

  test('a DATA_DIR that cannot be written stops the start naming DATA_DIR', async () => {
    await failsWith(
      { DATA_DIR: '/etc/hostname/data' },
      /^monitor: cannot start: DATA_DIR "\/etc\/hostname\/data" is not a writable directory/,
    );
  });

  test('first start without ADMIN_PASSWORD: a one-time admin password in the log, change forced', async () => {
    const port = await freePort();
    const p = runService(entry, {
      DATA_DIR: dataDir(),
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: '',
    });
    try {
      const [, password] = await p.waitFor(/"username":"admin","password":"([^"]+)"/);
      await p.waitFor(/Server listening/);
      const base = `http://127.0.0.1:${port}`;
      const login = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password }),
      });
      assert.equal(login.status, 200);
      const { access_token } = (await login.json()) as { access_token: string };
      const auth = { authorization: `Bearer ${access_token}` };
      const me = (await (await fetch(`${base}/api/auth/me`, { headers: auth })).json()) as Record<
        string,
        unknown
      >;
      assert.equal(me.must_change_password, true);
      const blocked = await fetch(`${base}/api/users`, { headers: auth });
      assert.equal(blocked.status, 403);
      assert.equal(((await blocked.json()) as { code: string }).code, 'password_change_required');
      const changed = await fetch(`${base}/api/auth/change-password`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ current_password: password, new_password: 'a-better-password' }),
      });
      assert.equal(changed.status, 200);
      const fresh = ((await changed.json()) as { access_token: string }).access_token;
      const users = await fetch(`${base}/api/users`, { headers: { authorization: `Bearer ${fresh}` } });
      assert.equal(users.status, 200);
    } finally {
      await p.stop();
    }
  });

  test('Swagger UI renders at /api/docs from local assets', { skip: needChromium() }, async () => {
    const port = await freePort();
    const p = runService(entry, {
      DATA_DIR: dataDir(),
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: 'x-password-long-enough',
    });
    const browser = await launchChromium();
    try {
      await p.waitFor(/Server listening/);
      const page = await browser.newPage();
      const outside: string[] = [];
      page.on('request', (r) => {
        if (!r.url().startsWith(`http://127.0.0.1:${port}/`)) outside.push(r.url());
      });
      await page.goto(`http://127.0.0.1:${port}/api/docs`);
      await page.getByText('Monitor API').first().waitFor({ timeout: 15_000 });
      await page.getByText('/api/auth/login').first().waitFor();
      await page.screenshot({ path: artifactPath('monitor-api-docs.png'), fullPage: false });
      assert.deepEqual(
        outside.filter((u) => !u.startsWith('data:')),
        [],
      );
      const spec = (await (await fetch(`http://127.0.0.1:${port}/api/openapi.json`)).json()) as {
        paths: Record<string, unknown>;
      };
      for (const path of ['/api/auth/login', '/api/users/{id}', '/api/api-keys', '/api/audit-log']) {
        assert.ok(spec.paths[path], `${path} documented`);
      }
    } finally {
      await browser.close();
      await p.stop();
    }
  });
});
