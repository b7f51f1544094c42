import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createLogger, openDatabase } from '@app/kit';
import { testDatabases } from '@app/kit/testing';
import { readConfig } from '../../src/config.js';
import { openSecrets } from '../../src/engine/monitors/monitor-secrets.js';
import { loadSecretKeys } from '../../src/platform/crypto/secret-key.js';
import { migrationsWith } from '../../src/store/migrations/index.js';
import type { MonitorDB } from '../../src/store/schema.js';
import { type Harness, startHarness, waitFor } from '../engine/harness.js';
import { basic, startAuthTarget } from './auth-target.js';

for (const target of await testDatabases()) {
  describe(`migration 032 on ${target.name}`, { skip: target.skip }, () => {
    let peer: Awaited<ReturnType<typeof startAuthTarget>>;
    let h: Harness;
    let id: number;
    before(async () => {
      peer = await startAuthTarget({
        '/old': { authorization: basic('carol', 'old-pass'), 'x-auth-token': 'old-tok' },
      });
      const db = await target.create();
      const config = readConfig({
        DATA_DIR: db.dataDir,
        ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl } : {}),
      });
      const keys = loadSecretKeys(undefined, db.dataDir, createLogger({ name: 't', level: 'silent' }));
      // The schema as the previous release left it, with a monitor whose credentials are in clear.
      const older = Object.fromEntries(
        Object.entries(migrationsWith(() => keys.encryption)).filter(([name]) => name < '032'),
      );
      const old = await openDatabase<MonitorDB>({
        databaseUrl: config.databaseUrl,
        sqliteFile: config.sqliteFile,
        migrations: older,
      });
      const now = Date.now();
      const row = await old.db
        .insertInto('monitors')
        .values({
          name: 'legacy',
          monitor_type: 'http_get',
          url: `http://carol:old-pass@${peer.origin.slice(7)}/old`,
          check_interval_seconds: 3600,
          timeout_seconds: 10,
          retry_count: 0,
          retry_interval_seconds: 20,
          expected_status_codes: '2xx',
          headers: JSON.stringify({ 'X-Auth-Token': 'old-tok', accept: 'text/plain' }),
          auth: null,
          max_redirects: 0,
          dns_record_type: 'A',
          tls_warn_days: 14,
          heartbeat_grace_seconds: 60,
          current_status: 'pending',
          created_at: now,
          updated_at: now,
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      id = row.id;
      await old.close();
      h = await startHarness(target, {}, db);
    });
    after(async () => {
      await h?.stop();
      await peer?.close();
    });

    test('clear credentials of older rows are encrypted and still used by the checker', async () => {
      const row = await h.server.ctx.db
        .selectFrom('monitors')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      const text = JSON.stringify(row);
      assert.ok(!text.includes('old-pass') && !text.includes('old-tok'), text);
      assert.equal(row!.url, `http://carol:********@${peer.origin.slice(7)}/old`);
      assert.deepEqual(JSON.parse(row!.headers!), { 'X-Auth-Token': '********', accept: 'text/plain' });
      assert.deepEqual(openSecrets(h.server.ctx.keys.encryption, row!.secrets), {
        url_password: 'old-pass',
        headers: { 'X-Auth-Token': 'old-tok' },
      });
      await waitFor('the legacy monitor up', async () =>
        (await h.call('GET', `/api/monitors/${id}`)).json().current_status === 'up' ? true : undefined,
      );
    });
  });
}
