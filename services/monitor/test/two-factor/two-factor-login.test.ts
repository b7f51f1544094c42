import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { codeAt, enable, freshStep, mfaStep, newPerson, passwordStep } from './totp-fixture.js';

const BUDGET = 4;

// Sign-in in two steps with TOTP codes computed here (issue 16, item 1).
for (const target of await testDatabases()) {
  describe(`two-factor sign-in on ${target.name}`, { skip: target.skip }, () => {
    let s: TestServer;
    let root: string;
    before(async () => {
      s = await startTestServer(target, { LOGIN_MAX_FAILURES: String(BUDGET) });
      root = (await s.login()).access_token;
    });
    after(() => s.stop());

    const auditOf = async (userId: number, action: string) => {
      const res = await s.as(root, { method: 'GET', url: `/api/audit-log?limit=1000&action=${action}` });
      assert.equal(res.statusCode, 200, res.body);
      return (res.json() as { resource_id: string; detail: Record<string, unknown> | null }[]).filter(
        (e) => e.resource_id === String(userId),
      );
    };

    test('the password step answers a challenge; a current code opens the session; codes and challenges are single-use', async () => {
      await freshStep();
      const p = await newPerson(s, root);
      const { secret } = await enable(s, p);
      const mfaToken = await passwordStep(s, p);
      // The confirming code (previous step) was spent at enrolment: refused, the challenge survives.
      const replayed = await mfaStep(s, { mfa_token: mfaToken, code: await codeAt(secret, -1) });
      assert.equal(replayed.statusCode, 401);
      assert.equal(replayed.json().code, 'invalid_credentials');
      const ok = await mfaStep(s, { mfa_token: mfaToken, code: await codeAt(secret, 0) });
      assert.equal(ok.statusCode, 200, ok.body);
      const pair = ok.json();
      assert.equal(pair.token_type, 'bearer');
      assert.equal(typeof pair.refresh_token, 'string');
      const me = await s.as(pair.access_token, { method: 'GET', url: '/api/auth/me' });
      assert.equal(me.statusCode, 200);
      assert.equal(me.json().username, p.username);
      assert.equal(me.json().two_factor_enabled, true);
      // The same challenge again: spent.
      const again = await mfaStep(s, { mfa_token: mfaToken, code: await codeAt(secret, 1) });
      assert.equal(again.statusCode, 401);
      assert.equal(again.json().code, 'invalid_token');
      // The same code on a new challenge: already used within its window.
      const second = await passwordStep(s, p);
      const reused = await mfaStep(s, { mfa_token: second, code: await codeAt(secret, 0) });
      assert.equal(reused.statusCode, 401);
      assert.equal(reused.json().code, 'invalid_credentials');
      // The refresh token of the second step renews like any other.
      const renewed = await s.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        payload: { refresh_token: pair.refresh_token },
      });
      assert.equal(renewed.statusCode, 200, renewed.body);
      const logins = await auditOf(p.id, 'auth.login');
      assert.deepEqual(
        logins.map((e) => e.detail),
        [{ second_factor: 'totp' }, null],
        'the enrolling sign-in had no second factor; the two-step one says which',
      );
      assert.equal((await auditOf(p.id, 'auth.mfa_challenge')).length, 2);
      assert.equal((await auditOf(p.id, 'auth.mfa_failed')).length, 2);
    });

    test('the second step honours refresh_transport like sign-in', async () => {
      await freshStep();
      const p = await newPerson(s, root);
      const { secret } = await enable(s, p);
      const res = await mfaStep(s, {
        mfa_token: await passwordStep(s, p),
        code: await codeAt(secret, 0),
        refresh_transport: 'cookie',
      });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().refresh_token, undefined);
      assert.match(
        String(res.headers['set-cookie']),
        /^monitor_refresh=[A-Za-z0-9_-]+; Path=\/api\/auth;.*HttpOnly/,
      );
    });

    test('a recovery code signs in once; typed with capitals and without the dash it still counts', async () => {
      const p = await newPerson(s, root);
      await freshStep();
      const { recoveryCodes } = await enable(s, p);
      const [first, second] = recoveryCodes as [string, string];
      const ok = await mfaStep(s, { mfa_token: await passwordStep(s, p), recovery_code: first });
      assert.equal(ok.statusCode, 200, ok.body);
      const replay = await mfaStep(s, { mfa_token: await passwordStep(s, p), recovery_code: first });
      assert.equal(replay.statusCode, 401);
      assert.equal(replay.json().code, 'invalid_credentials');
      const typed = second.replace('-', '').toUpperCase();
      const ok2 = await mfaStep(s, { mfa_token: await passwordStep(s, p), recovery_code: typed });
      assert.equal(ok2.statusCode, 200, ok2.body);
      const status = await s.as(p.token, { method: 'GET', url: '/api/auth/two-factor' });
      assert.equal(status.json().recovery_codes_left, 8);
      const logins = (await auditOf(p.id, 'auth.login')).map((e) => e.detail);
      assert.deepEqual(logins.slice(0, 2), [
        { second_factor: 'recovery_code', recovery_codes_left: 8 },
        { second_factor: 'recovery_code', recovery_codes_left: 9 },
      ]);
    });

    test('bad second steps: neither or both factors 422, malformed code 422, unknown challenge 401', async () => {
      await freshStep();
      const p = await newPerson(s, root);
      const { secret } = await enable(s, p);
      const token = await passwordStep(s, p);
      const neither = await mfaStep(s, { mfa_token: token });
      assert.equal(neither.statusCode, 422);
      assert.equal(neither.json().code, 'validation_failed');
      const both = await mfaStep(s, {
        mfa_token: token,
        code: await codeAt(secret),
        recovery_code: 'abcde-fghij',
      });
      assert.equal(both.statusCode, 422);
      const malformed = await mfaStep(s, { mfa_token: token, code: '12ab56' });
      assert.equal(malformed.statusCode, 422, malformed.body);
      assert.equal(malformed.json().code, 'validation_failed');
      const unknown = await mfaStep(s, { mfa_token: 'not-a-challenge', code: await codeAt(secret) });
      assert.equal(unknown.statusCode, 401);
      assert.equal(unknown.json().code, 'invalid_token');
      // The challenge is still good after all that.
      const ok = await mfaStep(s, { mfa_token: token, code: await codeAt(secret) });
      assert.equal(ok.statusCode, 200, ok.body);
    });

    test('wrong codes are throttled like passwords: after the budget even the right code gets 429', async () => {
      await freshStep();
      const p = await newPerson(s, root);
      const { secret } = await enable(s, p);
      const token = await passwordStep(s, p, '10.16.0.1');
      const right = await codeAt(secret, 0);
      const wrong = right === '000000' ? '111111' : '000000';
      const results = await Promise.all(
        Array.from({ length: BUDGET + 6 }, () => mfaStep(s, { mfa_token: token, code: wrong }, '10.16.0.1')),
      );
      const codes = results.map((r) => r.statusCode);
      assert.equal(codes.filter((c) => c === 401).length, BUDGET, codes.join(','));
      assert.equal(codes.filter((c) => c === 429).length, 6, codes.join(','));
      const limited = results.find((r) => r.statusCode === 429)!;
      assert.equal(limited.json().code, 'rate_limited');
      assert.ok(Number(limited.headers['retry-after']) > 0);
      const blocked = await mfaStep(s, { mfa_token: token, code: right }, '10.16.0.2');
      assert.equal(blocked.statusCode, 429, 'the budget is the user’s, from any address');
      assert.equal((await auditOf(p.id, 'auth.mfa_failed')).length, BUDGET);
    });

    test('the same code sent twice at once opens exactly one session', async () => {
      await freshStep();
      const p = await newPerson(s, root);
      const { secret } = await enable(s, p);
      const code = await codeAt(secret, 0);
      const challenges = [await passwordStep(s, p), await passwordStep(s, p), await passwordStep(s, p)];
      const results = await Promise.all(challenges.map((t) => mfaStep(s, { mfa_token: t, code })));
      assert.deepEqual(results.map((r) => r.statusCode).sort(), [200, 401, 401]);
    });

    test('wrong codes in account actions share the user’s budget', async () => {
      await freshStep();
      const p = await newPerson(s, root);
      const { secret } = await enable(s, p);
      const right = await codeAt(secret, 0);
      const wrong = right === '000000' ? '111111' : '000000';
      const url = '/api/auth/two-factor/recovery-codes';
      for (let i = 0; i < BUDGET; i++) {
        const res = await s.as(p.token, { method: 'POST', url, payload: { code: wrong } });
        assert.equal(res.statusCode, 422, res.body);
      }
      const limited = await s.as(p.token, {
        method: 'POST',
        url: '/api/auth/two-factor/disable',
        payload: { code: right },
      });
      assert.equal(limited.statusCode, 429);
      assert.equal(limited.json().code, 'rate_limited');
      assert.equal((await auditOf(p.id, 'two_factor.code_failed')).length, BUDGET);
    });

    test('a user with two-factor removed by a superadmin signs in with the password alone', async () => {
      await freshStep();
      const p = await newPerson(s, root);
      await enable(s, p);
      const pending = await passwordStep(s, p);
      const del = await s.as(root, { method: 'DELETE', url: `/api/users/${p.id}/two-factor` });
      assert.equal(del.statusCode, 204, del.body);
      // The challenge opened before the removal is of no use any more.
      const late = await mfaStep(s, { mfa_token: pending, recovery_code: 'abcde-fghij' });
      assert.equal(late.statusCode, 401);
      assert.equal(late.json().code, 'invalid_token');
      const pair = await s.login(p.username, p.password);
      assert.equal(typeof pair.access_token, 'string');
    });
  });
}
