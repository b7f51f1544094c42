import type { AppMigration } from '@app/kit';
import { sql } from 'kysely';

/**
 * Run ids are never handed out twice (issue 29): SQLite's plain `integer primary key` gives the next
 * row max(id) + 1, so deleting the newest run made its id, its `/analyses/<id>` links and its `a<id>`
 * output folder name point at the next repository. AUTOINCREMENT (ids above any ever used, kept in
 * `sqlite_sequence`) can only be declared when the table is created, so `analyses` (runs, history
 * runs and their per-commit runs alike) is rebuilt with it, rows, ids and indexes kept. PostgreSQL's
 * bigserial sequence never reuses an id and needs nothing. An id deleted before this migration ran
 * is not known to it: the sequence starts at the highest id still present.
 */
export const runIdsNeverReused: AppMigration = async (db, dialect) => {
  if (dialect === 'postgres') return;
  const { rows } = await sql<{ type: string; sql: string }>`
    select type, sql from sqlite_master where tbl_name = 'analyses' and sql is not null`.execute(db);
  const table = rows.find((r) => r.type === 'table')?.sql ?? '';
  const rebuilt = table
    .replace(/^create table "analyses"/i, 'create table "analyses_rebuilt"')
    .replace(/("id" integer not null primary key|"id" integer primary key)/i, '$1 autoincrement');
  if (!/^create table "analyses_rebuilt"/i.test(rebuilt) || !/autoincrement/i.test(rebuilt))
    throw new Error(`unexpected definition of table analyses: ${table.slice(0, 120)}`);
  const others = rows.filter((r) => r.type !== 'table');
  if (others.some((r) => r.type !== 'index')) throw new Error('table analyses has triggers or views');
  // Dropping the old table with foreign keys on would cascade into every child table (results,
  // outputs, per-commit runs); the pragma only takes effect outside a transaction (SQLite's
  // "making other kinds of table schema changes" procedure), and the check below proves every
  // reference still holds before the change is committed.
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin immediate`.execute(db);
    try {
      const before = (await sql`pragma foreign_key_check`.execute(db)).rows.length;
      await sql.raw(rebuilt).execute(db);
      // Same definition, same column order: the ids are copied as they are, and sqlite_sequence
      // starts at the highest.
      await sql`insert into analyses_rebuilt select * from analyses`.execute(db);
      await sql`drop table analyses`.execute(db);
      await sql`alter table analyses_rebuilt rename to analyses`.execute(db);
      for (const r of others) await sql.raw(r.sql).execute(db);
      // Compared with before: rows orphaned by an older version must not keep the service from starting.
      const after = (await sql`pragma foreign_key_check`.execute(db)).rows.length;
      if (after > before) throw new Error('rebuilding analyses would break foreign keys');
      await sql`commit`.execute(db);
    } catch (e) {
      await sql`rollback`.execute(db);
      throw e;
    }
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
};
