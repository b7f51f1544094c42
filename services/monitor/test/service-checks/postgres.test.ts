import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testPostgresUrl } from '@app/kit/testing';
import pg from 'pg';
import { runCheck } from '../../src/engine/checks/index.js';
import { closedPort } from '../peers/index.js';
import {
  eventually,
  needPostgres,
  POSTGRES,
  type SilentServer,
  startSilentServer,
  target,
  uniqueName,
} from './servers.js';

const skip = await needPostgres();
const base = `postgres://${POSTGRES.username || 'postgres'}@${POSTGRES.host}`;
const db = POSTGRES.pathname.slice(1) || 'postgres';

describe('postgres check against the real PostgreSQL', { skip }, () => {
  let silent: SilentServer;
  before(async () => {
    silent = await startSilentServer();
  });
  after(() => silent.close());

  test('connect + SELECT 1 is up with the time it took', async () => {
    const out = await runCheck(target('postgres', `${base}/${db}`));
    assert.equal(out.status, 'up', out.error ?? '');
    assert.equal(out.error, null);
    assert.ok(Number.isInteger(out.response_time_ms) && out.response_time_ms! >= 0);
    assert.equal(out.tls_days_left, null);
  });

  test('a query whose first value equals expected_value is up; values compare as PostgreSQL writes them', async () => {
    for (const [query, expected] of [
      ['select 41 + 1', '42'],
      ['select true', 't'],
      ["select null::text, 'x'", 'null'],
      ["select date '2026-01-02'", '2026-01-02'],
    ]) {
      const out = await runCheck(target('postgres', `${base}/${db}`, { query, expected_value: expected }));
      assert.equal(out.status, 'up', `${query}: ${out.error}`);
    }
  });

  test('a different value is down naming both, with the response time', async () => {
    const out = await runCheck(
      target('postgres', `${base}/${db}`, { query: 'select 2', expected_value: '1' }),
    );
    assert.equal(out.status, 'down');
    assert.equal(out.error, 'expected "1", got "2"');
    assert.ok(out.response_time_ms !== null);
    const none = await runCheck(
      target('postgres', `${base}/${db}`, { query: 'select 1 where false', expected_value: '1' }),
    );
    assert.equal(none.error, 'expected "1", got no rows');
  });

  test('a failing query is down with the server’s reason', async () => {
    const out = await runCheck(
      target('postgres', `${base}/${db}`, { query: 'select * from no_such_table_x' }),
    );
    assert.equal(out.status, 'down');
    assert.equal(out.error, 'query failed: relation "no_such_table_x" does not exist');
  });

  test('an unknown role is an auth failure naming the role', async () => {
    // The machine's PostgreSQL trusts loopback, so a wrong password would pass: an unknown role
    // is the refusal it really gives (SQLSTATE 28000, like a pg_hba reject).
    const role = uniqueName('no_role');
    const out = await runCheck(target('postgres', `postgres://${role}:whatever@${POSTGRES.host}/${db}`));
    assert.equal(out.status, 'down');
    assert.equal(out.error, `auth failed: role "${role}" does not exist`);
    const viaAuth = await runCheck(
      target('postgres', `postgres://${POSTGRES.host}/${db}`, {
        auth: { type: 'basic', username: role, password: 'whatever' },
      }),
    );
    assert.equal(viaAuth.error, `auth failed: role "${role}" does not exist`);
  });

  test('a missing database is named', async () => {
    const name = uniqueName('no_db');
    const out = await runCheck(target('postgres', `${base}/${name}`));
    assert.equal(out.status, 'down');
    assert.equal(out.error, `database "${name}" does not exist`);
  });

  test('a refused connection is down with the address and no response time', async () => {
    const port = await closedPort();
    const out = await runCheck(target('postgres', `postgres://u@127.0.0.1:${port}/db`));
    assert.equal(out.status, 'down');
    assert.equal(out.error, `connect ECONNREFUSED 127.0.0.1:${port}`);
    assert.equal(out.response_time_ms, null);
  });

  test('a server that accepts and never answers is a timeout, and the connection is dropped', async () => {
    const out = await runCheck(
      target('postgres', `postgres://u@127.0.0.1:${silent.port}/db`, { timeout_seconds: 1 }),
    );
    assert.equal(out.status, 'down');
    assert.equal(out.error, 'timeout after 1000 ms');
    assert.equal(out.response_time_ms, null);
    assert.equal(silent.accepted(), 1);
    await silent.settled();
  });

  test('every check closes its connection: none is left on the server after many checks', async () => {
    const outs = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        runCheck(
          target('postgres', `${base}/${db}`, i % 2 ? {} : { query: 'select 2', expected_value: '1' }),
        ),
      ),
    );
    assert.deepEqual(new Set(outs.map((o) => o.status)), new Set(['up', 'down']));
    const admin = new pg.Client({ connectionString: testPostgresUrl });
    await admin.connect();
    try {
      await eventually('no check connection left', async () => {
        const r = await admin.query(
          "select count(*)::int as n from pg_stat_activity where application_name = 'monitor check'",
        );
        return r.rows[0].n === 0;
      });
    } finally {
      await admin.end();
    }
  });
});
