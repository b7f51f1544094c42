import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { CookieClient } from './cookie-client.js';
import { type OidcWorld, refusalOf, startOidcWorld } from './oidc-fixture.js';
import { CLIENT } from './test-idp.js';

// Issue 16 item 2: the authorization code flow against a real provider, driven like a browser.
for (const target of await testDatabases()) {
  describe(`OIDC sign-in on ${target.name}`, { skip: target.skip }, () => {
    let w: OidcWorld;
    let root: string;
    let aliceToken: string;
    before(async () => {
      w = await startOidcWorld(target);
      root = (await w.monitor.login()).access_token;
      w.idp.accounts.set('alice-sub', {
        preferred_username: 'alice',
        email: 'alice@example.test',
        groups: ['monitor-admins'],
      });
      w.idp.accounts.set('olga-sub', { preferred_username: 'olga', groups: ['marketing'] });
      w.idp.accounts.set('bob-sub', { preferred_username: 'bob', groups: ['ops'] });
    });
    after(() => w.stop());

    const me = (token: string) => w.monitor.as(token, { method: 'GET', url: '/api/auth/me' });
    const users = async () =>
      (await w.monitor.as(root, { method: 'GET', url: '/api/users' })).json() as {
        username: string;
        role: string;
        account_type: string;
      }[];
    const audit = async (action: string) =>
      (await w.monitor.as(root, { method: 'GET', url: `/api/audit-log?action=${action}` })).json() as {
        action: string;
        actor_name: string | null;
        detail: Record<string, unknown> | null;
      }[];

    test('the providers say how to sign in', async () => {
      const res = await w.monitor.app.inject({ method: 'GET', url: '/api/auth/providers' });
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.json(), { password_login: true, oidc: { name: 'Test IdP' } });
    });

    test('start sends the browser to the provider with PKCE S256, state and nonce', async () => {
      const hop = await new CookieClient().request(`${w.base}/api/auth/oidc/start`);
      assert.equal(hop.res.status, 302);
      const to = new URL(hop.res.headers.get('location')!);
      assert.equal(to.origin, w.idp.issuer);
      const q = to.searchParams;
      assert.equal(q.get('response_type'), 'code');
      assert.equal(q.get('client_id'), CLIENT.id);
      assert.equal(q.get('redirect_uri'), `${w.base}/api/auth/oidc/callback`);
      assert.equal(q.get('code_challenge_method'), 'S256');
      assert.match(q.get('code_challenge') ?? '', /^[A-Za-z0-9_-]{43}$/);
      assert.match(q.get('state') ?? '', /^[A-Za-z0-9_-]{20,}$/);
      assert.match(q.get('nonce') ?? '', /^[A-Za-z0-9_-]{20,}$/);
      assert.equal(q.get('scope'), 'openid profile email groups');
      assert.ok(!to.href.includes(CLIENT.secret));
      const cookie = hop.res.headers.getSetCookie().find((c) => c.startsWith('monitor_oidc_state='));
      assert.match(cookie ?? '', /Path=\/api\/auth\/oidc; Max-Age=600; HttpOnly; SameSite=Lax/);
    });

    test('the full code flow creates the user with the mapped role and opens a cookie session', async () => {
      const browser = new CookieClient();
      const callback = await w.toCallback(browser, 'alice-sub');
      assert.ok(callback.searchParams.get('code'));
      const hop = await w.finish(browser, callback);
      assert.equal(hop.res.status, 302, hop.body);
      assert.equal(hop.res.headers.get('location'), '/');
      const set = hop.res.headers.getSetCookie();
      assert.ok(
        set.some((c) =>
          /^monitor_refresh=[A-Za-z0-9_-]+; Path=\/api\/auth; .*HttpOnly; SameSite=Strict/.test(c),
        ),
        set.join('\n'),
      );
      assert.ok(
        set.some((c) => /^monitor_oidc_state=; .*Max-Age=0/.test(c)),
        'the state cookie is dropped',
      );
      const token = await w.accessToken(browser);
      aliceToken = token;
      const who = (await me(token)).json();
      assert.equal(who.username, 'alice');
      assert.equal(who.email, 'alice@example.test');
      assert.equal(who.role, 'admin');
      assert.equal(who.account_type, 'oidc');
      assert.equal(who.must_change_password, false);
      const alice = (await users()).find((u) => u.username === 'alice');
      assert.equal(alice?.account_type, 'oidc');
      const signup = await audit('auth.oidc_signup');
      assert.equal(signup.length, 1);
      assert.equal(signup[0]!.detail!.role, 'admin');
      assert.equal(signup[0]!.detail!.subject, 'alice-sub');
      assert.equal(signup[0]!.actor_name, 'alice');
      assert.equal((await audit('auth.oidc_login')).length, 0, 'one entry per sign-in: the sign-up');
    });

    test('an OIDC user has no usable password', async () => {
      const res = await w.monitor.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'alice', password: 'anything-at-all-1' },
      });
      assert.equal(res.statusCode, 401);
    });

    test('no password can be given to an OIDC user, by reset or by edit', async () => {
      const list = (await w.monitor.as(root, { method: 'GET', url: '/api/users' })).json() as {
        id: number;
        username: string;
      }[];
      const alice = list.find((u) => u.username === 'alice')!;
      const reset = await w.monitor.as(root, {
        method: 'POST',
        url: `/api/users/${alice.id}/reset-password`,
      });
      assert.equal(reset.statusCode, 409);
      assert.match(reset.json().detail, /single sign-on/);
      const patch = await w.monitor.as(root, {
        method: 'PATCH',
        url: `/api/users/${alice.id}`,
        payload: { password: 'a-long-enough-passphrase-42' },
      });
      assert.equal(patch.statusCode, 422);
      assert.deepEqual(patch.json().errors, [
        { path: 'password', message: 'cannot be set for a single sign-on account' },
      ]);
    });

    test('the role follows the claim at every sign-in', async () => {
      w.idp.accounts.set('alice-sub', { ...w.idp.accounts.get('alice-sub'), groups: ['ops', 'unrelated'] });
      const browser = new CookieClient();
      const hop = await w.finish(browser, await w.toCallback(browser, 'alice-sub'));
      assert.equal(hop.res.headers.get('location'), '/');
      const who = (await me(await w.accessToken(browser))).json();
      assert.equal(who.role, 'viewer');
      assert.equal((await users()).filter((u) => u.username.startsWith('alice')).length, 1, 'the same user');
      // As any role change, the access tokens issued before end (the sessions renew and see it).
      assert.equal((await me(aliceToken)).statusCode, 401);
      const change = (await audit('auth.oidc_login'))[0];
      assert.deepEqual(
        [change?.actor_name, change?.detail],
        ['alice', { role: 'viewer', previous_role: 'admin' }],
      );
      // The highest of several mapped groups wins.
      w.idp.accounts.set('alice-sub', {
        ...w.idp.accounts.get('alice-sub'),
        groups: ['ops', 'monitor-owners'],
      });
      const again = new CookieClient();
      await w.finish(again, await w.toCallback(again, 'alice-sub'));
      assert.equal((await me(await w.accessToken(again))).json().role, 'superadmin');
    });

    test('a state that is not the browser’s is refused, and nothing is signed in', async () => {
      const browser = new CookieClient();
      const callback = await w.toCallback(browser, 'bob-sub');
      const forged = new URL(callback);
      forged.searchParams.set('state', 'x'.repeat(43));
      const hop = await w.finish(browser, forged);
      assert.equal(refusalOf(hop), 'state');
      assert.ok(!hop.res.headers.getSetCookie().some((c) => c.startsWith('monitor_refresh=')));
      // Another browser (no state cookie) cannot finish this sign-in either: login CSRF.
      assert.equal(refusalOf(await w.finish(new CookieClient(), callback)), 'state');
      assert.ok(!(await users()).some((u) => u.username === 'bob'));
    });

    test('a used callback and a replayed code are refused', async () => {
      const browser = new CookieClient();
      const callback = await w.toCallback(browser, 'bob-sub');
      assert.equal((await w.finish(browser, callback)).res.headers.get('location'), '/');
      // The same answer again: the state was spent.
      const replay = new CookieClient();
      const stateCookie = await replay.request(`${w.base}/api/auth/oidc/start`);
      assert.equal(stateCookie.res.status, 302);
      assert.equal(refusalOf(await w.finish(browser, callback)), 'state');
      // The old code with a fresh, valid state: the provider refuses the code.
      const fresh = new URL(callback);
      fresh.searchParams.set('state', replay.cookie('127.0.0.1', 'monitor_oidc_state')!);
      assert.equal(refusalOf(await w.finish(replay, fresh)), 'code_rejected');
      const refused = (await audit('auth.oidc_refused')).map((e) => e.detail?.reason);
      assert.ok(refused.includes('code_rejected'));
    });

    test('an account whose claim maps to no role is refused and nothing is created', async () => {
      const before = (await users()).length;
      const browser = new CookieClient();
      const hop = await w.finish(browser, await w.toCallback(browser, 'olga-sub'));
      assert.equal(refusalOf(hop), 'no_role');
      assert.equal((await users()).length, before);
      const entry = (await audit('auth.oidc_refused')).find((e) => e.detail?.reason === 'no_role');
      assert.deepEqual(entry?.detail, {
        reason: 'no_role',
        issuer: w.idp.issuer,
        subject: 'olga-sub',
        claim: 'groups',
      });
    });

    test('a provider account never takes over a local user of the same name', async () => {
      const created = await w.monitor.as(root, {
        method: 'POST',
        url: '/api/users',
        payload: { username: 'carol', password: 'carol-password-1', role: 'viewer' },
      });
      assert.equal(created.statusCode, 201);
      w.idp.accounts.set('carol-sub', { preferred_username: 'carol', groups: ['monitor-admins'] });
      const browser = new CookieClient();
      await w.finish(browser, await w.toCallback(browser, 'carol-sub'));
      const who = (await me(await w.accessToken(browser))).json();
      assert.match(who.username, /^carol-[0-9a-f]{6}$/);
      assert.equal(who.role, 'admin');
      const local = (await users()).find((u) => u.username === 'carol');
      assert.deepEqual([local?.role, local?.account_type], ['viewer', 'local']);
    });

    test('the client secret is in no answer and no audit entry', async () => {
      const log = await w.monitor.as(root, { method: 'GET', url: '/api/audit-log?limit=500' });
      assert.equal(log.statusCode, 200);
      assert.ok(!log.body.includes(CLIENT.secret));
      const providers = await w.monitor.app.inject({ method: 'GET', url: '/api/auth/providers' });
      assert.ok(!providers.body.includes(CLIENT.secret));
    });
  });
}
