import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, runService, type ServiceProcess } from '@app/kit/testing';

const entry = new URL('../../src/main.ts', import.meta.url).pathname;

export const ADMIN = { username: 'admin', password: 'admin-password-1' };

/** A monitor service running as a real process on loopback, with its own data directory. */
export interface RunningMonitor {
  base: string;
  port: number;
  proc: ServiceProcess;
  dataDir: string;
  /** Stops the process and removes the data directory (unless kept for a restart). */
  stop(keepData?: boolean): Promise<void>;
}

/** Starts the service (which serves the built dashboard) and waits until it answers; `reuse` restarts one. */
export async function startMonitor(
  env: Record<string, string> = {},
  reuse?: { dataDir: string; port: number },
): Promise<RunningMonitor> {
  const dataDir = reuse?.dataDir ?? mkdtempSync(join(tmpdir(), 'mon-web-'));
  const port = reuse?.port ?? (await freePort());
  const proc = runService(entry, {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
    ...env,
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (proc.child.exitCode !== null) throw new Error(`monitor exited:\n${proc.output()}`);
    if (i > 300) throw new Error(`monitor did not answer:\n${proc.output()}`);
    await sleep(100);
  }
  return {
    base,
    port,
    proc,
    dataDir,
    async stop(keepData = false) {
      await proc.stop();
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Calls the API as `who` (a token), failing the test on a non-2xx answer. */
export async function apiCall<T>(
  base: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(base + path, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** Signs in through the API and returns the access token. */
export async function tokenFor(base: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`login ${username} → ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}
