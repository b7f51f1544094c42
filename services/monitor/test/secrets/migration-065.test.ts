import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createLogger, openDatabase } from '@app/kit';
import { testDatabases } from '@app/kit/testing';
import { readConfig } from '../../src/config.js';
import { openSecrets, sealSecrets } from '../../src/engine/monitors/monitor-secrets.js';
import { loadSecretKeys } from '../../src/platform/crypto/secret-key.js';
import { migrationsWith } from '../../src/store/migrations/index.js';
import type { MonitorDB } from '../../src/store/schema.js';
import { type Harness, startHarness, waitFor } from '../engine/harness.js';
import { basic, startAuthTarget } from './auth-target.js';

for (const target of await testDatabases()) {
  describe(`migration 065 on ${target.name}`, { skip: target.skip }, () => {
    let peer: Awaited<ReturnType<typeof startAuthTarget>>;
    let h: Harness;
    const ids: number[] = [];
    before(async () => {
      peer = await startAuthTarget({ '/old': { authorization: basic('carol', 'old-pass') } });
      const db = await target.create();
      const config = readConfig({
        DATA_DIR: db.dataDir,
        ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl } : {}),
      });
      const keys = loadSecretKeys(undefined, db.dataDir, createLogger({ name: 't', level: 'silent' }));
      // The schema as the previous release left it: query parameters in clear, a URL password sealed.
      const older = Object.fromEntries(
        Object.entries(migrationsWith(() => keys.encryption)).filter(([name]) => name < '065'),
      );
      const old = await openDatabase<MonitorDB>({
        databaseUrl: config.databaseUrl,
        sqliteFile: config.sqliteFile,
        migrations: older,
      });
      const now = Date.now();
      const host = peer.origin.slice(7);
      for (const [name, url, secrets] of [
        ['sealed', `http://carol:********@${host}/old?apitoken=old-qs&x=1`, { url_password: 'old-pass' }],
        ['plain', `http://${host}/plain?Token=old-tok`, null],
      ] as const) {
        const row = await old.db
          .insertInto('monitors')
          .values({
            name,
            monitor_type: 'http_get',
            url,
            check_interval_seconds: 3600,
            timeout_seconds: 10,
            retry_count: 0,
            retry_interval_seconds: 20,
            expected_status_codes: '2xx',
            max_redirects: 0,
            dns_record_type: 'A',
            tls_warn_days: 14,
            heartbeat_grace_seconds: 60,
            current_status: 'pending',
            secrets: secrets && sealSecrets(keys.encryption, secrets),
            created_at: now,
            updated_at: now,
          } as never)
          .returning('id')
          .executeTakeFirstOrThrow();
        ids.push(row.id);
      }
      await old.close();
      h = await startHarness(target, {}, db);
    });
    after(async () => {
      await h?.stop();
      await peer?.close();
    });

    test('clear query credentials of older rows are sealed with what was sealed already, and still sent', async () => {
      const rows = await h.server.ctx.db.selectFrom('monitors').selectAll().where('id', 'in', ids).execute();
      const text = JSON.stringify(rows);
      assert.ok(!text.includes('old-qs') && !text.includes('old-tok'), text);
      const [sealed, plain] = ids.map((id) => rows.find((r) => r.id === id)!);
      assert.equal(sealed!.url, `http://carol:********@${peer.origin.slice(7)}/old?apitoken=********&x=1`);
      assert.deepEqual(openSecrets(h.server.ctx.keys.encryption, sealed!.secrets), {
        url_password: 'old-pass',
        url_query: [['apitoken', 'old-qs']],
      });
      assert.equal(plain!.url, `${peer.origin}/plain?Token=********`);
      assert.deepEqual(openSecrets(h.server.ctx.keys.encryption, plain!.secrets), {
        url_query: [['Token', 'old-tok']],
      });
      // The engine spreads first checks of existing monitors over their interval: ask for them now.
      for (const id of ids)
        assert.equal((await h.call('POST', `/api/monitors/${id}/check-now`)).statusCode, 202);
      await waitFor('the sealed monitor up', async () =>
        (await h.call('GET', `/api/monitors/${ids[0]}`)).json().current_status === 'up' ? true : undefined,
      );
      await waitFor('the plain monitor checked', async () =>
        peer.seen.some((r) => r.url === '/plain?Token=old-tok') ? true : undefined,
      );
      assert.ok(peer.seen.some((r) => r.url === '/old?apitoken=old-qs&x=1'));
    });
  });
}
