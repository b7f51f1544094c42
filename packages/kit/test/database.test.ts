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

describe('file modes', () => {
  test('a new data folder and SQLite file (with -wal and -shm) are owner-only; looser ones are tightened', async () => {
    const { ensureWritableDir } = await import('../src/index.js');
    const { chmodSync, mkdtempSync, mkdirSync, statSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const mode = (p: string) => statSync(p).mode & 0o777;
    const base = mkdtempSync(join(tmpdir(), 'kit-modes-'));
    const old = process.umask(0o022);
    try {
      const fresh = join(base, 'fresh', 'data');
      const file = join(fresh, 'x.db');
      const d = await openDatabase<DB>({ sqliteFile: file, migrations });
      await d.db.insertInto('things').values({ name: 'a', at: 1, ok: 1, score: null }).execute();
      assert.equal(mode(fresh), 0o700);
      assert.equal(mode(join(base, 'fresh')), 0o700);
      for (const f of [file, `${file}-wal`, `${file}-shm`]) assert.equal(mode(f), 0o600, f);
      await d.close();

      // An older install: world-readable folder and files.
      const loose = join(base, 'loose');
      mkdirSync(loose, { mode: 0o755 });
      chmodSync(loose, 0o755);
      const looseFile = join(loose, 'x.db');
      const first = await openDatabase<DB>({ sqliteFile: looseFile, migrations });
      await first.db.insertInto('things').values({ name: 'b', at: 1, ok: 1, score: null }).execute();
      await first.close();
      for (const f of [looseFile, `${looseFile}-wal`, `${looseFile}-shm`]) {
        writeFileSync(f, '', { flag: 'a' });
        chmodSync(f, 0o644);
      }
      ensureWritableDir(loose);
      assert.equal(mode(loose), 0o700);
      const again = await openDatabase<DB>({ sqliteFile: looseFile, migrations });
      for (const f of [looseFile, `${looseFile}-wal`, `${looseFile}-shm`]) assert.equal(mode(f), 0o600, f);
      await again.close();
    } finally {
      process.umask(old);
    }
  });
});
