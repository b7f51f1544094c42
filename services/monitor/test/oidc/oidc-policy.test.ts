import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ConfigError } from '@app/kit';
import { testDatabases } from '@app/kit/testing';
import { readConfig } from '../../src/config.js';
import { usersRepo } from '../../src/store/repos/users-repo.js';
import { ADMIN, problemOf } from '../helpers/test-server.js';
import { CookieClient } from './cookie-client.js';
import { type OidcWorld, ROLE_MAP, refusalOf, startOidcWorld } from './oidc-fixture.js';

// Issue 16 item 2: sign-up switched off, and password sign-in switched off but for the break-glass user.
for (const target of await testDatabases()) {
  describe(`OIDC without sign-up, passwords off, on ${target.name}`, { skip: target.skip }, () => {
    let w: OidcWorld;
    let root: string;
    before(async () => {
      w = await startOidcWorld(target, {
        OIDC_ALLOW_SIGNUP: 'false',
        PASSWORD_LOGIN: 'disabled',
        BREAK_GLASS_USERNAME: ADMIN.username,
      });
      root = (await w.monitor.login()).access_token;
      w.idp.accounts.set('dana-sub', { preferred_username: 'dana', groups: ['ops'] });
      w.idp.accounts.set('eve-sub', { preferred_username: 'eve', groups: ['monitor-admins'] });
    });
    after(() => w.stop());

    const login = (username: string, password: string) =>
      w.monitor.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });

    test('the providers say passwords are off', async () => {
      const res = await w.monitor.app.inject({ method: 'GET', url: '/api/auth/providers' });
      assert.deepEqual(res.json(), { password_login: false, oidc: { name: 'Test IdP' } });
    });

    test('an unknown provider account is refused and not created', async () => {
      const browser = new CookieClient();
      const hop = await w.finish(browser, await w.toCallback(browser, 'eve-sub'));
      assert.equal(refusalOf(hop), 'signup_disabled');
      assert.equal(await usersRepo.byUsername(w.monitor.ctx.db, 'eve'), undefined);
      const audit = await w.monitor.as(root, {
        method: 'GET',
        url: '/api/audit-log?action=auth.oidc_refused',
      });
      assert.equal(audit.json()[0].detail.reason, 'signup_disabled');
    });

    test('a known provider account (created before sign-up was closed) still signs in', async () => {
      const now = Date.now();
      await usersRepo.insert(w.monitor.ctx.db, {
        username: 'dana',
        email: null,
        password_hash: 'unusable',
        role: 'admin',
        must_change_password: 0,
        created_at: now,
        updated_at: now,
        account_type: 'oidc',
        oidc_issuer: w.idp.issuer,
        oidc_subject: 'dana-sub',
      });
      const browser = new CookieClient();
      const hop = await w.finish(browser, await w.toCallback(browser, 'dana-sub'));
      assert.equal(hop.res.headers.get('location'), '/');
      const me = await w.monitor.as(await w.accessToken(browser), { method: 'GET', url: '/api/auth/me' });
      assert.deepEqual([me.json().username, me.json().role], ['dana', 'viewer']);
    });

    test('password sign-in is refused for everyone but the break-glass superadmin', async () => {
      const created = await w.monitor.as(root, {
        method: 'POST',
        url: '/api/users',
        payload: { username: 'frank', password: 'frank-password-1', role: 'superadmin' },
      });
      assert.equal(created.statusCode, 201);
      const refused = await login('frank', 'frank-password-1');
      const p = problemOf(refused);
      assert.equal(refused.headers['content-type'], 'application/problem+json; charset=utf-8');
      assert.deepEqual(
        [p.status, p.type, p.code, p.title],
        [
          403,
          '/docs/problems#password_login_disabled',
          'password_login_disabled',
          'Password sign-in disabled',
        ],
      );
      assert.match(refused.json().detail, /sign in with Test IdP/);
      // The same answer for a name nobody has: it says nothing about who exists.
      const nobody = await login('nobody', 'whatever-password');
      assert.deepEqual([nobody.statusCode, nobody.json().detail], [403, refused.json().detail]);
      const glass = await login(ADMIN.username, ADMIN.password);
      assert.equal(glass.statusCode, 200, glass.body);
      assert.ok(glass.json().access_token);
      // A wrong password for the break-glass user is an ordinary 401.
      assert.equal((await login(ADMIN.username, 'wrong-password-1')).statusCode, 401);
    });

    test('the break-glass name opens nothing once it is no longer a superadmin', async () => {
      const list = await w.monitor.as(root, { method: 'GET', url: '/api/users' });
      const id = list.json().find((u: { username: string }) => u.username === ADMIN.username).id;
      const demoted = await w.monitor.as(root, {
        method: 'PATCH',
        url: `/api/users/${id}`,
        payload: { role: 'admin' },
      });
      assert.equal(demoted.statusCode, 200, demoted.body);
      assert.equal((await login(ADMIN.username, ADMIN.password)).statusCode, 403);
    });
  });
}

for (const target of await testDatabases()) {
  describe(`OIDC attempts counted per address on ${target.name}`, { skip: target.skip }, () => {
    let w: OidcWorld;
    before(async () => {
      // A budget of 5 per address (5 × LOGIN_MAX_FAILURES) for starts and for callbacks.
      w = await startOidcWorld(target, { LOGIN_MAX_FAILURES: '1' });
    });
    after(() => w.stop());

    test('starts and refused callbacks beyond the budget are refused without a row or an audit entry', async () => {
      const where = async (url: string) =>
        (await new CookieClient().request(url)).res.headers.get('location') ?? '';
      for (let i = 0; i < 5; i++)
        assert.ok((await where(`${w.base}/api/auth/oidc/start`)).startsWith(w.idp.issuer));
      assert.equal(await where(`${w.base}/api/auth/oidc/start`), '/?sso_error=rate_limited');
      const junk = `${w.base}/api/auth/oidc/callback?code=x&state=${'y'.repeat(43)}`;
      for (let i = 0; i < 5; i++) assert.equal(await where(junk), '/?sso_error=state');
      assert.equal(await where(junk), '/?sso_error=rate_limited');
      const root = (await w.monitor.login()).access_token;
      const audit = await w.monitor.as(root, {
        method: 'GET',
        url: '/api/audit-log?action=auth.oidc_refused',
      });
      assert.equal(audit.json().length, 5);
    });
  });
}

describe('OIDC configuration', () => {
  const base = {
    DATA_DIR: '/tmp/unused',
    PUBLIC_URL: 'https://monitor.example.test',
    OIDC_ISSUER: 'https://id.example.test',
    OIDC_CLIENT_ID: 'monitor',
    OIDC_CLIENT_SECRET: 'config-secret-91',
    OIDC_ROLE_MAP: ROLE_MAP,
  };
  const problems = (env: Record<string, string | undefined>) => {
    try {
      readConfig(env);
      return [];
    } catch (e) {
      assert.ok(e instanceof ConfigError);
      return e.problems;
    }
  };

  test('a complete setup is read, with the redirect URI from PUBLIC_URL', () => {
    const c = readConfig({ ...base, PUBLIC_URL: 'https://monitor.example.test/' });
    assert.equal(c.oidc?.redirectUri, 'https://monitor.example.test/api/auth/oidc/callback');
    assert.deepEqual(c.oidc?.roleMap, [
      ['monitor-admins', 'admin'],
      ['ops', 'viewer'],
      ['monitor-owners', 'superadmin'],
    ]);
    assert.deepEqual([c.oidc?.roleClaim, c.oidc?.allowSignup, c.passwordLogin], ['groups', true, true]);
    assert.equal(readConfig({ OIDC_ROLE_MAP: ROLE_MAP }).oidc, null, 'no issuer: no single sign-on');
  });

  test('a role map with colons in values keeps them', () => {
    const c = readConfig({ ...base, OIDC_ROLE_MAP: 'urn:acme:ops:viewer, urn:acme:admins : admin' });
    assert.deepEqual(c.oidc?.roleMap, [
      ['urn:acme:ops', 'viewer'],
      ['urn:acme:admins', 'admin'],
    ]);
  });

  test('every problem is named at start, and never the secret', () => {
    assert.deepEqual(problems({ ...base, OIDC_ROLE_MAP: 'ops:owner' }), [
      'OIDC_ROLE_MAP maps "ops" to "owner", which is not one of superadmin, admin, viewer',
    ]);
    assert.deepEqual(problems({ ...base, OIDC_ROLE_MAP: 'ops' }), [
      'OIDC_ROLE_MAP must be value:role pairs separated by commas, got "ops"',
    ]);
    assert.deepEqual(problems({ ...base, OIDC_ROLE_MAP: 'a:viewer,a:admin' }), [
      'OIDC_ROLE_MAP lists "a" twice',
    ]);
    const missing = problems({
      OIDC_ISSUER: 'http://id.example.test',
      OIDC_CLIENT_SECRET: 'config-secret-91',
    });
    assert.deepEqual(missing, [
      'OIDC_CLIENT_ID is needed with OIDC_ISSUER',
      'PUBLIC_URL is needed with OIDC_ISSUER',
      'OIDC_ROLE_MAP is needed with OIDC_ISSUER',
      'OIDC_ISSUER must use https (plain http only on a loopback address)',
    ]);
    assert.ok(!missing.join(' ').includes('config-secret-91'));
    assert.deepEqual(problems({ PASSWORD_LOGIN: 'disabled' }), [
      'PASSWORD_LOGIN=disabled needs single sign-on (OIDC_ISSUER)',
      'PASSWORD_LOGIN=disabled needs BREAK_GLASS_USERNAME (a superadmin kept for emergencies)',
    ]);
    assert.deepEqual(problems({ ...base, OIDC_SCOPES: 'profile email' }), [
      'OIDC_SCOPES must include openid',
    ]);
  });
});
