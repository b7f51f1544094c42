import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { freePort, runService } from '@app/kit/testing';
import mysql from 'mysql2/promise';
import { waitFor } from '../engine/harness.js';
import { MARIADB, needMariadb, needRedis, uniqueName } from './servers.js';

const entry = new URL('../../src/main.ts', import.meta.url).pathname;
const SECRETS = ['svc-log-db-pass', 'svc-log-wrong-pass', 'svc-log-redis-pass'];
const skip = (await needMariadb()) || (await needRedis());

test('service monitor credentials never reach the log at debug level, on success and failure', {
  skip,
}, async () => {
  const admin = await mysql.createConnection(MARIADB);
  const user = uniqueName('mon_log');
  await admin.query('CREATE USER ?@? IDENTIFIED BY ?', [user, '%', SECRETS[0]]);
  const port = await freePort();
  const p = runService(entry, {
    DATA_DIR: mkdtempSync(join(tmpdir(), 'mon-svc-logs-')),
    PORT: String(port),
    HOST: '127.0.0.1',
    ADMIN_USERNAME: 'log-admin',
    ADMIN_PASSWORD: 'log-admin-password',
    LOG_LEVEL: 'debug',
  });
  try {
    await p.waitFor(/Server listening/);
    const base = `http://127.0.0.1:${port}`;
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'log-admin', password: 'log-admin-password' }),
    });
    const { access_token } = (await login.json()) as { access_token: string };
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(base + path, {
        method,
        headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, json: (await res.json()) as Record<string, unknown> };
    };
    const at = `${MARIADB.host}:${MARIADB.port}`;
    const monitors = [
      { name: 'db good', monitor_type: 'mysql', url: `mysql://${user}:${SECRETS[0]}@${at}/` },
      { name: 'db bad', monitor_type: 'mysql', url: `mysql://${user}:${SECRETS[1]}@${at}/` },
      {
        name: 'cache bad',
        monitor_type: 'redis',
        url: 'redis://127.0.0.1:6379',
        auth: { type: 'basic', username: uniqueName('nobody'), password: SECRETS[2] },
      },
    ];
    const ids: [number, string][] = [];
    for (const [i, m] of monitors.entries()) {
      const res = await call('POST', '/api/monitors', { ...m, check_interval_seconds: 3600, retry_count: 0 });
      assert.equal(res.status, 201, JSON.stringify(res.json));
      ids.push([res.json.id as number, i === 0 ? 'up' : 'down']);
    }
    for (const [id, want] of ids) {
      await waitFor(`monitor ${id} ${want}`, async () =>
        (await call('GET', `/api/monitors/${id}`)).json.current_status === want ? true : undefined,
      );
    }
    const results = await call('GET', '/api/check-results?limit=10');
    const errors = (results.json as unknown as { error: string | null }[])
      .map((r) => r.error ?? 'none')
      .sort();
    assert.deepEqual(errors, ['auth failed', 'auth failed', 'none']);
  } finally {
    await p.stop();
    await admin.query('DROP USER IF EXISTS ?@?', [user, '%']);
    await admin.end();
  }
  const out = p.output();
  assert.match(out, /\/api\/monitors/, 'requests were logged');
  for (const s of SECRETS) assert.ok(!out.includes(s), `the log holds ${s}`);
});
