import type { TestDatabaseTarget } from '@app/kit/testing';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { readConfig } from '../../src/config.js';
import { createServer, type RunningServer } from '../../src/server.js';

export const ADMIN = { username: 'root-admin', password: 'admin-password-1' };

export interface TestServer extends RunningServer {
  /** Signs in and returns the token pair. */
  login(username?: string, password?: string): Promise<{ access_token: string; refresh_token: string }>;
  /** inject() with a bearer credential. */
  as(token: string, opts: InjectOptions): Promise<LightMyRequestResponse>;
  stop(): Promise<void>;
}

/** A real monitor service on a fresh database of `target` (SQLite file or PostgreSQL schema). */
export async function startTestServer(
  target: TestDatabaseTarget,
  env: Record<string, string> = {},
): Promise<TestServer> {
  const db = await target.create();
  const config = readConfig({
    DATA_DIR: db.dataDir,
    ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl } : {}),
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'silent',
    ...env,
  });
  const server = await createServer(config);
  const app: FastifyInstance = server.app;
  return {
    ...server,
    async login(username = ADMIN.username, password = ADMIN.password) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username, password },
      });
      if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
      return res.json();
    },
    as(token, opts) {
      return app.inject({ ...opts, headers: { ...opts.headers, authorization: `Bearer ${token}` } });
    },
    async stop() {
      await server.close();
      await db.cleanup();
    },
  };
}

/** Asserts-free helper: the parsed problem body of a response, for compact assertions. */
export function problemOf(res: LightMyRequestResponse) {
  return { status: res.statusCode, type: res.headers['content-type'], ...res.json() };
}
