import { createHash, type Hash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Kysely } from 'kysely';
import { cacheRepo } from '../../store/repos/cache-repo.js';
import type { MetricsDB } from '../../store/schema.js';
import type { PylintFileResult } from '../pylint/run-pylint.js';

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

/**
 * Hash of everything besides the tree and pylint's version that shapes pylint's output: the service's
 * rc file and plugin, the command, the parallelism, and the exact list of files checked (exclusions
 * and SKIP_TEST_FILES change it).
 */
export function pylintOptionsHash(o: {
  command: string;
  jobs: number;
  files: string[];
  /** The repository's applied options (its file is in the tree, but what the service applies of it may change). */
  repoArgs?: string[];
  environmentInScore?: boolean;
}): string {
  // A copy of the plugin's hash state: the same key as hashing the plugin files on every run.
  const h = pluginHash().copy();
  h.update(`${o.command}\0${o.jobs}\0`);
  // Only when set, so runs without repository options keep the keys cached before options existed.
  if ((o.repoArgs?.length ?? 0) > 0 || o.environmentInScore !== undefined) {
    h.update(JSON.stringify({ args: o.repoArgs ?? [], env: o.environmentInScore ?? false })).update('\0');
  }
  for (const f of [...o.files].sort()) h.update(f).update('\0');
  return h.digest('hex');
}

let plugin: Hash | undefined;

/** The rc file and plugin ship with the service: read and hashed once per process. */
function pluginHash(): Hash {
  if (plugin) return plugin;
  const h = createHash('sha256');
  for (const name of readdirSync(PLUGIN_DIR).sort()) {
    if (name.endsWith('.pyc') || name === '__pycache__') continue;
    h.update(name)
      .update('\0')
      .update(readFileSync(join(PLUGIN_DIR, name)))
      .update('\0');
  }
  plugin = h;
  return plugin;
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
