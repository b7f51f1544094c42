import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

interface SessionView {
  id: string;
  created_at: string;
  last_used_at: string;
  user_agent: string | null;
  ip: string | null;
  auth_method: string;
  current: boolean;
}
interface Pair {
  access_token: string;
  refresh_token: string;
}

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';
const CURL = 'curl/8.11.1';

// The caller's sign-ins: listed with browser and address, ended one by one or all but this one,
// and ended with their access tokens, not only their refresh chains (issue 16, item 3).
for (const target of await testDatabases()) {
  describe(`sessions on ${target.name}`, { skip: target.skip }, () => {
    let s: TestServer;
    let root: string;
    before(async () => {
      s = await startTestServer(target);
      root = (await s.login()).access_token;
    });
    after(() => s.stop());

    const newUser = async (username: string) => {
      const res = await s.as(root, {
        method: 'POST',
        url: '/api/users',
        payload: { username, password: `${username}-password-1`, role: 'viewer' },
      });
      assert.equal(res.statusCode, 201, res.body);
      return res.json().id as number;
    };
    const signIn = async (username: string, userAgent: string): Promise<Pair> => {
      const res = await s.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'user-agent': userAgent },
        payload: { username, password: `${username}-password-1` },
      });
      assert.equal(res.statusCode, 200, res.body);
      return res.json();
    };
    const me = (token: string) => s.as(token, { method: 'GET', url: '/api/auth/me' });
    const refresh = (refresh_token: string, userAgent = CURL) =>
      s.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        headers: { 'user-agent': userAgent },
        payload: { refresh_token },
      });
    const list = async (token: string) => {
      const res = await s.as(token, { method: 'GET', url: '/api/auth/sessions' });
      assert.equal(res.statusCode, 200, res.body);
      return res.json() as SessionView[];
    };
    const sidOf = (token: string) =>
      JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string;
    const audit = async (action: string) => {
      const res = await s.as(root, { method: 'GET', url: `/api/audit-log?action=${action}` });
      assert.equal(res.statusCode, 200, res.body);
      return res.json() as { action: string; resource_id: string; detail: Record<string, unknown> }[];
    };

    test('the list shows each sign-in with its browser, address and method; the caller’s is current', async () => {
      await newUser('lena');
      const laptop = await signIn('lena', FIREFOX);
      const script = await signIn('lena', CURL);
      const seen = await list(laptop.access_token);
      // Most recently used first; two sign-ins in the same millisecond may come either way.
      const byId = (rows: SessionView[]) => [...rows].sort((x, y) => x.id.localeCompare(y.id));
      assert.deepEqual(
        byId(seen).map((x) => [x.id, x.user_agent, x.ip, x.auth_method, x.current]),
        byId([
          { id: sidOf(script.access_token), user_agent: CURL, current: false },
          { id: sidOf(laptop.access_token), user_agent: FIREFOX, current: true },
        ] as SessionView[]).map((x) => [x.id, x.user_agent, '127.0.0.1', 'password', x.current]),
      );
      assert.ok(Date.parse(seen[0]!.last_used_at) >= Date.parse(seen[1]!.last_used_at));
      for (const x of seen) {
        assert.match(x.created_at, /^\d{4}-\d\d-\d\dT/);
        assert.ok(Date.parse(x.last_used_at) >= Date.parse(x.created_at));
      }
      // Nobody else's sessions appear, and the other device sees itself as current.
      const fromScript = await list(script.access_token);
      assert.deepEqual(
        fromScript.filter((x) => x.current).map((x) => x.id),
        [sidOf(script.access_token)],
      );
      assert.ok(!(await list(root)).some((x) => x.user_agent === FIREFOX));
    });

    test('a refresh keeps the session (same id) and records its latest use and browser', async () => {
      await newUser('mona');
      const first = await signIn('mona', FIREFOX);
      const [before] = await list(first.access_token);
      const renewed = await refresh(first.refresh_token, 'Firefox-updated');
      assert.equal(renewed.statusCode, 200, renewed.body);
      const next = renewed.json() as Pair;
      assert.equal(sidOf(next.access_token), sidOf(first.access_token));
      const [after] = await list(next.access_token);
      assert.equal(after!.id, before!.id);
      assert.equal(after!.created_at, before!.created_at);
      assert.equal(after!.user_agent, 'Firefox-updated');
      assert.ok(Date.parse(after!.last_used_at) >= Date.parse(before!.last_used_at));
    });

    test('revoking one session ends its refresh and access tokens; the others keep working', async () => {
      const id = await newUser('nils');
      const a = await signIn('nils', FIREFOX);
      const b = await signIn('nils', CURL);
      const res = await s.as(a.access_token, {
        method: 'DELETE',
        url: `/api/auth/sessions/${sidOf(b.access_token)}`,
      });
      assert.equal(res.statusCode, 204, res.body);
      const dead = await me(b.access_token);
      assert.equal(dead.statusCode, 401);
      assert.equal(dead.json().code, 'invalid_token');
      assert.equal((await refresh(b.refresh_token)).statusCode, 401);
      // The revoking session is untouched: its access token and its refresh token still work.
      assert.equal((await me(a.access_token)).statusCode, 200);
      const renewed = await refresh(a.refresh_token);
      assert.equal(renewed.statusCode, 200);
      const left = await list(renewed.json().access_token);
      assert.deepEqual(
        left.map((x) => x.id),
        [sidOf(a.access_token)],
      );
      const [entry] = await audit('auth.session_revoke');
      assert.equal(entry!.resource_id, String(id));
      assert.deepEqual(entry!.detail, { session_id: sidOf(b.access_token) });
    });

    test('someone else’s session, an unknown id or an ended one is a 404 and changes nothing', async () => {
      await newUser('olaf');
      await newUser('pia');
      const olaf = await signIn('olaf', FIREFOX);
      const pia = await signIn('pia', FIREFOX);
      for (const id of [sidOf(pia.access_token), 'no-such-session']) {
        const res = await s.as(olaf.access_token, { method: 'DELETE', url: `/api/auth/sessions/${id}` });
        assert.equal(res.statusCode, 404);
        assert.equal(res.json().code, 'not_found');
        assert.match(res.headers['content-type'] as string, /application\/problem\+json/);
      }
      assert.equal((await me(pia.access_token)).statusCode, 200);
      // Ending one's own current session is a sign-out; doing it twice is a 404.
      const own = `/api/auth/sessions/${sidOf(olaf.access_token)}`;
      const second = await signIn('olaf', CURL);
      assert.equal((await s.as(olaf.access_token, { method: 'DELETE', url: own })).statusCode, 204);
      assert.equal((await me(olaf.access_token)).statusCode, 401);
      assert.equal((await s.as(second.access_token, { method: 'DELETE', url: own })).statusCode, 404);
    });

    test('revoke-others ends every other session and keeps the caller’s', async () => {
      await newUser('quinn');
      const here = await signIn('quinn', FIREFOX);
      const others = [await signIn('quinn', CURL), await signIn('quinn', 'Safari')];
      const res = await s.as(here.access_token, {
        method: 'POST',
        url: '/api/auth/sessions/revoke-others',
      });
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(res.json(), { revoked: 2 });
      for (const o of others) {
        assert.equal((await me(o.access_token)).statusCode, 401);
        assert.equal((await refresh(o.refresh_token)).statusCode, 401);
      }
      assert.equal((await me(here.access_token)).statusCode, 200);
      assert.deepEqual(
        (await list(here.access_token)).map((x) => [x.id, x.current]),
        [[sidOf(here.access_token), true]],
      );
      const [entry] = await audit('auth.session_revoke_others');
      assert.deepEqual(entry!.detail, { revoked: 2 });
    });

    test('changing the password ends every other session; the caller’s session goes on', async () => {
      await newUser('rosa');
      const here = await signIn('rosa', FIREFOX);
      const other = await signIn('rosa', CURL);
      const res = await s.as(here.access_token, {
        method: 'POST',
        url: '/api/auth/change-password',
        headers: { 'user-agent': FIREFOX },
        payload: { current_password: 'rosa-password-1', new_password: 'rosa-new-password-2' },
      });
      assert.equal(res.statusCode, 200, res.body);
      const next = res.json() as Pair;
      assert.equal(sidOf(next.access_token), sidOf(here.access_token));
      assert.equal((await me(other.access_token)).statusCode, 401);
      assert.equal((await refresh(other.refresh_token)).statusCode, 401);
      // The caller's previous refresh token is replaced by the one answered.
      assert.equal((await refresh(here.refresh_token)).statusCode, 401);
      assert.equal((await me(next.access_token)).statusCode, 200);
      const sessions = await list(next.access_token);
      assert.deepEqual(
        sessions.map((x) => [x.id, x.user_agent, x.current]),
        [[sidOf(here.access_token), FIREFOX, true]],
      );
      assert.equal((await refresh(next.refresh_token)).statusCode, 200);
    });

    test('API keys may list sessions but not end them; anonymous callers get 401', async () => {
      const key = (
        await s.as(root, { method: 'POST', url: '/api/api-keys', payload: { name: 'sessions-bot' } })
      ).json();
      const listed = await s.as(key.raw_key, { method: 'GET', url: '/api/auth/sessions' });
      assert.equal(listed.statusCode, 200);
      assert.ok((listed.json() as SessionView[]).every((x) => x.current === false));
      const revoke = await s.as(key.raw_key, { method: 'POST', url: '/api/auth/sessions/revoke-others' });
      assert.equal(revoke.statusCode, 403);
      assert.equal(revoke.json().code, 'api_key_not_allowed');
      assert.equal((await me(root)).statusCode, 200);
      const anon = await s.app.inject({ method: 'GET', url: '/api/auth/sessions' });
      assert.equal(anon.statusCode, 401);
    });

    test('the audit log holds no token, session secret or password of these actions', async () => {
      const res = await s.as(root, { method: 'GET', url: '/api/audit-log?limit=1000' });
      const all = res.body;
      assert.doesNotMatch(all, /password-1|new-password-2/);
      assert.doesNotMatch(all, /eyJ[\w-]+\.[\w-]+\./);
    });
  });
}
