import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@app/kit/testing';

const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));

/** One metrics process started as `main.ts --role <role>`, with its own data folder (its own "machine"). */
export interface Instance {
  role: 'api' | 'worker' | 'all';
  url: string;
  dataDir: string;
  child: ChildProcess;
  /** Exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  output(): string;
  /** SIGTERM and wait for the exit code. */
  stop(): Promise<number | null>;
  /** kill -9. */
  kill(): Promise<void>;
}

async function waitReady(inst: Instance, ms = 120_000): Promise<void> {
  const end = Date.now() + ms;
  let dead = false;
  void inst.exited.then(() => {
    dead = true;
  });
  for (;;) {
    if (dead) throw new Error(`${inst.role} instance exited before it was ready:\n${inst.output()}`);
    const ok = await fetch(`${inst.url}/readyz`)
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) return;
    if (Date.now() > end) throw new Error(`${inst.role} instance not ready:\n${inst.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Starts an instance and resolves once its `/readyz` answers 200. */
export async function startInstance(
  role: Instance['role'],
  env: Record<string, string>,
  opts: { ready?: boolean } = {},
): Promise<Instance> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), `metrics-${role}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, '--role', role], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ANALYSIS_THREADS: '1',
      PYLINT_JOBS: '1',
      LEASE_SECONDS: '2',
      POLL_INTERVAL_MS: '500',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (b: Buffer) => {
    out += b.toString();
  });
  child.stderr!.on('data', (b: Buffer) => {
    out += b.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const inst: Instance = {
    role,
    url: `http://127.0.0.1:${port}`,
    dataDir,
    child,
    exited,
    output: () => out,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
  if (opts.ready !== false) await waitReady(inst);
  return inst;
}

/** Polls `probe` until it gives a value (for states only the database shows, e.g. a run's stage). */
export async function waitUntil<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  ms = 60_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe().catch(() => undefined);
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
