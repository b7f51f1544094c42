// Server-side connection counts for the leak benchmark. The checks log in as a user of their own
// (bench_leaks) on PostgreSQL, MariaDB and Redis, so their connections can be told apart from
// everything else these shared servers are doing; the counting itself runs as the admin user.
import { Redis } from 'ioredis';
import mysql from 'mysql2/promise';
import pg from 'pg';

export const BENCH_USER = 'bench_leaks';
export const BENCH_PASSWORD = 'bench-leaks-pass-1';

const PG_ADMIN = 'postgres://postgres@127.0.0.1:5432/test';
const MARIADB_ADMIN = { host: '127.0.0.1', port: 3306, user: 'root', database: 'test' };
const REDIS = { host: '127.0.0.1', port: 6379 };

export interface ServerCounts {
  postgres: number | string;
  mariadb: number | string;
  redis: number | string;
}

/** The reason a probe failed, short, in place of its number. */
const failed = (e: unknown) => `unavailable (${(e as Error).message.split('\n')[0]})`;

/** Opens the admin connections and creates the bench user on each server (idempotent). */
export async function openCounters() {
  const pgAdmin = new pg.Client({ connectionString: PG_ADMIN });
  await pgAdmin.connect();
  const exists = await pgAdmin.query('select 1 from pg_roles where rolname = $1', [BENCH_USER]);
  if (exists.rowCount === 0)
    await pgAdmin.query(`create role ${BENCH_USER} login password '${BENCH_PASSWORD}'`);

  const my = await mysql.createConnection(MARIADB_ADMIN);
  for (const host of ['127.0.0.1', 'localhost']) {
    await my.query(`create user if not exists '${BENCH_USER}'@'${host}' identified by '${BENCH_PASSWORD}'`);
    await my.query(`grant usage on *.* to '${BENCH_USER}'@'${host}'`);
  }

  const redis = new Redis({ ...REDIS, lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  await redis.call(
    'ACL',
    'SETUSER',
    BENCH_USER,
    'on',
    `>${BENCH_PASSWORD}`,
    '~bench:*',
    '+@connection',
    '+get',
    '+info',
  );

  return {
    async counts(): Promise<ServerCounts> {
      const out: ServerCounts = { postgres: 0, mariadb: 0, redis: 0 };
      try {
        const r = await pgAdmin.query('select count(*)::int as n from pg_stat_activity where usename = $1', [
          BENCH_USER,
        ]);
        out.postgres = r.rows[0].n as number;
      } catch (e) {
        out.postgres = failed(e);
      }
      try {
        const [rows] = await my.query(
          'select count(*) as n from information_schema.processlist where user = ?',
          [BENCH_USER],
        );
        out.mariadb = Number((rows as { n: number }[])[0]!.n);
      } catch (e) {
        out.mariadb = failed(e);
      }
      try {
        const list = String(await redis.call('CLIENT', 'LIST'));
        out.redis = list.split('\n').filter((l) => l.includes(` user=${BENCH_USER} `)).length;
      } catch (e) {
        out.redis = failed(e);
      }
      return out;
    },
    /** Removes the bench user from Redis (ACL users live in memory) and closes the admin connections. */
    async close() {
      await redis.call('ACL', 'DELUSER', BENCH_USER).catch(() => undefined);
      redis.disconnect();
      await my.end();
      await pgAdmin.end();
    },
  };
}
