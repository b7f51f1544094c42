import { randomBytes } from 'node:crypto';
import { freePort, runService, type ServiceProcess } from '@app/kit/testing';
import pg from 'pg';
import { ADMIN } from '../engine/harness.js';
import { openSse, type SseClient } from '../engine/sse-client.js';

/*
 * Several monitor service processes on one PostgreSQL schema, as an operator runs them: real
 * processes started as `npm start` does, short leases from the environment, one shared secret key.
 */

const entry = new URL('../../src/main.ts', import.meta.url).pathname;

export interface TestDb {
  databaseUrl: string | undefined;
  dataDir: string;
}

export interface Instance {
  name: string;
  proc: ServiceProcess;
  base: string;
  pid: number;
  token: string;
  call(method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }>;
  stream(lastEventId?: string): Promise<SseClient>;
  /** kill -9, resolved once the process is gone. */
  crash(): Promise<void>;
}

/** Environment every instance of one cluster shares (the secret key must be the same everywhere). */
export function clusterEnv(db: TestDb, extra: Record<string, string> = {}): Record<string, string> {
  return {
    DATA_DIR: db.dataDir,
    DATABASE_URL: db.databaseUrl!,
    HOST: '127.0.0.1',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    SECRET_KEY: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'info',
    SCHEDULER_LEASE_SECONDS: '3',
    ...extra,
  };
}

/** Spawns an instance; resolves when it listens (its engine holds its shards by then). */
export async function startInstance(
  name: string,
  env: Record<string, string>,
  admin: { username: string; password: string } = ADMIN,
): Promise<Instance> {
  const port = await freePort();
  const proc = runService(entry, { ...env, PORT: String(port) });
  await proc.waitFor(/Server listening/, 120_000);
  const base = `http://127.0.0.1:${port}`;
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  if (!token) throw new Error(`${name}: sign-in failed (${login.status})`);
  return {
    name,
    proc,
    base,
    pid: proc.child.pid!,
    token,
    async call(method, path, body) {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, json: text ? JSON.parse(text) : null };
    },
    stream(lastEventId) {
      return openSse(`${base}/api/sse/dashboard`, {
        authorization: `Bearer ${token}`,
        ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
      });
    },
    async crash() {
      proc.child.kill('SIGKILL');
      await proc.exited;
    },
  };
}

/** The pid holding each shard's unexpired lease (lease owners read `host|pid|…`). */
export async function shardOwners(db: TestDb): Promise<Map<number, number>> {
  const client = new pg.Client({ connectionString: db.databaseUrl });
  await client.connect();
  try {
    const now = Date.now();
    const res = await client.query<{ shard: number; owner: string | null; lease_until: string }>(
      'select shard, owner, lease_until from scheduler_leases',
    );
    const owners = new Map<number, number>();
    for (const r of res.rows) {
      if (r.owner && Number(r.lease_until) > now) owners.set(r.shard, Number(r.owner.split('|')[1]));
    }
    return owners;
  } finally {
    await client.end();
  }
}

/** Polls `probe` every 100 ms until it returns a value; rejects after `ms` naming `what`. */
export async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Monitor ids by their number: monitors are named `m<n>` by createMonitors. */
export async function monitorIds(inst: Instance): Promise<Map<number, number>> {
  const res = await inst.call('GET', '/api/monitors');
  const body = res.json as { items?: { id: number; name: string }[] } | { id: number; name: string }[];
  const items = Array.isArray(body) ? body : (body.items ?? []);
  return new Map(items.map((m) => [Number(m.name.slice(1)), m.id]));
}
