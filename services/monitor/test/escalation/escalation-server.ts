import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestDatabaseTarget } from '@app/kit/testing';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { readConfig } from '../../src/config.js';
import { createServer, type RunningServer } from '../../src/server.js';
import { FAST_ENGINE } from '../engine/harness.js';
import { FAST_OUTBOX } from '../operations/ops-server.js';

export const ADMIN = { username: 'esc-admin', password: 'esc-admin-password-1' };
const VIEWER = { username: 'esc-viewer', password: 'esc-viewer-password-1' };

export interface EscalationServer {
  server: RunningServer;
  admin: string;
  viewer: string;
  call(
    method: InjectOptions['method'],
    url: string,
    body?: unknown,
    token?: string,
  ): Promise<LightMyRequestResponse>;
  stop(): Promise<void>;
}

/**
 * A real monitor service with its engine, a fast outbox, and the escalation tick at 100 ms
 * (ESCALATION_TICK_MS, the production setting): policies with fractional minutes then escalate
 * within seconds of real time.
 */
export async function startEscalationServer(
  target: TestDatabaseTarget,
  opts: { engine?: boolean } = {},
): Promise<EscalationServer> {
  const db = await target.create();
  const server = await createServer(
    readConfig({
      DATA_DIR: db.dataDir,
      ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl } : {}),
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      SECRET_KEY: 'test-secret-key-for-escalation',
      LOG_LEVEL: 'silent',
      ESCALATION_TICK_MS: '100',
    }),
    { engine: FAST_ENGINE, outbox: FAST_OUTBOX, startEngine: opts.engine !== false },
  );
  const inject = (method: InjectOptions['method'], url: string, body: unknown, token: string) =>
    server.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(body !== undefined && { payload: body as InjectOptions['payload'] }),
    });
  const login = async (u: { username: string; password: string }) => {
    const res = await server.app.inject({ method: 'POST', url: '/api/auth/login', payload: u });
    if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
    return (res.json() as { access_token: string }).access_token;
  };
  const admin = await login(ADMIN);
  const made = await inject('POST', '/api/users', { ...VIEWER, role: 'viewer' }, admin);
  if (made.statusCode !== 201) throw new Error(`viewer: ${made.statusCode} ${made.body}`);
  const viewer = await login(VIEWER);
  return {
    server,
    admin,
    viewer,
    call: (method, url, body, token = admin) => inject(method, url, body, token),
    async stop() {
      await server.close();
      await db.cleanup();
    },
  };
}

/** A loopback target whose answer the test flips between 200 and 500. */
export async function flippableTarget(): Promise<{ url: string; status: number; close(): Promise<void> }> {
  const state = { status: 200 };
  const server: Server = createHttpServer((_req, res) => {
    res.writeHead(state.status, { 'content-type': 'text/plain' });
    res.end(state.status === 200 ? 'ok' : 'broken');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/health`,
    get status() {
      return state.status;
    },
    set status(s: number) {
      state.status = s;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
