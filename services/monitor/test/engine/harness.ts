import type { AddressInfo } from 'node:net';
import type { TestDatabaseTarget } from '@app/kit/testing';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { readConfig } from '../../src/config.js';
import type { EngineOptions } from '../../src/engine/scheduler/check-engine.js';
import { createServer, type RunningServer } from '../../src/server.js';

export const ADMIN = { username: 'engine-admin', password: 'engine-password-1' };

/** Engine settings that keep the suite fast: short leases, polls and batches. */
export const FAST_ENGINE: EngineOptions = {
  leaseMs: 3000,
  renewMs: 500,
  pollMs: 200,
  flushMs: 50,
  stopGraceMs: 1000,
};

export interface Harness {
  server: RunningServer;
  admin: string;
  viewer: string;
  databaseUrl: string | undefined;
  dataDir: string;
  /** inject() as `token` (admin by default) with a JSON body. */
  call(
    method: InjectOptions['method'],
    url: string,
    body?: unknown,
    token?: string,
  ): Promise<LightMyRequestResponse>;
  /** Listens on 127.0.0.1 and returns the base URL. */
  listen(): Promise<string>;
  /** Stops the server but keeps the database (to start another on it). */
  close(): Promise<void>;
  /** Stops the server and removes the database. */
  stop(): Promise<void>;
}

/** A monitor service with its engine on a fresh database; the same database can be reopened. */
export async function startHarness(
  target: TestDatabaseTarget,
  engine: EngineOptions = {},
  reuse?: { databaseUrl: string | undefined; dataDir: string; cleanup(): Promise<void> },
): Promise<Harness> {
  const db = reuse ?? (await target.create());
  const server = await createServer(
    readConfig({
      DATA_DIR: db.dataDir,
      ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl } : {}),
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'silent',
    }),
    { engine: { ...FAST_ENGINE, ...engine } },
  );
  const app = server.app;
  const login = async (username: string, password: string) => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
    if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
    return (res.json() as { access_token: string }).access_token;
  };
  const admin = await login(ADMIN.username, ADMIN.password);
  const exists = await app.inject({
    method: 'GET',
    url: '/api/users',
    headers: { authorization: `Bearer ${admin}` },
  });
  if (!(exists.json() as { username: string }[]).some((u) => u.username === 'watcher')) {
    await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { authorization: `Bearer ${admin}` },
      payload: { username: 'watcher', password: 'watcher-password-1', role: 'viewer' },
    });
  }
  const viewer = await login('watcher', 'watcher-password-1');
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await server.close();
  };
  return {
    server,
    admin,
    viewer,
    databaseUrl: db.databaseUrl,
    dataDir: db.dataDir,
    call: (method, url, body, token = admin) =>
      app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(body !== undefined && { payload: body as InjectOptions['payload'] }),
      }),
    async listen() {
      await app.listen({ port: 0, host: '127.0.0.1' });
      return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    },
    close,
    async stop() {
      await close();
      await db.cleanup();
    },
  };
}

/** Polls `probe` until it returns a value (not undefined), or fails after `ms`. */
export async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface ResultView {
  id: number;
  monitor_id: number;
  checked_at: string;
  status: 'up' | 'down';
  response_time_ms: number | null;
  status_code: number | null;
  error: string | null;
  tls_days_left: number | null;
}

/** A monitor's results, newest first. */
export async function resultsOf(h: Harness, monitorId: number, limit = 1000): Promise<ResultView[]> {
  const res = await h.call('GET', `/api/check-results?monitor_id=${monitorId}&limit=${limit}`);
  if (res.statusCode !== 200) throw new Error(`results: ${res.statusCode} ${res.body}`);
  return res.json();
}
