import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createLogger, openDatabase } from '@app/kit';
import { testDatabases } from '@app/kit/testing';
import { readConfig } from '../../src/config.js';
import { sha256 } from '../../src/identity/auth/secrets.js';
import { loadSecretKeys } from '../../src/platform/crypto/secret-key.js';
import { migrationsWith } from '../../src/store/migrations/index.js';
import type { MonitorDB } from '../../src/store/schema.js';

// Sign-ins live when 052-sessions runs become sessions (so they keep refreshing and show in the
// list); ended ones do not.
for (const target of await testDatabases()) {
  describe(`migration 052 on ${target.name}`, { skip: target.skip }, () => {
    test('live refresh families are recorded as sessions with their first and last times', async () => {
      const db = await target.create();
      try {
        const config = readConfig({
          DATA_DIR: db.dataDir,
          ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl } : {}),
        });
        const keys = loadSecretKeys(undefined, db.dataDir, createLogger({ name: 't', level: 'silent' }));
        const all = migrationsWith(() => keys.encryption);
        const open = (below: string) =>
          openDatabase<MonitorDB>({
            databaseUrl: config.databaseUrl,
            sqliteFile: config.sqliteFile,
            migrations: Object.fromEntries(Object.entries(all).filter(([name]) => name < below)),
          });
        const old = await open('052');
        const user = await old.db
          .insertInto('users')
          .values({
            username: 'old-timer',
            email: null,
            password_hash: 'x',
            role: 'viewer',
            must_change_password: 0,
            created_at: 1,
            updated_at: 1,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const token = (family: string, n: number, used: boolean, revoked: boolean) => ({
          user_id: user.id,
          family_id: family,
          token_hash: sha256(`${family}-${n}`),
          created_at: 1_000 * n,
          expires_at: 1_000 * n + 10_000,
          used_at: used ? 1_000 * n + 1 : null,
          revoked_at: revoked ? 1_000 * n + 2 : null,
        });
        await old.db
          .insertInto('refresh_tokens')
          .values([
            // live: two renewals, the last token unused
            token('live', 1, true, false),
            token('live', 2, true, false),
            token('live', 3, false, false),
            // ended by a sign-out
            token('ended', 4, true, false),
            token('ended', 5, false, true),
          ])
          .execute();
        await old.close();

        const next = await open('zzz');
        const rows = await next.db.selectFrom('sessions').selectAll().execute();
        await next.close();
        assert.deepEqual(
          rows.map((r) => ({ ...r, user_id: Number(r.user_id) })),
          [
            {
              id: 'live',
              user_id: user.id,
              auth_method: 'password',
              user_agent: null,
              ip: null,
              created_at: 1_000,
              last_used_at: 3_000,
              expires_at: 13_000,
              revoked_at: null,
            },
          ],
        );
      } finally {
        await db.cleanup();
      }
    });
  });
}
