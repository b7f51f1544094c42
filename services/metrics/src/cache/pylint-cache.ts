import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Kysely } from 'kysely';
import { trackChildGroup } from '../process/child-groups.js';
import type { PylintFileResult } from '../pylint/run-pylint.js';
import { killGroup } from '../repo/run-git.js';
import { cacheRepo } from '../store/repos/cache-repo.js';
import type { MetricsDB } from '../store/schema.js';

/** What a pylint step produced: results per file and the warnings it recorded (crashed files). */
export interface PylintOutcome {
  results: Map<string, PylintFileResult>;
  warnings: string[];
}

/** The key of one pylint result set: exact, since some messages depend on the other modules. */
export interface PylintKey {
  tree: string;
  version: string;
  options: string;
}

const PLUGIN_DIR = fileURLToPath(new URL('../pylint/plugin/', import.meta.url));
// A pylint that does not answer --version in this time is used uncached.
const VERSION_TIMEOUT_MS = 60_000;

/**
 * `pylint --version` of `command`, asked for every run (an upgrade between runs must not reuse old
 * results); null when it cannot be run. Its own process group, so a cancel or a crash of the service
 * reaps it like pylint itself.
 */
export function pylintVersion(
  command: string,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<string | null> {
  return new Promise((resolve) => {
    let child: ChildProcess;
    try {
      child = spawn(command, ['--version'], {
        detached: true,
        stdio: ['ignore', 'pipe', 'ignore'],
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          LANG: 'C.UTF-8',
          PYTHONDONTWRITEBYTECODE: '1',
        },
      });
    } catch {
      resolve(null);
      return;
    }
    trackChildGroup(child, 'pylint --version');
    let out = '';
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (d: string) => {
      if (out.length < 4096) out += d;
    });
    const stop = (): void => killGroup(child);
    const timer = setTimeout(stop, Math.min(VERSION_TIMEOUT_MS, timeoutMs));
    signal?.addEventListener('abort', stop, { once: true });
    const done = (v: string | null): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', stop);
      resolve(v);
    };
    child.on('error', () => done(null));
    child.on('close', (code) => done(code === 0 && out.trim() ? out.trim().replace(/\s+/g, ' ') : null));
  });
}

/**
 * Hash of everything besides the tree and pylint's version that shapes pylint's output: the service's
 * rc file and plugin, the command, the parallelism, and the exact list of files checked (exclusions
 * and SKIP_TEST_FILES change it).
 */
export function pylintOptionsHash(o: { command: string; jobs: number; files: string[] }): string {
  const h = createHash('sha256');
  for (const name of readdirSync(PLUGIN_DIR).sort()) {
    if (name.endsWith('.pyc') || name === '__pycache__') continue;
    h.update(name)
      .update('\0')
      .update(readFileSync(join(PLUGIN_DIR, name)))
      .update('\0');
  }
  h.update(`${o.command}\0${o.jobs}\0`);
  for (const f of [...o.files].sort()) h.update(f).update('\0');
  return h.digest('hex');
}

export async function readPylintCache(db: Kysely<MetricsDB>, key: PylintKey): Promise<PylintOutcome | null> {
  const payload = await cacheRepo.getPylint(db, key.tree, key.version, key.options, Date.now());
  if (!payload) return null;
  const data = JSON.parse(gunzipSync(payload).toString('utf8')) as {
    results: [string, PylintFileResult][];
    warnings: string[];
  };
  return { results: new Map(data.results), warnings: data.warnings };
}

export async function writePylintCache(
  db: Kysely<MetricsDB>,
  key: PylintKey,
  outcome: PylintOutcome,
): Promise<void> {
  const payload = gzipSync(JSON.stringify({ results: [...outcome.results], warnings: outcome.warnings }));
  await cacheRepo.putPylint(db, key, payload, Date.now());
}
