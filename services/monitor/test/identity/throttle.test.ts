import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { ADMIN, startTestServer, type TestServer } from '../helpers/test-server.js';

const BUDGET = 10;

// Throttles count before they check, so racing requests cannot overrun the budget (issue 11,
// items 7, 10 and 15).
for (const target of await testDatabases()) {
  describe(`throttling on ${target.name}`, { skip: target.skip }, () => {
    let s: TestServer;
    let root: string;
    before(async () => {
      s = await startTestServer(target, { LOGIN_MAX_FAILURES: String(BUDGET) });
      root = (await s.login()).access_token;
    });
    after(() => s.stop());

    const audit = async (query: string) => {
      const res = await s.as(root, { method: 'GET', url: `/api/audit-log?limit=1000&${query}` });
      assert.equal(res.statusCode, 200, res.body);
      return res.json() as { action: string; ip: string; detail: Record<string, unknown> | null }[];
    };

    test('60 parallel wrong sign-ins check exactly the budget of passwords; the rest get 429', async () => {
      const ip = '10.60.0.1';
      const results = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          s.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { username: ADMIN.username, password: `wrong-${i}` },
            remoteAddress: ip,
          }),
        ),
      );
      const codes = results.map((r) => r.statusCode);
      assert.equal(codes.filter((c) => c === 401).length, BUDGET, codes.join(','));
      assert.equal(codes.filter((c) => c === 429).length, 60 - BUDGET, codes.join(','));
      for (const r of results.filter((x) => x.statusCode === 429)) {
        assert.equal(r.json().code, 'rate_limited');
        assert.ok(Number(r.headers['retry-after']) > 0);
      }
      const failed = (await audit('action=auth.login_failed')).filter((e) => e.ip === ip);
      assert.equal(failed.length, BUDGET, 'one password check per audit entry');
    });

    test('the same race over a real HTTP listener', async () => {
      await s.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = s.app.server.address() as AddressInfo;
      const results = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          fetch(`http://127.0.0.1:${port}/api/auth/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ username: 'nobody-here', password: `wrong-${i}` }),
          }),
        ),
      );
      const codes = results.map((r) => r.status);
      assert.equal(codes.filter((c) => c === 401).length, BUDGET, codes.join(','));
      assert.equal(codes.filter((c) => c === 429).length, 60 - BUDGET, codes.join(','));
      const failed = (await audit('action=auth.login_failed')).filter(
        (e) => e.detail?.username === 'nobody-here',
      );
      assert.equal(failed.length, BUDGET);
    });

    test('successful sign-ins do not use up the budget of their address', async () => {
      const ip = '10.60.0.2';
      for (let i = 0; i < BUDGET * 6; i++) {
        const ok = await s.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: ADMIN,
          remoteAddress: ip,
        });
        assert.equal(ok.statusCode, 200, `sign-in ${i}`);
      }
    });

    test('logout with unknown tokens writes no audit entry and is throttled per address', async () => {
      const ip = '10.60.0.3';
      const before = (await audit('action=auth.logout')).length;
      const codes: number[] = [];
      let last: Awaited<ReturnType<typeof s.app.inject>> | undefined;
      // The per-address budget of sign-outs is five times the sign-in budget, as for sign-ins.
      for (let i = 0; i < BUDGET * 5 + 2; i++) {
        last = await s.app.inject({
          method: 'POST',
          url: '/api/auth/logout',
          payload: { refresh_token: `made-up-${i}` },
          remoteAddress: ip,
        });
        codes.push(last.statusCode);
      }
      assert.deepEqual(codes, [...Array(BUDGET * 5).fill(204), 429, 429]);
      assert.equal(last!.json().code, 'rate_limited');
      assert.ok(Number(last!.headers['retry-after']) > 0);
      assert.equal((await audit('action=auth.logout')).length, before, 'no audit entry for unknown tokens');
      // A real sign-out from another address is still audited.
      const pair = await s.login();
      const out = await s.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        payload: { refresh_token: pair.refresh_token },
        remoteAddress: '10.60.0.4',
      });
      assert.equal(out.statusCode, 204);
      // That sign-out ended every access token of the admin issued before it, ours included.
      root = (await s.login()).access_token;
      assert.equal((await audit('action=auth.logout')).length, before + 1);
    });

    test('wrong current passwords on change-password are throttled like sign-ins', async () => {
      await s.as(root, {
        method: 'POST',
        url: '/api/users',
        payload: { username: 'gus', password: 'gus-password-1', role: 'viewer' },
      });
      const gus = (await s.login('gus', 'gus-password-1')).access_token;
      const attempt = (current: string) =>
        s.as(gus, {
          method: 'POST',
          url: '/api/auth/change-password',
          payload: { current_password: current, new_password: 'gus-password-2' },
        });
      const results = await Promise.all(Array.from({ length: 30 }, (_, i) => attempt(`guess-${i}`)));
      const codes = results.map((r) => r.statusCode);
      assert.equal(codes.filter((c) => c === 422).length, BUDGET, codes.join(','));
      assert.equal(codes.filter((c) => c === 429).length, 30 - BUDGET, codes.join(','));
      const limited = results.find((r) => r.statusCode === 429)!;
      assert.equal(limited.json().code, 'rate_limited');
      assert.ok(Number(limited.headers['retry-after']) > 0);
      // Even the right password waits now, and nothing changed.
      assert.equal((await attempt('gus-password-1')).statusCode, 429);
      await s.login('gus', 'gus-password-1');
    });
  });
}
