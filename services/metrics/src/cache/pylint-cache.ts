import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Kysely } from 'kysely';
import type { PylintFileResult } from '../pylint/run-pylint.js';
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
const versions = new Map<string, Promise<string | null>>();

/** `pylint --version` of `command` (asked once per process); null when it cannot be run. */
export function pylintVersion(command: string): Promise<string | null> {
  let v = versions.get(command);
  if (!v) {
    v = new Promise((resolve) => {
      execFile(command, ['--version'], { timeout: 60_000 }, (err, stdout) =>
        resolve(err ? null : stdout.trim().replace(/\s+/g, ' ')),
      );
    });
    versions.set(command, v);
    // A missing pylint may be installed later: ask again next time.
    void v.then((x) => {
      if (x === null) versions.delete(command);
    });
  }
  return v;
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
