import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import mysql from 'mysql2/promise';
import { runCheck } from '../../src/engine/checks/index.js';
import { closedPort } from '../peers/index.js';
import {
  eventually,
  MARIADB,
  needMariadb,
  type SilentServer,
  startSilentServer,
  target,
  uniqueName,
} from './servers.js';

const skip = await needMariadb();

describe('mysql check against the real MariaDB', { skip }, () => {
  let admin: mysql.Connection;
  let silent: SilentServer;
  const user = uniqueName('mon_check');
  const password = 'right-pass-1';
  const at = `${MARIADB.host}:${MARIADB.port}`;
  const url = (pass: string, db = MARIADB.database) => `mysql://${user}:${pass}@${at}/${db}`;

  before(async () => {
    admin = await mysql.createConnection(MARIADB);
    // A user with a password of its own: root has none here, so a wrong password needs someone who has one.
    await admin.query('CREATE USER ?@? IDENTIFIED BY ?', [user, '%', password]);
    await admin.query(`GRANT SELECT ON \`${MARIADB.database}\`.* TO ?@?`, [user, '%']);
    silent = await startSilentServer();
  });
  after(async () => {
    await admin.query('DROP USER IF EXISTS ?@?', [user, '%']);
    await admin.end();
    await silent.close();
  });

  test('connect + SELECT 1 with the URL’s credentials is up', async () => {
    const out = await runCheck(target('mysql', url(password)));
    assert.equal(out.status, 'up', out.error ?? '');
    assert.ok(Number.isInteger(out.response_time_ms));
    const mariadb = await runCheck(target('mysql', `mariadb://root@${at}/${MARIADB.database}`));
    assert.equal(mariadb.status, 'up', mariadb.error ?? '');
  });

  test('credentials in auth are used as the stored monitor passes them (URL without password)', async () => {
    const out = await runCheck(
      target('mysql', `mysql://${at}/${MARIADB.database}`, {
        auth: { type: 'basic', username: user, password },
      }),
    );
    assert.equal(out.status, 'up', out.error ?? '');
  });

  test('expected_value compares the first value as the server writes it', async () => {
    for (const [query, expected] of [
      ['select 1.50, 2', '1.50'],
      ["select date '2026-01-02'", '2026-01-02'],
      ['select null', 'null'],
    ]) {
      const out = await runCheck(target('mysql', url(password), { query, expected_value: expected }));
      assert.equal(out.status, 'up', `${query}: ${out.error}`);
    }
    const wrong = await runCheck(target('mysql', url(password), { query: 'select 2', expected_value: '1' }));
    assert.equal(wrong.status, 'down');
    assert.equal(wrong.error, 'expected "1", got "2"');
    assert.ok(wrong.response_time_ms !== null);
  });

  test('a wrong password is "auth failed"', async () => {
    const out = await runCheck(target('mysql', url('wrong-pass')));
    assert.equal(out.status, 'down');
    assert.equal(out.error, 'auth failed');
  });

  test('a missing database is named; one the user may not use is an auth failure naming it', async () => {
    const name = uniqueName('no_db');
    const missing = await runCheck(target('mysql', `mysql://root@${at}/${name}`));
    assert.equal(missing.error, `database "${name}" does not exist`);
    const denied = await runCheck(target('mysql', url(password, 'mysql')));
    assert.equal(denied.error, 'auth failed: no access to database "mysql"');
  });

  test('a failing query is down with the server’s reason', async () => {
    const out = await runCheck(target('mysql', url(password), { query: 'select * from no_such_table_x' }));
    assert.equal(out.status, 'down');
    assert.match(out.error ?? '', /^query failed: Table '.*no_such_table_x' doesn't exist$/);
  });

  test('refused and timed out connections are down without a response time', async () => {
    const port = await closedPort();
    const refused = await runCheck(target('mysql', `mysql://root@127.0.0.1:${port}/test`));
    assert.equal(refused.error, `connect ECONNREFUSED 127.0.0.1:${port}`);
    assert.equal(refused.response_time_ms, null);
    const slow = await runCheck(
      target('mysql', `mysql://root@127.0.0.1:${silent.port}/test`, { timeout_seconds: 1 }),
    );
    assert.equal(slow.error, 'timeout after 1000 ms');
    assert.equal(slow.response_time_ms, null);
    assert.equal(silent.accepted(), 1);
    await silent.settled();
  });

  test('every check closes its connection: none of the user’s is left on the server', async () => {
    const outs = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        runCheck(target('mysql', url(password), i % 2 ? {} : { query: 'select 2', expected_value: '1' })),
      ),
    );
    assert.deepEqual(new Set(outs.map((o) => o.status)), new Set(['up', 'down']));
    await eventually('no check connection left', async () => {
      const [rows] = await admin.query(
        'SELECT COUNT(*) AS n FROM information_schema.processlist WHERE user = ?',
        [user],
      );
      return Number((rows as { n: number }[])[0]!.n) === 0;
    });
  });
});
