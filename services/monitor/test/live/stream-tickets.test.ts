import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { sha256 } from '../../src/identity/auth/secrets.js';
import { type Harness, startHarness } from '../engine/harness.js';
import { openSse } from '../engine/sse-client.js';

async function postTicket(base: string, credential?: string) {
  return fetch(`${base}/api/sse/tickets`, {
    method: 'POST',
    headers: credential ? { authorization: `Bearer ${credential}` } : {},
  });
}

async function ticketOf(base: string, credential: string): Promise<string> {
  const res = await postTicket(base, credential);
  assert.equal(res.status, 200, await res.clone().text());
  return ((await res.json()) as { ticket: string }).ticket;
}

for (const target of await testDatabases()) {
  describe(`stream tickets (${target.name})`, { skip: target.skip }, () => {
    let a: Harness;
    let b: Harness;
    let baseA: string;
    let baseB: string;
    before(async () => {
      a = await startHarness(target, {}, undefined);
      baseA = await a.listen();
      // A second instance on the same database, as behind a load balancer.
      b = await startHarness(
        target,
        {},
        { databaseUrl: a.databaseUrl, dataDir: a.dataDir, cleanup: async () => {} },
      );
      baseB = await b.listen();
    });
    after(async () => {
      await b?.close();
      await a?.stop();
    });

    test('POST /api/sse/tickets needs a credential and answers a 30 s ticket whose hash alone is stored', async () => {
      const anon = await postTicket(baseA);
      assert.equal(anon.status, 401);
      assert.match(String(anon.headers.get('content-type')), /^application\/problem\+json/);
      const res = await postTicket(baseA, a.viewer);
      assert.equal(res.status, 200);
      const body = (await res.json()) as { ticket: string; expires_in: number };
      assert.deepEqual(Object.keys(body).sort(), ['expires_in', 'ticket']);
      assert.equal(body.expires_in, 30);
      assert.ok(body.ticket.length >= 40);
      const rows = await a.server.ctx.db.selectFrom('stream_tickets').selectAll().execute();
      assert.equal(rows.filter((r) => r.ticket_hash === body.ticket).length, 0);
      assert.equal(rows.filter((r) => r.ticket_hash === sha256(body.ticket)).length, 1);
    });

    test('a ticket opens the stream once; the second use is a 401 problem', async () => {
      const t = await ticketOf(baseA, a.viewer);
      const sse = await openSse(`${baseA}/api/sse/dashboard?ticket=${t}`);
      assert.equal(sse.status, 200);
      assert.match(String(sse.headers['content-type']), /^text\/event-stream/);
      sse.close();
      const again = await fetch(`${baseA}/api/sse/dashboard?ticket=${t}`);
      assert.equal(again.status, 401);
      assert.match(String(again.headers.get('content-type')), /^application\/problem\+json/);
      const problem = (await again.json()) as { code: string; detail: string };
      assert.equal(problem.code, 'invalid_token');
      assert.match(problem.detail, /already used/);
    });

    test('two requests racing with one ticket: exactly one stream opens', async () => {
      const t = await ticketOf(baseA, a.viewer);
      const [x, y] = await Promise.all([
        fetch(`${baseA}/api/sse/dashboard?ticket=${t}`),
        fetch(`${baseB}/api/sse/dashboard?ticket=${t}`),
      ]);
      assert.deepEqual([x.status, y.status].sort(), [200, 401]);
      await x.body?.cancel();
      await y.body?.cancel();
    });

    test('a ticket issued by one instance is spent on another', async () => {
      const t = await ticketOf(baseA, a.viewer);
      const sse = await openSse(`${baseB}/api/sse/dashboard?ticket=${t}`);
      assert.equal(sse.status, 200);
      sse.close();
    });

    test('an expired ticket is refused and swept when the next one is issued', async () => {
      const t = await ticketOf(baseA, a.viewer);
      await a.server.ctx.db
        .updateTable('stream_tickets')
        .set({ expires_at: Date.now() - 1 })
        .where('ticket_hash', '=', sha256(t))
        .execute();
      const res = await fetch(`${baseA}/api/sse/dashboard?ticket=${t}`);
      assert.equal(res.status, 401);
      assert.equal(((await res.json()) as { code: string }).code, 'invalid_token');
      const fresh = await ticketOf(baseA, a.viewer);
      const left = await a.server.ctx.db.selectFrom('stream_tickets').select('ticket_hash').execute();
      assert.deepEqual(
        left.filter((r) => r.ticket_hash === sha256(t)),
        [],
      );
      assert.equal(left.filter((r) => r.ticket_hash === sha256(fresh)).length, 1);
    });

    test('?token= is refused with a problem: a JWT is pointed to tickets, an API key is refused as a credential in a URL', async () => {
      const key = ((await a.call('POST', '/api/api-keys', { name: 'url-key' })).json() as { raw_key: string })
        .raw_key;
      const jwt = await fetch(`${baseA}/api/sse/dashboard?token=${a.viewer}`);
      assert.equal(jwt.status, 401);
      assert.match(String(jwt.headers.get('content-type')), /^application\/problem\+json/);
      assert.match(((await jwt.json()) as { detail: string }).detail, /POST \/api\/sse\/tickets/);
      const inUrl = await fetch(`${baseA}/api/sse/dashboard?token=${key}`);
      assert.equal(inUrl.status, 400);
      assert.match(String(inUrl.headers.get('content-type')), /^application\/problem\+json/);
      const p = (await inUrl.json()) as { code: string; detail: string };
      assert.equal(p.code, 'credentials_in_url');
      assert.match(p.detail, /Authorization: Bearer/);
    });

    test('the Authorization header still opens the stream (curl and API clients)', async () => {
      const sse = await openSse(`${baseA}/api/sse/dashboard`, { authorization: `Bearer ${a.viewer}` });
      assert.equal(sse.status, 200);
      sse.close();
    });

    test('an API key gets tickets; a ticket of a key revoked meanwhile is refused', async () => {
      const created = (await a.call('POST', '/api/api-keys', { name: 'stream-key' })).json() as {
        id: number;
        raw_key: string;
      };
      const ok = await ticketOf(baseA, created.raw_key);
      const sse = await openSse(`${baseA}/api/sse/dashboard?ticket=${ok}`);
      assert.equal(sse.status, 200);
      sse.close();
      const pending = await ticketOf(baseA, created.raw_key);
      assert.equal((await a.call('DELETE', `/api/api-keys/${created.id}`)).statusCode, 204);
      const res = await fetch(`${baseA}/api/sse/dashboard?ticket=${pending}`);
      assert.equal(res.status, 401);
      assert.match(((await res.json()) as { detail: string }).detail, /revoked/);
    });

    test('the role is read when the ticket is spent, not when it was issued', async () => {
      const users = (await a.call('GET', '/api/users')).json() as { id: number; username: string }[];
      const watcher = users.find((u) => u.username === 'watcher')!;
      const t = await ticketOf(baseA, a.viewer);
      assert.equal((await a.call('DELETE', `/api/users/${watcher.id}`)).statusCode, 204);
      const res = await fetch(`${baseA}/api/sse/dashboard?ticket=${t}`);
      assert.equal(res.status, 401);
    });
  });
}
