import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { freePort, runService, type ServiceProcess } from '@app/kit/testing';
import type { LocationView, LocationWithToken } from '../../src/shared-types/location-shapes.js';
import { ADMIN } from '../engine/harness.js';
import { openSse, type SseClient } from '../engine/sse-client.js';

/*
 * Real processes for the locations end-to-end test and bench/monitor-locations: the monitor
 * service as `npm start` runs it (SQLite in a data directory), probes as `npm run start:probe`
 * runs them, each with its own source address on loopback, and an HTTP target on 127.0.0.1 that
 * answers 500 to chosen source addresses and counts every request per source.
 */

const centralEntry = new URL('../../src/main.ts', import.meta.url).pathname;
const probeEntry = new URL('../../src/probe/main.ts', import.meta.url).pathname;

/** An HTTP target that fails (500) for the source addresses in `failing`. */
export interface SwitchableTarget {
  url: string;
  failing: Set<string>;
  /** Request times (ms) per source address and path. */
  hits(source: string, path?: string): number[];
  close(): Promise<void>;
}

export async function startTarget(): Promise<SwitchableTarget> {
  const failing = new Set<string>();
  const hits = new Map<string, number[]>();
  const server: Server = createServer((req, res) => {
    const source = req.socket.remoteAddress ?? '';
    const key = `${source} ${req.url ?? '/'}`;
    const list = hits.get(key) ?? [];
    list.push(Date.now());
    hits.set(key, list);
    res.statusCode = failing.has(source) ? 500 : 200;
    res.end(failing.has(source) ? 'failing for you' : 'ok');
  });
  server.keepAliveTimeout = 10_000;
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    failing,
    hits(source, path) {
      if (path !== undefined) return hits.get(`${source} ${path}`) ?? [];
      return [...hits.entries()].filter(([k]) => k.startsWith(`${source} `)).flatMap(([, v]) => v);
    },
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

export interface ApiAnswer<T = unknown> {
  status: number;
  json: T;
}

/** The central instance: one process at a time on one data directory and port (restartable). */
export class Central {
  proc!: ServiceProcess;
  base = '';
  private token = '';
  private readonly secretKey = randomBytes(32).toString('hex');

  constructor(
    private readonly dataDir: string,
    private readonly env: Record<string, string> = {},
  ) {}

  get pid(): number {
    return this.proc.child.pid!;
  }

  /** Starts the process (on the same port as before, when restarted) and signs in. */
  async start(): Promise<void> {
    const port = this.base ? Number(new URL(this.base).port) : await freePort();
    this.proc = runService(centralEntry, {
      DATA_DIR: this.dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      SECRET_KEY: this.secretKey,
      LOG_LEVEL: 'info',
      ...this.env,
    });
    await this.proc.waitFor(/Server listening/, 120_000);
    this.base = `http://127.0.0.1:${port}`;
    const login = await fetch(`${this.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const body = (await login.json()) as { access_token?: string };
    if (!body.access_token) throw new Error(`sign-in failed (${login.status})`);
    this.token = body.access_token;
  }

  /** The admin's access token (for a dashboard stream opened elsewhere). */
  get bearer(): string {
    return this.token;
  }

  /** kill -9, resolved once the process is gone. */
  async crash(): Promise<void> {
    this.proc.child.kill('SIGKILL');
    await this.proc.exited;
  }

  async stop(): Promise<void> {
    await this.proc?.stop();
  }

  /** An API call as the admin (or with `bearer`, e.g. a probe token). */
  async call<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    bearer = this.token,
  ): Promise<ApiAnswer<T>> {
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${bearer}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, json: (text ? JSON.parse(text) : null) as T };
  }

  /** The same call, failing the test unless it answers `expected`. */
  async ok<T = unknown>(method: string, path: string, body?: unknown, expected = 200): Promise<T> {
    const res = await this.call<T>(method, path, body);
    if (res.status !== expected) {
      throw new Error(
        `${method} ${path}: expected ${expected}, got ${res.status} ${JSON.stringify(res.json)}`,
      );
    }
    return res.json;
  }

  /** Creates a remote location; its token comes once, in this answer. */
  createLocation(id: string, name: string, heartbeatSeconds: number): Promise<LocationWithToken> {
    return this.ok<LocationWithToken>(
      'POST',
      '/api/locations',
      { id, name, heartbeat_seconds: heartbeatSeconds },
      201,
    );
  }

  location(id: string): Promise<LocationView> {
    return this.ok<LocationView>('GET', `/api/locations/${id}`);
  }

  /** The dashboard's live stream, as the admin. */
  stream(): Promise<SseClient> {
    return openSse(`${this.base}/api/sse/dashboard`, { authorization: `Bearer ${this.token}` });
  }
}

/** A probe process (`npm run start:probe`) bound to `source`. */
export class Probe {
  proc!: ServiceProcess;

  constructor(
    readonly source: string,
    private readonly env: Record<string, string>,
  ) {}

  async start(): Promise<void> {
    this.proc = runService(probeEntry, { PROBE_SOURCE_ADDRESS: this.source, LOG_LEVEL: 'info', ...this.env });
    await this.proc.waitFor(/"probe started"/, 60_000);
  }

  /** Resolves once the probe has read its assignments (`n`-th time: after reconnects). */
  async loaded(): Promise<void> {
    await this.proc.waitFor(/assignments loaded/, 60_000);
  }

  async crash(): Promise<void> {
    this.proc.child.kill('SIGKILL');
    await this.proc.exited;
  }

  /** SIGTERM: the probe sends what it has and exits; resolves with its exit code. */
  async stop(): Promise<number | null> {
    if (this.proc.child.exitCode !== null) return this.proc.child.exitCode;
    this.proc.child.kill('SIGTERM');
    return this.proc.exited;
  }
}

/** Polls `read` every 100 ms until it returns a value; rejects after `ms`, naming `what` and the last value seen. */
export async function until<T>(what: string, read: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
