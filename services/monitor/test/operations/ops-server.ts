import type { TestDatabaseTarget } from '@app/kit/testing';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { readConfig } from '../../src/config.js';
import { createServer, type RunningServer, type ServerOptions } from '../../src/server.js';

export const ADMIN = { username: 'root-admin', password: 'admin-password-1' };

/** Outbox timings small enough for tests; the logic is the production one. */
export const FAST_OUTBOX = { pollMs: 25, baseDelayMs: 20, maxDelayMs: 200, timeoutMs: 5000, leaseMs: 10_000 };

export type TestDb = Awaited<ReturnType<TestDatabaseTarget['create']>>;

export interface OpsServer extends RunningServer {
  /** A fresh access token for `username`. */
  token(username?: string, password?: string): Promise<string>;
  /** inject() with a bearer credential. */
  as(token: string, opts: InjectOptions): Promise<LightMyRequestResponse>;
}

/** A real monitor service (engine off: these tests drive notifications directly) on `db`. */
export async function startOn(db: TestDb, opts: ServerOptions = {}): Promise<OpsServer> {
  const config = readConfig({
    DATA_DIR: db.dataDir,
    ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl } : {}),
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    SECRET_KEY: 'test-secret-key-for-operations',
    LOG_LEVEL: 'silent',
  });
  const server = await createServer(config, { startEngine: false, outbox: FAST_OUTBOX, ...opts });
  return {
    ...server,
    async token(username = ADMIN.username, password = ADMIN.password) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username, password },
      });
      if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
      return (res.json() as { access_token: string }).access_token;
    },
    as(token, opts) {
      return server.app.inject({ ...opts, headers: { ...opts.headers, authorization: `Bearer ${token}` } });
    },
  };
}

/** Creates users of each lower role and returns their tokens. */
export async function roleTokens(s: OpsServer, root: string): Promise<{ admin: string; viewer: string }> {
  for (const [username, role] of [
    ['ops-admin', 'admin'],
    ['ops-viewer', 'viewer'],
  ] as const) {
    const res = await s.as(root, {
      method: 'POST',
      url: '/api/users',
      payload: { username, password: `${username}-password`, role },
    });
    if (res.statusCode !== 201) throw new Error(`user ${username}: ${res.statusCode} ${res.body}`);
  }
  return {
    admin: await s.token('ops-admin', 'ops-admin-password'),
    viewer: await s.token('ops-viewer', 'ops-viewer-password'),
  };
}

/** Polls `read` until `ok` holds (bounded, so a broken test fails instead of hanging). */
export async function eventually<T>(
  read: () => Promise<T>,
  ok: (v: T) => boolean,
  limitMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`condition not met; last value: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
