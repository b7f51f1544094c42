import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { testDatabases } from '@app/kit/testing';
import mysql from 'mysql2/promise';
import { SMTPServer } from 'smtp-server';
import { openSecrets } from '../../src/engine/monitors/monitor-secrets.js';
import { SECRET_MASK } from '../../src/platform/crypto/secret-box.js';
import { type Harness, startHarness, waitFor } from '../engine/harness.js';
import { makeCert } from '../peers/index.js';
import { MARIADB, needMariadb, uniqueName } from './servers.js';

const DB_PASS = 'db-secret-pass-1';
const MAIL_PASS = 'mail-secret-pass-1';
const SECRETS = [DB_PASS, MAIL_PASS];

function assertNoSecret(text: string, what: string) {
  for (const s of SECRETS) assert.ok(!text.includes(s), `${what} holds the secret ${s}: ${text}`);
}

const mariadbSkip = await needMariadb();

for (const db of await testDatabases()) {
  describe(`service monitors through the API on ${db.name}`, { skip: db.skip || mariadbSkip }, () => {
    let h: Harness;
    let admin: mysql.Connection;
    let smtp: SMTPServer;
    let smtpPort: number;
    const user = uniqueName('mon_api');
    const at = `${MARIADB.host}:${MARIADB.port}`;
    let dbId: number;
    let mailId: number;

    before(async () => {
      admin = await mysql.createConnection(MARIADB);
      await admin.query('CREATE USER ?@? IDENTIFIED BY ?', [user, '%', DB_PASS]);
      await admin.query(`GRANT SELECT ON \`${MARIADB.database}\`.* TO ?@?`, [user, '%']);
      const cert = await makeCert(10);
      smtp = new SMTPServer({
        logger: false,
        key: cert.key,
        cert: cert.cert,
        onAuth(auth, _s, cb) {
          if (auth.username === 'mailer' && auth.password === MAIL_PASS) cb(null, { user: 'mailer' });
          else cb(new Error('Invalid username or password'));
        },
      });
      await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
      smtpPort = (smtp.server.address() as AddressInfo).port;
      h = await startHarness(db);
    });
    after(async () => {
      await h.stop();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      await admin.query('DROP USER IF EXISTS ?@?', [user, '%']);
      await admin.end();
    });

    const view = async (id: number) => (await h.call('GET', `/api/monitors/${id}`)).json();
    const settled = (id: number, status: 'up' | 'down') =>
      waitFor(`monitor ${id} ${status}`, async () =>
        (await view(id)).current_status === status ? true : undefined,
      );

    test('credentials are masked in every answer and the checkers still log in with them', async () => {
      const created = await h.call('POST', '/api/monitors', {
        name: 'orders db',
        monitor_type: 'mysql',
        url: `mysql://${user}:${DB_PASS}@${at}/${MARIADB.database}`,
        query: 'select 40 + 2',
        expected_value: '42',
        check_interval_seconds: 3600,
        // One failed check is down at once, so the kept-credentials test below reads a single result.
        retry_count: 0,
      });
      assert.equal(created.statusCode, 201, created.body);
      assertNoSecret(created.body, 'the create response');
      const body = created.json();
      dbId = body.id;
      assert.equal(body.url, `mysql://${user}:${SECRET_MASK}@${at}/${MARIADB.database}`);
      assert.deepEqual(
        [
          body.query,
          body.expected_value,
          body.message,
          body.topic,
          body.service_name,
          body.starttls,
          body.expected_close_code,
        ],
        ['select 40 + 2', '42', null, null, null, false, null],
      );
      const mail = await h.call('POST', '/api/monitors', {
        name: 'relay',
        monitor_type: 'smtp',
        url: `smtp://127.0.0.1:${smtpPort}`,
        starttls: true,
        ignore_tls_errors: true,
        auth: { type: 'basic', username: 'mailer', password: MAIL_PASS },
        check_interval_seconds: 3600,
      });
      assert.equal(mail.statusCode, 201, mail.body);
      assert.deepEqual(mail.json().auth, { type: 'basic', username: 'mailer', password: SECRET_MASK });
      mailId = mail.json().id;

      await settled(dbId, 'up');
      await settled(mailId, 'up');
      const list = await h.call('GET', '/api/monitors');
      assertNoSecret(list.body, 'the monitor list');
      // smtp with STARTTLS reads a certificate: its days left show on the monitor as a tls monitor's do.
      assert.equal((await view(mailId)).tls_days_left, 10);
      // …and the certificate alert path ran: 10 days is within the default 14, but this monitor has no
      // channel yet, so the warning is not used up (it goes out once a channel is attached).
      const mailRow = await h.server.ctx.db
        .selectFrom('monitors')
        .select('tls_warned_threshold')
        .where('id', '=', mailId)
        .executeTakeFirstOrThrow();
      assert.equal(mailRow.tls_warned_threshold, null);
      const rows = await h.server.ctx.db.selectFrom('monitors').selectAll().execute();
      for (const r of rows) {
        assertNoSecret(JSON.stringify(r), `the monitors row ${r.id}`);
        assert.match(String(r.secrets), /^enc:v1:/);
      }
      const opened = openSecrets(h.server.ctx.keys.encryption, rows.find((r) => r.id === dbId)!.secrets);
      assert.deepEqual(opened, { url_password: DB_PASS });
    });

    test('the view sent back with its masks keeps the credentials; another database on the same server too', async () => {
      const { id, current_status, last_checked_at, last_response_time_ms, last_status_code, ...rest } =
        await view(dbId);
      const runtime = [
        'consecutive_failures',
        'status_reason',
        'locations',
        'tls_days_left',
        'heartbeat_token',
        'created_at',
        'updated_at',
        'config_key',
      ];
      const body = Object.fromEntries(Object.entries(rest).filter(([k]) => !runtime.includes(k)));
      const put = await h.call('PUT', `/api/monitors/${dbId}`, { ...body, expected_value: '43' });
      assert.equal(put.statusCode, 200, put.body);
      assert.equal((await h.call('POST', `/api/monitors/${dbId}/check-now`)).statusCode, 202);
      await settled(dbId, 'down');
      // The down reason proves the login worked with the kept password: the value, not the auth, failed.
      const results = (await h.call('GET', `/api/check-results?monitor_id=${dbId}&limit=1`)).json();
      assert.equal(results[0].error, 'expected "43", got "42"');

      const moved = await h.call('PATCH', `/api/monitors/${dbId}`, {
        url: `mysql://${user}:${SECRET_MASK}@${at}/information_schema`,
        expected_value: '42',
      });
      assert.equal(moved.statusCode, 200, moved.body);
      assert.equal((await h.call('POST', `/api/monitors/${dbId}/check-now`)).statusCode, 202);
      await settled(dbId, 'up');
    });

    test('a mask sent with another host, port or scheme is a 422 and changes nothing', async () => {
      const before = await h.server.ctx.db
        .selectFrom('monitors')
        .selectAll()
        .where('id', '=', dbId)
        .executeTakeFirst();
      for (const url of [
        `mysql://${user}:${SECRET_MASK}@127.0.0.2:3306/test`,
        `mysql://${user}:${SECRET_MASK}@127.0.0.1:3307/test`,
        `mariadb://${user}:${SECRET_MASK}@${at}/test`,
      ]) {
        const res = await h.call('PATCH', `/api/monitors/${dbId}`, { url });
        assert.equal(res.statusCode, 422, `${url}: ${res.body}`);
        assert.deepEqual(
          res.json().errors.map((e: { path: string }) => e.path),
          ['url'],
        );
      }
      const after = await h.server.ctx.db
        .selectFrom('monitors')
        .selectAll()
        .where('id', '=', dbId)
        .executeTakeFirst();
      assert.deepEqual(after, before);
    });

    test('audit entries and the export hold no credential; the export carries the new fields', async () => {
      const audit = await h.call('GET', '/api/audit-log?limit=500');
      assert.equal(audit.statusCode, 200);
      assertNoSecret(audit.body, 'the audit log');
      const stored = await h.server.ctx.db.selectFrom('audit_log').selectAll().execute();
      for (const r of stored) assertNoSecret(JSON.stringify(r), `audit row ${r.action}`);
      const exported = await h.call('GET', '/api/export/monitors');
      assert.equal(exported.statusCode, 200);
      assertNoSecret(exported.body, 'the export');
      const relay = exported.json().monitors.find((m: { name: string }) => m.name === 'relay');
      assert.equal(relay.starttls, true);
      assert.equal(relay.auth.password, SECRET_MASK);
      const results = await h.call('GET', '/api/check-results?limit=100');
      assertNoSecret(results.body, 'the check results');
    });

    test('fields that do not apply to the type, and URLs of another kind, are 422s naming the field', async () => {
      const cases: [Record<string, unknown>, string[]][] = [
        [{ monitor_type: 'postgres', url: 'postgres://127.0.0.1/db', topic: 'orders' }, ['topic']],
        [{ monitor_type: 'mysql', url: 'mysql://127.0.0.1/db', keyword: 'ok' }, ['keyword']],
        [{ monitor_type: 'http_get', url: 'http://127.0.0.1/', query: 'select 1' }, ['query']],
        [{ monitor_type: 'redis', url: 'redis://127.0.0.1', starttls: true }, ['starttls']],
        [{ monitor_type: 'redis', url: 'redis://127.0.0.1', expected_value: 'x' }, ['expected_value']],
        [{ monitor_type: 'redis', url: 'redis://127.0.0.1/abc' }, ['url']],
        [{ monitor_type: 'postgres', url: 'http://127.0.0.1/db' }, ['url']],
        [{ monitor_type: 'smtp', url: 'smtps://127.0.0.1', starttls: true }, ['starttls']],
        [
          { monitor_type: 'smtp', url: 'smtp://127.0.0.1', auth: { type: 'bearer', token: 't' } },
          ['auth.type'],
        ],
        [{ monitor_type: 'mysql', url: null }, ['url']],
      ];
      const count = (await h.call('GET', '/api/monitors')).json().length;
      for (const [fields, paths] of cases) {
        const res = await h.call('POST', '/api/monitors', { name: 'bad', ...fields });
        assert.equal(res.statusCode, 422, `${JSON.stringify(fields)}: ${res.body}`);
        assert.equal(res.headers['content-type'], 'application/problem+json; charset=utf-8');
        assert.deepEqual(
          res.json().errors.map((e: { path: string }) => e.path),
          paths,
          JSON.stringify(fields),
        );
      }
      const tooLong = await h.call('POST', '/api/monitors', {
        name: 'bad',
        monitor_type: 'mqtt',
        url: 'mqtt://127.0.0.1',
        topic: 'x'.repeat(256),
      });
      assert.equal(tooLong.statusCode, 422);
      assert.equal((await h.call('GET', '/api/monitors')).json().length, count);
    });
  });
}
