import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import type { Generated } from 'kysely';
import { type AppMigration, columnTypes, openDatabase, StartupError } from '../src/index.js';
import { testDatabases } from '../src/testing/index.js';

interface DB {
  things: { id: Generated<number>; name: string; at: number; ok: number; score: number | null };
}

const migrations: Record<string, AppMigration> = {
  '001-things': async (db, dialect) => {
    const t = columnTypes(dialect);
    await db.schema
      .createTable('things')
      .addColumn('id', t.id, (c) => c.primaryKey())
      .addColumn('name', t.text, (c) => c.notNull().unique())
      .addColumn('at', t.bigint, (c) => c.notNull())
      .addColumn('ok', t.int, (c) => c.notNull().defaultTo(0))
      .addColumn('score', t.real)
      .execute();
  },
};

for (const target of await testDatabases()) {
  describe(`database on ${target.name}`, { skip: target.skip }, () => {
    test('migrates, writes, reads back numbers as numbers, and migrates again idempotently', async () => {
      const env = await target.create();
      try {
        const opts = { databaseUrl: env.databaseUrl, sqliteFile: join(env.dataDir, 'x.db'), migrations };
        const first = await openDatabase<DB>(opts);
        const at = Date.UTC(2030, 0, 1, 12, 0, 0, 123);
        const row = await first.db
          .insertInto('things')
          .values({ name: 'a', at, ok: 1, score: 0.25 })
          .returning(['id', 'at', 'score'])
          .executeTakeFirstOrThrow();
        assert.equal(typeof row.id, 'number');
        assert.equal(row.at, at);
        assert.equal(row.score, 0.25);
        await assert.rejects(
          first.db.insertInto('things').values({ name: 'a', at, ok: 0, score: null }).execute(),
        );
        await first.close();

        const second = await openDatabase<DB>(opts);
        const all = await second.db.selectFrom('things').selectAll().execute();
        assert.deepEqual(all, [{ id: row.id, name: 'a', at, ok: 1, score: 0.25 }]);
        await second.close();
      } finally {
        await env.cleanup();
      }
    });

    test('a transaction that throws leaves nothing behind', async () => {
      const env = await target.create();
      try {
        const d = await openDatabase<DB>({
          databaseUrl: env.databaseUrl,
          sqliteFile: join(env.dataDir, 'x.db'),
          migrations,
        });
        await assert.rejects(
          d.db.transaction().execute(async (trx) => {
            await trx.insertInto('things').values({ name: 'b', at: 1, ok: 0, score: null }).execute();
            throw new Error('boom');
          }),
          /boom/,
        );
        assert.equal((await d.db.selectFrom('things').selectAll().execute()).length, 0);
        await d.close();
      } finally {
        await env.cleanup();
      }
    });
  });
}

describe('start-up failures are one clear line', () => {
  test('an unreachable PostgreSQL names DATABASE_URL and hides the password', async () => {
    await assert.rejects(
      openDatabase({
        databaseUrl: 'postgres://u:secretpw@127.0.0.1:1/db',
        sqliteFile: '/unused',
        migrations,
      }),
      (e: unknown) => {
        assert.ok(e instanceof StartupError);
        assert.match(
          e.message,
          /^database DATABASE_URL postgres:\/\/u:\*\*\*@127\.0\.0\.1:1\/db cannot be used: /,
        );
        assert.doesNotMatch(e.message, /secretpw/);
        return true;
      },
    );
  });

  test('a data directory that is a file cannot be used', async () => {
    await assert.rejects(
      openDatabase({ sqliteFile: '/etc/hostname/sub/x.db', migrations }),
      /"\/etc\/hostname\/sub" is not a writable directory \(ENOTDIR\)/,
    );
  });
});

describe('data directories', () => {
  test('a missing folder is created level by level; a pseudo file system fails at once', async () => {
    const { ensureWritableDir } = await import('../src/index.js');
    const { mkdtempSync, statSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const base = mkdtempSync(join(tmpdir(), 'kit-dir-'));
    const deep = ensureWritableDir(join(base, 'a', 'b', 'c'));
    assert.ok(statSync(deep).isDirectory());
    assert.throws(
      () => ensureWritableDir('/proc/nope/data'),
      /DATA_DIR "\/proc\/nope\/data" is not a writable directory/,
    );
  });
});
