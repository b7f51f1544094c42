import { randomBytes } from 'node:crypto';
import { type AddressInfo, createServer, type Socket } from 'node:net';
import { missing, testPostgresUrl } from '@app/kit/testing';
import { Redis } from 'ioredis';
import mysql from 'mysql2/promise';
import pg from 'pg';
import type { CheckTarget } from '../../src/engine/checks/index.js';

/**
 * The real servers on this machine the service checks are tested against. Each probe answers
 * false (run) or the reason to skip; under CI=true a missing server throws instead (`missing`),
 * so a CI run without them is red rather than quietly thinner.
 */
export const MARIADB = { host: '127.0.0.1', port: 3306, user: 'root', database: 'test' };
export const REDIS = { host: '127.0.0.1', port: 6379 };
export const POSTGRES = new URL(testPostgresUrl);

async function reachable(name: string, probe: () => Promise<unknown>): Promise<false | string> {
  try {
    await probe();
    return false;
  } catch (e) {
    return missing(`${name} is not reachable (${(e as Error).message})`);
  }
}

export const needPostgres = () =>
  reachable(`PostgreSQL at ${POSTGRES.host}`, async () => {
    const c = new pg.Client({ connectionString: testPostgresUrl, connectionTimeoutMillis: 3000 });
    try {
      await c.connect();
      await c.query('select 1');
    } finally {
      await c.end().catch(() => {});
    }
  });

export const needMariadb = () =>
  reachable(`MariaDB at ${MARIADB.host}:${MARIADB.port}`, async () => {
    const c = await mysql.createConnection({ ...MARIADB, connectTimeout: 3000 });
    await c.end();
  });

export const needRedis = () =>
  reachable(`Redis at ${REDIS.host}:${REDIS.port}`, async () => {
    const r = new Redis({ ...REDIS, lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
    r.on('error', () => {});
    try {
      await r.connect();
      await r.ping();
    } finally {
      r.disconnect();
    }
  });

/** A name no test run has used: roles, users and keys made by a test never collide with another's. */
export const uniqueName = (prefix: string) => `${prefix}_${randomBytes(5).toString('hex')}`;

/** A check target of `type` with a short timeout, for the checker tests. */
export function target(
  monitor_type: CheckTarget['monitor_type'],
  url: string,
  extra: Partial<CheckTarget> = {},
) {
  return { monitor_type, url, timeout_seconds: 2, ...extra } satisfies CheckTarget;
}

/**
 * A loopback server that accepts connections and never says a word: the timeout case of every
 * checker. `settled()` resolves once every accepted connection was closed by the client.
 */
export async function startSilentServer() {
  const open = new Set<Socket>();
  let accepted = 0;
  let onIdle: (() => void) | null = null;
  const server = createServer((socket) => {
    accepted++;
    open.add(socket);
    socket.on('error', () => {});
    // Reads and drops what the client sends, so the client's close (FIN after data) is seen.
    socket.resume();
    socket.once('close', () => {
      open.delete(socket);
      if (open.size === 0) onIdle?.();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    accepted: () => accepted,
    /** Resolves when no accepted connection is left open. */
    settled: () =>
      new Promise<void>((resolve) => {
        if (open.size === 0) resolve();
        else onIdle = resolve;
      }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of open) s.destroy();
        server.close(() => resolve());
      }),
  };
}
export type SilentServer = Awaited<ReturnType<typeof startSilentServer>>;

/** Polls `probe` until it returns true, failing after `ms` (a closed connection reaches the server's view a little later). */
export async function eventually(what: string, probe: () => Promise<boolean>, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
