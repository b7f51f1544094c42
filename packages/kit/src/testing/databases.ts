import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { missing } from './tools.js';

/** The PostgreSQL the tests use: the machine's own, unless TEST_DATABASE_URL says otherwise. */
export const testPostgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface TestDatabaseTarget {
  name: 'sqlite' | 'postgres';
  /** false to run, or the reason to skip (under CI a missing PostgreSQL throws instead). */
  skip: false | string;
  /** A fresh, empty database: a new SQLite file or a new PostgreSQL schema, with its cleanup. */
  create(): Promise<{ databaseUrl: string | undefined; dataDir: string; cleanup(): Promise<void> }>;
}

// A generous timeout: on a loaded CI machine a first connection can take seconds, and under
// CI=true an unreachable PostgreSQL fails the whole file.
async function postgresReachable(): Promise<false | string> {
  const client = new pg.Client({ connectionString: testPostgresUrl, connectionTimeoutMillis: 15000 });
  try {
    await client.connect();
    await client.query('select 1');
    return false;
  } catch (e) {
    return missing(`PostgreSQL at ${testPostgresUrl} is not reachable (${(e as Error).message})`);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Both engines, so that a persistence test is written once and run on each:
 * `for (const t of await testDatabases()) describe(t.name, { skip: t.skip }, () => …)`.
 */
export async function testDatabases(): Promise<TestDatabaseTarget[]> {
  const pgSkip = await postgresReachable();
  return [
    {
      name: 'sqlite',
      skip: false,
      async create() {
        const dataDir = mkdtempSync(join(tmpdir(), 'kit-sqlite-'));
        return {
          databaseUrl: undefined,
          dataDir,
          cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
        };
      },
    },
    {
      name: 'postgres',
      skip: pgSkip,
      async create() {
        const dataDir = mkdtempSync(join(tmpdir(), 'kit-pg-'));
        const schema = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
        const admin = new pg.Client({ connectionString: testPostgresUrl });
        await admin.connect();
        await admin.query(`create schema ${schema}`);
        await admin.end();
        const u = new URL(testPostgresUrl);
        u.searchParams.set('options', `-c search_path=${schema}`);
        return {
          databaseUrl: u.toString(),
          dataDir,
          async cleanup() {
            const c = new pg.Client({ connectionString: testPostgresUrl });
            await c.connect();
            await c.query(`drop schema if exists ${schema} cascade`);
            await c.end();
            rmSync(dataDir, { recursive: true, force: true });
          },
        };
      },
    },
  ];
}
