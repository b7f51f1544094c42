import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { freePort, runService, type ServiceProcess } from '@app/kit/testing';
import { ADMIN } from './harness.js';

/*
 * The pieces of a crash-and-restart run with real processes, shared by crash-restart.test.ts and
 * bench/monitor-crash-restart: a loopback target counting each monitor's checks, the monitor
 * service as `npm start` runs it (production lease timings), kill -9 and restart on one database.
 */

const entry = new URL('../../src/main.ts', import.meta.url).pathname;

/** An HTTP target on 127.0.0.1 recording when each monitor (`/m/<n>`) was checked. */
export interface CountingTarget {
  origin: string;
  /** Check times (ms) per monitor number, oldest first. */
  hits: Map<number, number[]>;
  /** Resolves once `done()` holds, re-evaluated at every hit; rejects after `ms`. */
  until(what: string, done: () => boolean, ms: number): Promise<void>;
  close(): Promise<void>;
}

export async function startCountingTarget(): Promise<CountingTarget> {
  const hits = new Map<number, number[]>();
  const waiters = new Set<() => void>();
  const server: Server = createServer((req, res) => {
    const n = Number(/^\/m\/(\d+)/.exec(req.url ?? '')?.[1]);
    if (Number.isInteger(n)) {
      const list = hits.get(n) ?? [];
      list.push(Date.now());
      hits.set(n, list);
    }
    res.end('ok');
    for (const w of waiters) w();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    until(what, done, ms) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!done()) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`timed out waiting for ${what}`));
        }, ms);
        waiters.add(check);
        check();
      });
    },
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

/** A running monitor service process and when it became ready (listening, engine started). */
export interface MonitorProcess {
  proc: ServiceProcess;
  base: string;
  /** When the process was spawned and when it logged that it listens (ms). */
  spawnedAt: number;
  readyAt: number;
  /** kill -9, resolved once the process is gone (and reaped). */
  crash(): Promise<void>;
}

export async function startMonitorProcess(db: { databaseUrl: string | undefined; dataDir: string }) {
  const port = await freePort();
  const spawnedAt = Date.now();
  const proc = runService(entry, {
    DATA_DIR: db.dataDir,
    ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl } : {}),
    PORT: String(port),
    HOST: '127.0.0.1',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'info',
  });
  // The engine holds its shards before the server listens (see server.ts), so this is "ready".
  await proc.waitFor(/Server listening/, 60_000);
  const readyAt = Date.now();
  return {
    proc,
    base: `http://127.0.0.1:${port}`,
    spawnedAt,
    readyAt,
    async crash() {
      proc.child.kill('SIGKILL');
      await proc.exited;
    },
  } satisfies MonitorProcess;
}

/** Creates monitors 0…n-1 checking `<origin>/m/<i>` every `intervalSeconds`. */
export async function createMonitors(base: string, origin: string, n: number, intervalSeconds: number) {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const { access_token } = (await login.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' };
  for (let from = 0; from < n; from += 25) {
    await Promise.all(
      Array.from({ length: Math.min(25, n - from) }, async (_, j) => {
        const res = await fetch(`${base}/api/monitors`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            name: `m${from + j}`,
            url: `${origin}/m/${from + j}`,
            check_interval_seconds: intervalSeconds,
            timeout_seconds: intervalSeconds,
          }),
        });
        if (res.status !== 201) throw new Error(`creating a monitor: ${res.status} ${await res.text()}`);
      }),
    );
  }
}

/** Per monitor, its first check at or after `from` (ms), or undefined. */
export function firstChecksAfter(target: CountingTarget, n: number, from: number): (number | undefined)[] {
  return Array.from({ length: n }, (_, i) => target.hits.get(i)?.find((t) => t >= from));
}

/** The longest time any monitor went unchecked between `from` and `to` (ms). */
export function maxGap(target: CountingTarget, n: number, from: number, to: number): number {
  let worst = 0;
  for (let i = 0; i < n; i++) {
    const times = [from, ...(target.hits.get(i) ?? []).filter((t) => t > from && t < to), to];
    for (let j = 1; j < times.length; j++) worst = Math.max(worst, times[j]! - times[j - 1]!);
  }
  return worst;
}
