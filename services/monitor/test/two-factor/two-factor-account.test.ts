import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { encryptSecret } from '../../src/platform/crypto/secret-box.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { codeAt, enable, freshStep, mfaStep, newPerson, passwordStep } from './totp-fixture.js';

// Enrolment, recovery codes, turning off, superadmin removal (issue 16, items 1, 4 and 5).
for (const target of await testDatabases()) {
  describe(`two-factor account actions on ${target.name}`, { skip: target.skip }, () => {
    let s: TestServer;
    let root: string;
    before(async () => {
      s = await startTestServer(target);
      root = (await s.login()).access_token;
    });
    after(() => s.stop());

    const status = async (token: string) => {
      const res = await s.as(token, { method: 'GET', url: '/api/auth/two-factor' });
      assert.equal(res.statusCode, 200, res.body);
      return res.json();
    };

    test('enrol gives the seed, its otpauth URL and an SVG QR code once; a wrong code does not confirm', async () => {
      await freshStep();
      const p = await newPerson(s, root);
      assert.deepEqual(await status(p.token), {
        enabled: false,
        enabled_at: null,
        pending: false,
        recovery_codes_left: 0,
        required: false,
      });
      const enrol = await s.as(p.token, { method: 'POST', url: '/api/auth/two-factor/enrol' });
      assert.equal(enrol.statusCode, 200, enrol.body);
      const { secret, otpauth_url, qr_code } = enrol.json();
      assert.match(secret, /^[A-Z2-7]{32}$/);
      const url = new URL(otpauth_url);
      assert.equal(url.protocol, 'otpauth:');
      assert.equal(url.searchParams.get('secret'), secret);
      assert.equal(url.searchParams.get('issuer'), 'Monitor');
      assert.ok(decodeURIComponent(url.pathname).endsWith(`Monitor:${p.username}`), url.pathname);
      assert.ok(qr_code.startsWith('data:image/svg+xml;base64,'));
      const svg = Buffer.from(qr_code.slice(qr_code.indexOf(',') + 1), 'base64').toString('utf8');
      assert.match(svg, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      assert.doesNotMatch(svg, /<script|on[a-z]+=/i);
      assert.equal((await status(p.token)).pending, true);

      const right = await codeAt(secret, 0);
      const wrong = await s.as(p.token, {
        method: 'POST',
        url: '/api/auth/two-factor/confirm',
        payload: { code: right === '123456' ? '654321' : '123456' },
      });
      assert.equal(wrong.statusCode, 422);
      assert.deepEqual(wrong.json().errors, [{ path: 'code', message: 'is wrong or already used' }]);
      assert.equal((await status(p.token)).enabled, false);

      const ok = await s.as(p.token, {
        method: 'POST',
        url: '/api/auth/two-factor/confirm',
        payload: { code: right },
      });
      assert.equal(ok.statusCode, 200, ok.body);
      const codes: string[] = ok.json().recovery_codes;
      assert.equal(codes.length, 10);
      assert.equal(new Set(codes).size, 10);
      for (const c of codes) assert.match(c, /^[a-z2-9]{5}-[a-z2-9]{5}$/);
      const after = await status(p.token);
      assert.equal(after.enabled, true);
      assert.equal(after.pending, false);
      assert.equal(after.recovery_codes_left, 10);
      assert.ok(Date.parse(after.enabled_at) > 0);

      const me = await s.as(p.token, { method: 'GET', url: '/api/auth/me' });
      assert.equal(me.json().two_factor_enabled, true);
      const user = await s.as(root, { method: 'GET', url: `/api/users/${p.id}` });
      assert.equal(user.json().two_factor_enabled, true);
      const again = await s.as(p.token, { method: 'POST', url: '/api/auth/two-factor/enrol' });
      assert.equal(again.statusCode, 409);
      assert.equal(again.json().code, 'two_factor_already_enabled');
    });

    test('confirming enrolment ends the other sessions, opened with the password alone; this one goes on', async () => {
      await freshStep();
      const p = await newPerson(s, root, 'admin');
      // A second sign-in elsewhere with the password only (a phone, or someone who had the password).
      const other = await s.login(p.username, p.password);
      const key = await s.as(p.token, { method: 'POST', url: '/api/api-keys', payload: { name: 'ci' } });
      assert.equal(key.statusCode, 201, key.body);
      const me = (token: string) => s.as(token, { method: 'GET', url: '/api/auth/me' });
      assert.equal((await me(other.access_token)).statusCode, 200);
      const { secret } = (await s.as(p.token, { method: 'POST', url: '/api/auth/two-factor/enrol' })).json();
      const ok = await s.as(p.token, {
        method: 'POST',
        url: '/api/auth/two-factor/confirm',
        payload: { code: await codeAt(secret, 0) },
      });
      assert.equal(ok.statusCode, 200, ok.body);
      assert.equal(ok.json().other_sessions_ended, 1);
      assert.equal(ok.json().recovery_codes.length, 10);
      // The other session's access and refresh tokens are refused at once.
      const refused = await me(other.access_token);
      assert.equal(refused.statusCode, 401);
      assert.equal(refused.json().code, 'invalid_token');
      const renew = await s.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        payload: { refresh_token: other.refresh_token },
      });
      assert.equal(renew.statusCode, 401);
      // The enrolling session goes on; an API key is no session and keeps working.
      assert.equal((await me(p.token)).statusCode, 200);
      assert.equal((await me(key.json().raw_key)).statusCode, 200);
      const sessions = await s.as(p.token, { method: 'GET', url: '/api/auth/sessions' });
      assert.equal(sessions.json().length, 1);
      assert.equal(sessions.json()[0].current, true);
      const audit = await s.as(root, { method: 'GET', url: '/api/audit-log?action=two_factor.enable' });
      const entry = audit.json().find((e: { resource_id: string }) => String(e.resource_id) === String(p.id));
      assert.equal(entry.detail.other_sessions_ended, 1);
    });

    test('confirm without an enrolment is a 409; API keys cannot touch two-factor', async () => {
      const p = await newPerson(s, root, 'admin');
      const res = await s.as(p.token, {
        method: 'POST',
        url: '/api/auth/two-factor/confirm',
        payload: { code: '123456' },
      });
      assert.equal(res.statusCode, 409);
      assert.equal(res.json().code, 'two_factor_not_pending');
      const key = await s.as(p.token, { method: 'POST', url: '/api/api-keys', payload: { name: 'robot' } });
      assert.equal(key.statusCode, 201, key.body);
      const viaKey = await s.as(key.json().raw_key, { method: 'POST', url: '/api/auth/two-factor/enrol' });
      assert.equal(viaKey.statusCode, 403);
      assert.equal(viaKey.json().code, 'api_key_not_allowed');
    });

    test('new recovery codes need a current code and replace the old ones', async () => {
      await freshStep();
      const p = await newPerson(s, root);
      const { secret, recoveryCodes } = await enable(s, p);
      const url = '/api/auth/two-factor/recovery-codes';
      const replay = await s.as(p.token, {
        method: 'POST',
        url,
        payload: { code: await codeAt(secret, -1) },
      });
      assert.equal(replay.statusCode, 422, 'the enrolment code is spent');
      const res = await s.as(p.token, { method: 'POST', url, payload: { code: await codeAt(secret, 0) } });
      assert.equal(res.statusCode, 200, res.body);
      const fresh: string[] = res.json().recovery_codes;
      assert.equal(fresh.length, 10);
      assert.equal(fresh.filter((c) => recoveryCodes.includes(c)).length, 0);
      const old = await mfaStep(s, { mfa_token: await passwordStep(s, p), recovery_code: recoveryCodes[0] });
      assert.equal(old.statusCode, 401);
      const ok = await mfaStep(s, { mfa_token: await passwordStep(s, p), recovery_code: fresh[0] });
      assert.equal(ok.statusCode, 200, ok.body);
    });

    test('turning off needs a current code or the password, not neither or both', async () => {
      await freshStep();
      const a = await newPerson(s, root);
      const { secret } = await enable(s, a);
      const url = '/api/auth/two-factor/disable';
      const neither = await s.as(a.token, { method: 'POST', url, payload: {} });
      assert.equal(neither.statusCode, 422);
      const both = await s.as(a.token, {
        method: 'POST',
        url,
        payload: { code: await codeAt(secret), password: a.password },
      });
      assert.equal(both.statusCode, 422);
      const wrongPw = await s.as(a.token, { method: 'POST', url, payload: { password: 'not-the-password' } });
      assert.equal(wrongPw.statusCode, 422);
      assert.deepEqual(wrongPw.json().errors, [{ path: 'password', message: 'is wrong' }]);
      const byCode = await s.as(a.token, { method: 'POST', url, payload: { code: await codeAt(secret, 0) } });
      assert.equal(byCode.statusCode, 204, byCode.body);
      assert.equal((await status(a.token)).enabled, false);
      assert.equal(typeof (await s.login(a.username, a.password)).access_token, 'string', 'one step again');
      const off = await s.as(a.token, { method: 'POST', url, payload: { password: a.password } });
      assert.equal(off.statusCode, 409);
      assert.equal(off.json().code, 'two_factor_not_enabled');

      const b = await newPerson(s, root);
      await enable(s, b);
      const byPw = await s.as(b.token, { method: 'POST', url, payload: { password: b.password } });
      assert.equal(byPw.statusCode, 204, byPw.body);
      const audit = await s.as(root, {
        method: 'GET',
        url: '/api/audit-log?limit=1000&action=two_factor.disable',
      });
      const details = (audit.json() as { resource_id: string; detail: unknown }[])
        .filter((e) => [String(a.id), String(b.id)].includes(e.resource_id))
        .map((e) => e.detail);
      assert.deepEqual(details, [{ with: 'password' }, { with: 'code' }]);
    });

    test('a superadmin removes a user’s two-factor; others cannot; unknown users are 404', async () => {
      await freshStep();
      const p = await newPerson(s, root);
      await enable(s, p);
      const admin = await newPerson(s, root, 'admin');
      const url = `/api/users/${p.id}/two-factor`;
      const forbidden = await s.as(admin.token, { method: 'DELETE', url });
      assert.equal(forbidden.statusCode, 403);
      const res = await s.as(root, { method: 'DELETE', url });
      assert.equal(res.statusCode, 204, res.body);
      const user = await s.as(root, { method: 'GET', url: `/api/users/${p.id}` });
      assert.equal(user.json().two_factor_enabled, false);
      const twice = await s.as(root, { method: 'DELETE', url });
      assert.equal(twice.statusCode, 409);
      assert.equal(twice.json().code, 'two_factor_not_enabled');
      const unknown = await s.as(root, { method: 'DELETE', url: '/api/users/999999/two-factor' });
      assert.equal(unknown.statusCode, 404);
      const audit = await s.as(root, {
        method: 'GET',
        url: '/api/audit-log?limit=10&action=user.two_factor_remove',
      });
      const entry = (audit.json() as { resource_id: string; actor_name: string; detail: unknown }[])[0]!;
      assert.equal(entry.resource_id, String(p.id));
      assert.equal(entry.actor_name, 'root-admin');
      assert.deepEqual(entry.detail, { username: p.username });
    });

    test('a seed sealed under another key is a clear 409 naming the way out, not a 500', async () => {
      await freshStep();
      const p = await newPerson(s, root);
      const { secret } = await enable(s, p);
      await s.ctx.db
        .updateTable('two_factor_secrets')
        .set({ secret: encryptSecret(randomBytes(32), secret) })
        .where('user_id', '=', p.id)
        .execute();
      const res = await mfaStep(s, { mfa_token: await passwordStep(s, p), code: await codeAt(secret, 0) });
      assert.equal(res.statusCode, 409, res.body);
      assert.equal(res.json().code, 'conflict');
      assert.match(res.json().detail, /SECRET_KEY changed\?\): a superadmin must remove/);
      assert.equal(
        (await s.as(root, { method: 'DELETE', url: `/api/users/${p.id}/two-factor` })).statusCode,
        204,
      );
      assert.equal(typeof (await s.login(p.username, p.password)).access_token, 'string');
    });

    test('seeds are encrypted at rest; no seed, recovery code or challenge is in any answer or the audit log', async () => {
      await freshStep();
      const p = await newPerson(s, root);
      const { secret, recoveryCodes } = await enable(s, p);
      const challenge = await passwordStep(s, p);
      await mfaStep(s, { mfa_token: challenge, recovery_code: recoveryCodes[3] });
      const row = await s.ctx.db
        .selectFrom('two_factor_secrets')
        .selectAll()
        .where('user_id', '=', p.id)
        .executeTakeFirstOrThrow();
      assert.match(row.secret!, /^enc:v1:/);
      assert.ok(!row.secret!.includes(secret));
      const hashes = await s.ctx.db
        .selectFrom('recovery_codes')
        .select('code_hash')
        .where('user_id', '=', p.id)
        .execute();
      assert.equal(hashes.length, 10);
      for (const h of hashes) assert.match(h.code_hash, /^[0-9a-f]{64}$/);
      const challenges = await s.ctx.db.selectFrom('mfa_challenges').selectAll().execute();
      assert.ok(challenges.every((c) => c.token_hash !== challenge));

      const seen = [
        (await s.as(root, { method: 'GET', url: '/api/audit-log?limit=1000' })).body,
        (await s.as(root, { method: 'GET', url: '/api/users' })).body,
        (await s.as(p.token, { method: 'GET', url: '/api/auth/me' })).body,
        (await s.as(p.token, { method: 'GET', url: '/api/auth/two-factor' })).body,
        (await s.as(root, { method: 'GET', url: '/api/settings' })).body,
      ].join('\n');
      for (const secretText of [
        secret,
        challenge,
        ...recoveryCodes,
        ...recoveryCodes.map((c) => c.replace('-', '')),
      ]) {
        assert.ok(!seen.includes(secretText), `leaked: ${secretText}`);
      }
    });
  });
}
