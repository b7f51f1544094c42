// Upgrading a SQLite database to AUTOINCREMENT run ids (migration 010) keeps every run, its id, its
// results and outputs, and the cascades that delete them with the run.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { openDatabase } from '@app/kit';
import { type Kysely, sql } from 'kysely';
import { migrations } from '../../src/store/migrations/index.js';

const dir = mkdtempSync(join(tmpdir(), 'metrics-run-ids-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const run = (id: number, parent: number | null = null) => sql`
  insert into analyses (id, repo_url, owner, repo, status, stage, stage_times, warnings, settings, created_at, history_parent_id)
  values (${id}, 'https://github.com/acme/w', 'acme', 'w', 'done', 'done', '[]', '[]', '{}', 1, ${parent})`;

const count = async (db: Kysely<unknown>, table: string) =>
  Number(
    (await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db)).rows[0]?.n ?? -1,
  );

test('the rebuild keeps runs, ids, children and cascades, and ids are not reused after it', async () => {
  const file = join(dir, 'metrics.db');
  const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '010'));
  const old = await openDatabase<unknown>({ sqliteFile: file, migrations: before });
  await run(5).execute(old.db);
  await run(7).execute(old.db);
  await run(9, 7).execute(old.db);
  await sql`insert into output_files (analysis_id, name, encoding, size, content) values (7, 'file.csv', 'gzip', 1, x'00')`.execute(
    old.db,
  );
  await old.close();

  const { db, close } = await openDatabase<unknown>({ sqliteFile: file, migrations });
  try {
    const ids = (await sql<{ id: number }>`select id from analyses order by id`.execute(db)).rows.map(
      (r) => r.id,
    );
    assert.deepEqual(ids, [5, 7, 9]);
    const table = (
      await sql<{ sql: string }>`select sql from sqlite_master where name = 'analyses'`.execute(db)
    ).rows[0]?.sql;
    assert.match(table ?? '', /autoincrement/i);
    const indexes = (
      await sql<{
        name: string;
      }>`select name from sqlite_master where type = 'index' and tbl_name = 'analyses' and sql is not null order by name`.execute(
        db,
      )
    ).rows.map((r) => r.name);
    assert.deepEqual(indexes, [
      'analyses_history_parent',
      'analyses_one_pending',
      'analyses_repo',
      'analyses_status',
    ]);
    assert.equal(
      Number((await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db)).rows[0]?.foreign_keys),
      1,
    );

    // Deleting the newest run, then adding one: a new id, not 9 again.
    await sql`delete from analyses where id = 9`.execute(db);
    const added = await sql<{ id: number }>`
      insert into analyses (repo_url, owner, repo, status, stage, stage_times, warnings, settings, created_at)
      values ('https://github.com/acme/x', 'acme', 'x', 'pending', 'queued', '[]', '[]', '{}', 2) returning id`.execute(
      db,
    );
    assert.ok(Number(added.rows[0]?.id) > 9, `got id ${added.rows[0]?.id}`);

    // The cascades still hold: a history run takes its per-commit runs and its outputs with it.
    await run(11, 7).execute(db);
    await sql`delete from analyses where id = 7`.execute(db);
    assert.equal(await count(db, 'output_files'), 0);
    assert.equal(
      Number(
        (await sql<{ n: number }>`select count(*) as n from analyses where id in (7, 11)`.execute(db)).rows[0]
          ?.n,
      ),
      0,
    );
  } finally {
    await close();
  }
});
