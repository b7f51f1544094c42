import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, runService } from '@app/kit/testing';

const entry = new URL('../../src/main.ts', import.meta.url).pathname;

/** A JSON answer of the API. */
export interface Answer {
  status: number;
  json: Record<string, unknown>;
}

/**
 * The real monitor as its own process logging at debug level, signed in as its first admin: for
 * tests that read everything it logged (`process.output()`, after `process.stop()`).
 */
export async function startDebugService() {
  const port = await freePort();
  const process = runService(entry, {
    DATA_DIR: mkdtempSync(join(tmpdir(), 'mon-logs-')),
    PORT: String(port),
    HOST: '127.0.0.1',
    ADMIN_USERNAME: 'log-admin',
    ADMIN_PASSWORD: 'log-admin-password',
    LOG_LEVEL: 'debug',
  });
  await process.waitFor(/Server listening/);
  const base = `http://127.0.0.1:${port}`;
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'log-admin', password: 'log-admin-password' }),
  });
  const { access_token } = (await login.json()) as { access_token: string };
  const call = async (method: string, path: string, body?: unknown): Promise<Answer> => {
    const res = await fetch(base + path, {
      method,
      headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };
  return { process, base, call };
}
