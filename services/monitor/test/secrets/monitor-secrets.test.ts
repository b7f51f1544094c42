import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import { openSecrets } from '../../src/engine/monitors/monitor-secrets.js';
import { type Harness, startHarness, waitFor } from '../engine/harness.js';
import { basic, startAuthTarget } from './auth-target.js';

const MASK = '********';
const SECRETS = ['url-pass-1', 'hdr-secret-1', 'auth-pass-1', 'bearer-tok-1'];

/** Fails naming the secret when `text` holds any of them. */
function assertNoSecret(text: string, what: string) {
  for (const s of SECRETS) assert.ok(!text.includes(s), `${what} holds the secret ${s}: ${text}`);
}

for (const target of await testDatabases()) {
  describe(`monitor credentials on ${target.name}`, { skip: target.skip }, () => {
    let h: Harness;
    let peer: Awaited<ReturnType<typeof startAuthTarget>>;
    let adminRole: string;
    let a: number;
    let b: number;

    before(async () => {
      peer = await startAuthTarget({
        '/a': { authorization: basic('alice', 'url-pass-1'), 'x-api-key': 'hdr-secret-1' },
        '/b': { authorization: basic('bob', 'auth-pass-1') },
        '/c': { authorization: 'Bearer bearer-tok-1' },
      });
      h = await startHarness(target);
      const made = await h.call('POST', '/api/users', {
        username: 'plain-admin',
        password: 'plain-admin-pass-1',
        role: 'admin',
      });
      assert.equal(made.statusCode, 201, made.body);
      const login = await h.server.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'plain-admin', password: 'plain-admin-pass-1' },
      });
      adminRole = login.json().access_token;
    });
    after(async () => {
      await h.stop();
      await peer.close();
    });

    const statusOf = async (id: number) => (await h.call('GET', `/api/monitors/${id}`)).json().current_status;
    const upEventually = (id: number) =>
      waitFor(`monitor ${id} up`, async () => ((await statusOf(id)) === 'up' ? true : undefined));

    test('credentials are masked in every answer and the checker still authenticates', async () => {
      const created = await h.call(
        'POST',
        '/api/monitors',
        {
          name: 'url creds',
          url: `http://alice:url-pass-1@${peer.origin.slice(7)}/a`,
          headers: { 'X-Api-Key': 'hdr-secret-1', 'x-probe': 'visible' },
          check_interval_seconds: 3600,
        },
        adminRole,
      );
      assert.equal(created.statusCode, 201, created.body);
      assertNoSecret(created.body, 'the create response');
      a = created.json().id;
      const second = await h.call('POST', '/api/monitors', {
        name: 'auth creds',
        url: `${peer.origin}/b`,
        auth: { type: 'basic', username: 'bob', password: 'auth-pass-1' },
        check_interval_seconds: 3600,
      });
      assert.equal(second.statusCode, 201, second.body);
      b = second.json().id;
      const third = await h.call('POST', '/api/monitors', {
        name: 'bearer',
        url: `${peer.origin}/c`,
        auth: { type: 'bearer', token: 'bearer-tok-1' },
        check_interval_seconds: 3600,
      });
      assert.equal(third.statusCode, 201, third.body);

      await upEventually(a);
      await upEventually(b);
      await upEventually(third.json().id);
      const atA = peer.seen.filter((r) => r.path === '/a').at(-1)!;
      assert.equal(atA.headers.authorization, basic('alice', 'url-pass-1'));
      assert.equal(atA.headers['x-api-key'], 'hdr-secret-1');
      assert.equal(atA.headers['x-probe'], 'visible');

      for (const [role, token] of [
        ['viewer', h.viewer],
        ['admin', adminRole],
        ['superadmin', h.admin],
      ] as const) {
        const one = await h.call('GET', `/api/monitors/${a}`, undefined, token);
        assert.equal(one.statusCode, 200);
        assert.equal(one.json().url, `http://alice:${MASK}@${peer.origin.slice(7)}/a`, role);
        assert.deepEqual(one.json().headers, { 'X-Api-Key': MASK, 'x-probe': 'visible' }, role);
        const two = await h.call('GET', `/api/monitors/${b}`, undefined, token);
        assert.deepEqual(two.json().auth, { type: 'basic', username: 'bob', password: MASK }, role);
        const list = await h.call('GET', '/api/monitors', undefined, token);
        assert.equal(list.statusCode, 200);
        assertNoSecret(list.body, `the list for a ${role}`);
        assert.equal(list.json().find((m: { id: number }) => m.id === third.json().id).auth.token, MASK);
      }
    });

    test('the stored row holds no clear credential, only ciphertext', async () => {
      const rows = await h.server.ctx.db.selectFrom('monitors').selectAll().execute();
      for (const r of rows) {
        assertNoSecret(JSON.stringify(r), `the monitors row ${r.id}`);
        assert.match(String(r.secrets), /^enc:v1:/);
      }
      const opened = openSecrets(h.server.ctx.keys.encryption, rows.find((r) => r.id === a)!.secrets);
      assert.deepEqual(opened, { url_password: 'url-pass-1', headers: { 'X-Api-Key': 'hdr-secret-1' } });
    });

    test('a masked value sent back keeps the credential; a new value replaces it', async () => {
      const view = (await h.call('GET', `/api/monitors/${a}`)).json();
      const { id, current_status, last_checked_at, last_response_time_ms, last_status_code, ...rest } = view;
      const body = Object.fromEntries(
        Object.entries(rest).filter(
          ([k]) =>
            ![
              'consecutive_failures',
              'status_reason',
              'locations',
              'tls_days_left',
              'heartbeat_token',
              'created_at',
              'updated_at',
              'config_key',
            ].includes(k),
        ),
      );
      const put = await h.call('PUT', `/api/monitors/${a}`, { ...body, name: 'url creds renamed' });
      assert.equal(put.statusCode, 200, put.body);
      assert.equal(put.json().headers['X-Api-Key'], MASK);
      const row = await h.server.ctx.db
        .selectFrom('monitors')
        .selectAll()
        .where('id', '=', a)
        .executeTakeFirst();
      assert.deepEqual(openSecrets(h.server.ctx.keys.encryption, row!.secrets), {
        url_password: 'url-pass-1',
        headers: { 'X-Api-Key': 'hdr-secret-1' },
      });
      // The checker got the kept values: a check after the update still passes.
      const before = peer.seen.length;
      assert.equal((await h.call('POST', `/api/monitors/${a}/check-now`)).statusCode, 202);
      await waitFor('a new check', async () => (peer.seen.length > before ? true : undefined));
      await upEventually(a);

      const patch = await h.call('PATCH', `/api/monitors/${b}`, {
        auth: { type: 'basic', username: 'bob', password: 'auth-pass-2' },
      });
      assert.equal(patch.statusCode, 200, patch.body);
      assert.equal(patch.json().auth.password, MASK);
      const rowB = await h.server.ctx.db
        .selectFrom('monitors')
        .selectAll()
        .where('id', '=', b)
        .executeTakeFirst();
      assert.deepEqual(openSecrets(h.server.ctx.keys.encryption, rowB!.secrets), { auth: 'auth-pass-2' });
    });

    test('a mask that stands for nothing, or for a monitor moved elsewhere, is a 422 and changes nothing', async () => {
      const fresh = await h.call('POST', '/api/monitors', {
        name: 'guess',
        url: `${peer.origin}/b`,
        auth: { type: 'basic', username: 'bob', password: MASK },
      });
      assert.equal(fresh.statusCode, 422, fresh.body);
      assert.deepEqual(
        fresh.json().errors.map((e: { path: string }) => e.path),
        ['auth.password'],
      );
      const before = await h.server.ctx.db
        .selectFrom('monitors')
        .selectAll()
        .where('id', '=', a)
        .executeTakeFirst();
      const moved = await h.call('PATCH', `/api/monitors/${a}`, {
        url: `http://alice:${MASK}@127.0.0.2:9/a`,
      });
      assert.equal(moved.statusCode, 422, moved.body);
      assert.equal(moved.headers['content-type'], 'application/problem+json; charset=utf-8');
      assert.deepEqual(
        moved.json().errors.map((e: { path: string }) => e.path),
        ['url', 'headers.X-Api-Key'],
      );
      const after = await h.server.ctx.db
        .selectFrom('monitors')
        .selectAll()
        .where('id', '=', a)
        .executeTakeFirst();
      assert.deepEqual(after, before);
    });

    test('audit entries and the export hold no credential', async () => {
      const audit = await h.server.ctx.db.selectFrom('audit_log').selectAll().execute();
      assert.ok(audit.some((r) => r.action === 'monitor.update'));
      for (const r of audit) assertNoSecret(JSON.stringify(r), `audit row ${r.action}`);
      const viaApi = await h.call('GET', '/api/audit-log?limit=500');
      assert.equal(viaApi.statusCode, 200);
      assertNoSecret(viaApi.body, 'the audit log API');
      const exported = await h.call('GET', '/api/export/monitors');
      assert.equal(exported.statusCode, 200);
      assertNoSecret(exported.body, 'the export');
      assert.ok(!exported.body.includes('auth-pass-2'));
      const first = exported.json().monitors.find((m: { name: string }) => m.name === 'url creds renamed');
      assert.equal(first.headers['X-Api-Key'], MASK);
    });

    test('importing an export leaves masked credentials out and says which', async () => {
      const doc = (await h.call('GET', '/api/export/monitors')).json();
      const other = await startHarness(target);
      try {
        const res = await other.call('POST', '/api/import/monitors', doc);
        assert.equal(res.statusCode, 200, res.body);
        assert.deepEqual(res.json().warnings, [
          'monitors.0: url was masked in the file; enter it again',
          'monitors.0: headers.X-Api-Key was masked in the file; enter it again',
          'monitors.1: auth.password was masked in the file; enter it again',
          'monitors.2: auth.token was masked in the file; enter it again',
        ]);
        const [ia, ib] = res.json().ids;
        const ma = (await other.call('GET', `/api/monitors/${ia}`)).json();
        assert.equal(ma.url, `http://alice@${peer.origin.slice(7)}/a`);
        assert.deepEqual(ma.headers, { 'x-probe': 'visible' });
        assert.equal((await other.call('GET', `/api/monitors/${ib}`)).json().auth, null);
        const rows = await other.server.ctx.db.selectFrom('monitors').selectAll().execute();
        for (const r of rows) {
          assert.ok(!JSON.stringify(r).includes(MASK), 'no mask is stored as if it were a value');
          assert.equal(r.secrets, null);
        }
      } finally {
        await other.stop();
      }
    });
  });
}
