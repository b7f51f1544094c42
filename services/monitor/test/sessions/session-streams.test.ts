import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { openSse, type SseClient } from '../engine/sse-client.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { codeAt, freshStep } from '../two-factor/totp-fixture.js';

interface Pair {
  access_token: string;
  refresh_token: string;
}

/** Fails (rather than hangs) when a stream that should end stays open. */
const endsWithin = (stream: SseClient, what: string, ms = 10_000) =>
  Promise.race([
    stream.ended,
    new Promise<never>((_, fail) => setTimeout(() => fail(new Error(`${what}: the stream stayed open`)), ms)),
  ]);

// Ending a session ends its open live streams, whichever way it ends (issue 29, item 2).
for (const target of await testDatabases()) {
  describe(`live streams end with their session on ${target.name}`, { skip: target.skip }, () => {
    let s: TestServer;
    let root: string;
    let base: string;
    let made = 0;
    before(async () => {
      s = await startTestServer(target);
      root = (await s.login()).access_token;
      await s.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = s.app.server.address() as { port: number };
      base = `http://127.0.0.1:${port}`;
    });
    after(() => s.stop());

    /** A user signed in twice: sessions `a` and `b`. */
    const person = async (role = 'admin') => {
      made += 1;
      const username = `streamer-${made}`;
      const password = `Stream-${made}-Correct-Horse`;
      const res = await s.as(root, {
        method: 'POST',
        url: '/api/users',
        payload: { username, password, role },
      });
      assert.equal(res.statusCode, 201, res.body);
      const a: Pair = await s.login(username, password);
      const b: Pair = await s.login(username, password);
      return { id: res.json().id as number, username, password, a, b };
    };
    /** A dashboard stream opened the browser's way: a ticket of the session, then ?ticket=. */
    const byTicket = async (token: string) => {
      const t = await s.as(token, { method: 'POST', url: '/api/sse/tickets' });
      assert.equal(t.statusCode, 200, t.body);
      const stream = await openSse(`${base}/api/sse/dashboard?ticket=${t.json().ticket}`);
      assert.equal(stream.status, 200);
      return stream;
    };
    const byHeader = async (token: string) => {
      const stream = await openSse(`${base}/api/sse/dashboard`, { authorization: `Bearer ${token}` });
      assert.equal(stream.status, 200);
      return stream;
    };
    /** The stream ended, its last event saying why. */
    const endedForSession = async (stream: SseClient, what: string) => {
      await endsWithin(stream, what);
      const last = stream.events.at(-1);
      assert.equal(last?.event, 'session_ended', what);
      assert.match(JSON.parse(last!.data).detail, /ended|no longer exists|revoked/, what);
    };
    /** The stream still delivers: an event published now reaches it. */
    const stillOpen = async (stream: SseClient, what: string) => {
      const n = stream.events.length;
      s.ctx.bus.publish('monitor.status_changed', { monitor_id: 0, probe: what });
      const got = await stream.waitForEvents(n + 1);
      assert.equal(got.at(-1)!.event, 'monitor.status_changed', what);
    };

    test('sign-out ends that session’s streams (ticket and header); the other session’s stays', async () => {
      const p = await person();
      const aTicket = await byTicket(p.a.access_token);
      const aHeader = await byHeader(p.a.access_token);
      const bStream = await byTicket(p.b.access_token);
      // A ticket taken before the sign-out, spent after it.
      const spare = (await s.as(p.a.access_token, { method: 'POST', url: '/api/sse/tickets' })).json().ticket;
      const out = await s.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        payload: { refresh_token: p.a.refresh_token },
      });
      assert.equal(out.statusCode, 204, out.body);
      await endedForSession(aTicket, 'ticket stream after logout');
      await endedForSession(aHeader, 'header stream after logout');
      await stillOpen(bStream, 'the other session');
      const late = await fetch(`${base}/api/sse/dashboard?ticket=${spare}`);
      assert.equal(late.status, 401);
      assert.equal(((await late.json()) as { code: string }).code, 'invalid_token');
      bStream.close();
    });

    test('revoking one session, or all others, ends their streams only', async () => {
      const p = await person();
      const aStream = await byTicket(p.a.access_token);
      const bStream = await byTicket(p.b.access_token);
      const sid = JSON.parse(Buffer.from(p.a.access_token.split('.')[1]!, 'base64url').toString()).sid;
      const revoke = await s.as(p.b.access_token, { method: 'DELETE', url: `/api/auth/sessions/${sid}` });
      assert.equal(revoke.statusCode, 204, revoke.body);
      await endedForSession(aStream, 'after a session revoke');
      await stillOpen(bStream, 'the revoking session');

      const c: Pair = await s.login(p.username, p.password);
      const cStream = await byHeader(c.access_token);
      const others = await s.as(p.b.access_token, {
        method: 'POST',
        url: '/api/auth/sessions/revoke-others',
      });
      assert.equal(others.statusCode, 200, others.body);
      await endedForSession(cStream, 'after revoke-others');
      await stillOpen(bStream, 'the session that revoked the others');
      bStream.close();
    });

    test('a password change ends the other sessions’ streams; the changing session’s goes on', async () => {
      const p = await person();
      const aStream = await byTicket(p.a.access_token);
      const bStream = await byTicket(p.b.access_token);
      const change = await s.as(p.b.access_token, {
        method: 'POST',
        url: '/api/auth/change-password',
        payload: { current_password: p.password, new_password: `${p.password}-new-one` },
      });
      assert.equal(change.statusCode, 200, change.body);
      await endedForSession(aStream, 'after a password change');
      await stillOpen(bStream, 'the changing session');
      bStream.close();
    });

    test('a password reset or set by a superadmin ends every stream of the user', async () => {
      for (const how of ['reset', 'set'] as const) {
        const p = await person();
        const aStream = await byTicket(p.a.access_token);
        const bStream = await byHeader(p.b.access_token);
        const res =
          how === 'reset'
            ? await s.as(root, { method: 'POST', url: `/api/users/${p.id}/reset-password`, payload: {} })
            : await s.as(root, {
                method: 'PATCH',
                url: `/api/users/${p.id}`,
                payload: { password: 'Another-Correct-Horse-9' },
              });
        assert.equal(res.statusCode, 200, res.body);
        await endedForSession(aStream, `${how}: session a`);
        await endedForSession(bStream, `${how}: session b`);
      }
    });

    test('confirming two-factor ends the other sessions’ streams; the enrolling one’s goes on', async () => {
      await freshStep();
      const p = await person();
      const aStream = await byTicket(p.a.access_token);
      const bStream = await byTicket(p.b.access_token);
      const { secret } = (
        await s.as(p.b.access_token, { method: 'POST', url: '/api/auth/two-factor/enrol' })
      ).json();
      const ok = await s.as(p.b.access_token, {
        method: 'POST',
        url: '/api/auth/two-factor/confirm',
        payload: { code: await codeAt(secret, 0) },
      });
      assert.equal(ok.statusCode, 200, ok.body);
      await endedForSession(aStream, 'after two-factor enrolment');
      await stillOpen(bStream, 'the enrolling session');
      bStream.close();
    });

    test('revoking an API key ends its streams; the owner’s session streams stay', async () => {
      const p = await person();
      const made = await s.as(p.a.access_token, {
        method: 'POST',
        url: '/api/api-keys',
        payload: { name: 'k2' },
      });
      assert.equal(made.statusCode, 201, made.body);
      const keyStream = await byHeader(made.json().raw_key);
      const aStream = await byTicket(p.a.access_token);
      const revoke = await s.as(p.a.access_token, {
        method: 'DELETE',
        url: `/api/api-keys/${made.json().id}`,
      });
      assert.equal(revoke.statusCode, 204, revoke.body);
      await endedForSession(keyStream, 'the revoked key’s stream');
      await stillOpen(aStream, 'the owner’s session');
      aStream.close();
    });

    test('deleting a user ends its streams, API-key ones included; a role change ends none', async () => {
      const p = await person();
      const key = (
        await s.as(p.a.access_token, { method: 'POST', url: '/api/api-keys', payload: { name: 'k' } })
      ).json().raw_key as string;
      const aStream = await byTicket(p.a.access_token);
      const keyStream = await byHeader(key);
      const role = await s.as(root, {
        method: 'PATCH',
        url: `/api/users/${p.id}`,
        payload: { role: 'viewer' },
      });
      assert.equal(role.statusCode, 200, role.body);
      await stillOpen(aStream, 'after a role change');
      const gone = await s.as(root, { method: 'DELETE', url: `/api/users/${p.id}` });
      assert.equal(gone.statusCode, 204, gone.body);
      await endedForSession(aStream, 'session stream after deletion');
      await endedForSession(keyStream, 'API-key stream after deletion');
    });
  });
}
