import type { AddressInfo } from 'node:net';
import type { TestDatabaseTarget } from '@app/kit/testing';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { readConfig } from '../../src/config.js';
import { createServer, type RunningServer, type ServerOptions } from '../../src/server.js';

const ADMIN = { username: 'loc-root', password: 'loc-root-password-1' };

export interface LocationServer extends RunningServer {
  root: string;
  /** inject() as the superadmin (or `token`) with a JSON body. */
  call(
    method: InjectOptions['method'],
    url: string,
    body?: unknown,
    token?: string,
  ): Promise<LightMyRequestResponse>;
  /** inject() as a probe of `token`. */
  probe(token: string, opts: InjectOptions): Promise<LightMyRequestResponse>;
  listen(): Promise<string>;
  stop(): Promise<void>;
  database: { dataDir: string; databaseUrl?: string | undefined };
}

/**
 * A monitor service on a fresh database. The probe ingest tests run it without its engine, so the
 * inbox rows they check stay where the probe endpoints put them (judging them is the engine's).
 */
export async function startLocationServer(
  target: TestDatabaseTarget,
  opts: ServerOptions = {},
  env: Record<string, string> = {},
  /** Another instance on the database of this one (stopping it leaves the database). */
  share?: LocationServer,
): Promise<LocationServer> {
  const db = share ? { ...share.database, cleanup: async () => {} } : await target.create();
  const server = await createServer(
    readConfig({
      DATA_DIR: db.dataDir,
      ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl } : {}),
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'silent',
      ...env,
    }),
    opts,
  );
  const login = await server.app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN });
  const root = (login.json() as { access_token: string }).access_token;
  return {
    ...server,
    root,
    database: { dataDir: db.dataDir, databaseUrl: db.databaseUrl },
    call: (method, url, body, token = root) =>
      server.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(body !== undefined && { payload: body as object }),
      }),
    probe: (token, o) =>
      server.app.inject({ ...o, headers: { ...o.headers, authorization: `Bearer ${token}` } }),
    async listen() {
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      return `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    },
    async stop() {
      await server.close();
      await db.cleanup();
    },
  };
}
