import { closeSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  sql,
} from 'kysely';
import { redactUrl } from '../config/env-fields.js';
import { ensureWritableDir, PRIVATE_FILE_MODE, restrictToOwner, StartupError } from './data-dir.js';
import type { DialectName } from './dialect.js';

/** A migration receives the dialect so it can pick the few types that differ. */
export type AppMigration = (db: Kysely<unknown>, dialect: DialectName) => Promise<void>;

export interface OpenDatabaseOptions {
  /** `postgres://…` selects PostgreSQL; unset selects SQLite at `sqliteFile`. */
  databaseUrl?: string | undefined;
  sqliteFile: string;
  /** Ordered by name: use zero-padded prefixes such as `001-identity`. */
  migrations: Record<string, AppMigration>;
}

export interface Database<DB> {
  db: Kysely<DB>;
  dialect: DialectName;
  close(): Promise<void>;
}

/**
 * Opens the service database, proves it answers, and brings its schema up to date.
 * Failures become a StartupError with one line naming the problem (never a password).
 */
export async function openDatabase<DB>(opts: OpenDatabaseOptions): Promise<Database<DB>> {
  const dialect: DialectName = opts.databaseUrl ? 'postgres' : 'sqlite';
  const db = dialect === 'postgres' ? await openPostgres(opts.databaseUrl!) : openSqlite(opts.sqliteFile);
  try {
    await migrate(db, dialect, opts.migrations);
  } catch (e) {
    await db.destroy().catch(() => {});
    if (e instanceof StartupError) throw e;
    const where = dialect === 'postgres' ? `DATABASE_URL ${redactUrl(opts.databaseUrl!)}` : opts.sqliteFile;
    throw new StartupError(`database ${where} cannot be used: ${(e as Error).message}`);
  }
  return { db: db as Kysely<DB>, dialect, close: () => db.destroy() };
}

function openSqlite(file: string): Kysely<unknown> {
  ensureWritableDir(dirname(file));
  let native: SqliteDatabase.Database;
  try {
    // Created owner-only before SQLite opens it: SQLite gives its -wal and -shm files the
    // database file's mode, so all three stay private. Files from older versions are tightened.
    closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
    restrictToOwner(file, PRIVATE_FILE_MODE);
    native = new SqliteDatabase(file);
  } catch (e) {
    throw new StartupError(`SQLite file ${file} cannot be opened: ${(e as Error).message}`);
  }
  // WAL lets readers (API) run while the engine writes; NORMAL sync is durable across crashes
  // of the process, which is what matters for a monitor, at a fraction of FULL's fsync cost.
  native.pragma('journal_mode = WAL');
  native.pragma('synchronous = NORMAL');
  native.pragma('foreign_keys = ON');
  native.pragma('busy_timeout = 5000');
  for (const side of ['-wal', '-shm']) restrictToOwner(`${file}${side}`, PRIVATE_FILE_MODE);
  return new Kysely({ dialect: new SqliteDialect({ database: native }) });
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/** pg loads only for a PostgreSQL database: a SQLite service never pays for it (issue 29). */
async function openPostgres(url: string): Promise<Kysely<unknown>> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5000,
    types: {
      // Epoch-millisecond times and ids fit in a double; strings here would leak into every repository.
      getTypeParser: ((oid: number, format?: string) =>
        oid === INT8_OID || oid === NUMERIC_OID
          ? (v: string) => Number(v)
          : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
    },
  });
  pool.on('error', () => {
    // An idle client that dies is replaced by the pool; without a listener Node would crash.
  });
  return new Kysely({ dialect: new PostgresDialect({ pool }) });
}

async function migrate(db: Kysely<unknown>, dialect: DialectName, migrations: Record<string, AppMigration>) {
  const provider: MigrationProvider = {
    async getMigrations() {
      const out: Record<string, Migration> = {};
      for (const [name, up] of Object.entries(migrations)) {
        out[name] = { up: (k) => up(k as Kysely<unknown>, dialect) };
      }
      return out;
    },
  };
  // Kysely looks for its bookkeeping tables across every schema; pinning them to the connection's
  // own schema keeps two databases that share one PostgreSQL (tests, tenants) from confusing it.
  const migrationTableSchema =
    dialect === 'postgres'
      ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s
      : undefined;
  const migrator = new Migrator({ db, provider, migrationTableSchema });
  for (let attempt = 1; ; attempt++) {
    const { error } = await migrator.migrateToLatest();
    if (!error) return;
    // Kysely's introspection reads every schema's tables (pg_get_serial_sequence on each column);
    // another schema dropped meanwhile (a test's, a tenant's) fails that read with 3F000, or, caught
    // between its tables and their columns, with 42P01 or 42703, although nothing of ours is wrong.
    // Nothing was applied in that case (a migration of ours that fails rolls back): reading again is
    // safe, and one of ours that really fails fails again.
    if (attempt < 5 && isOtherSchemaGone(error, migrationTableSchema)) continue;
    throw error instanceof Error ? error : new Error(String(error));
  }
}

/** PostgreSQL's invalid_schema_name for a schema that is not ours, or a table or column gone under it. */
function isOtherSchemaGone(error: unknown, own: string | undefined): boolean {
  const e = error as { code?: string; message?: string };
  if (own === undefined) return false;
  if (e?.code === '42P01' || e?.code === '42703') return true;
  return e?.code === '3F000' && !String(e.message).includes(`"${own}"`);
}
