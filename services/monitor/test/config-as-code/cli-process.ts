import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Harness } from '../engine/harness.js';
import { KIND_SECRETS, SECRETS } from './config-files.js';

// The `uptime-config` command as a real process, with an environment of only what a test gives it.

const BIN = fileURLToPath(new URL('../../bin/uptime-config.mjs', import.meta.url));

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}
export function run(args: string[], env: Record<string, string>): Promise<Run> {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !k.startsWith('UPTIME_') && !(k in SECRETS) && !(k in KIND_SECRETS),
    ),
  );
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { env: { ...clean, ...env } }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

export async function apiKey(h: Harness): Promise<string> {
  const res = await h.call('POST', '/api/api-keys', { name: 'ci' });
  assert.equal(res.statusCode, 201, res.body);
  return res.json().raw_key;
}
