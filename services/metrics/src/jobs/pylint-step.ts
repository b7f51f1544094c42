import type { PylintCacheUse } from '../cache/cache-stats.js';
import { treeId } from '../cache/git-tree.js';
import {
  pylintOptionsHash,
  pylintVersion,
  readPylintCache,
  writePylintCache,
} from '../cache/pylint-cache.js';
import { PylintError, type PylintFileResult, runPylint } from '../pylint/run-pylint.js';
import type { RunEnv } from './run-env.js';

/**
 * {@link runPylintStep} through the pylint cache: the clone's tree id, pylint's version and the
 * options (files included) give the key; a hit replays the results and their warnings.
 */
export async function runCachedPylintStep(
  env: RunEnv,
  dir: string,
  files: string[],
  warnings: string[],
): Promise<{ results: Map<string, PylintFileResult> | null; use: PylintCacheUse }> {
  const cfg = env.ctx.config;
  const version =
    cfg.cacheMaxBytes > 0 ? await pylintVersion(cfg.pylintCommand, cfg.pylintTimeoutMs, env.signal) : null;
  // No version (cache off, pylint missing or not answering, run cancelled): pylint runs uncached and
  // reports any of that the usual way.
  if (version === null) {
    return { results: await runPylintStep(env, dir, files, warnings), use: 'not_cached' };
  }
  const key = {
    tree: await treeId(dir, 'HEAD', env.signal),
    version,
    options: pylintOptionsHash({ command: cfg.pylintCommand, jobs: cfg.pylintJobs, files }),
  };
  const hit = await readPylintCache(env.ctx.db, key);
  if (hit) {
    warnings.push(...hit.warnings);
    return { results: hit.results, use: 'hit' };
  }
  const own: string[] = [];
  const results = await runPylintStep(env, dir, files, own);
  warnings.push(...own);
  // No results (pylint missing, timed out, failed): nothing worth keeping.
  if (results) await writePylintCache(env.ctx.db, key, { results, warnings: own });
  return { results, use: 'miss' };
}

// Files named in one crash warning; the rest are counted.
const NAMED_FILES = 5;

/**
 * Runs pylint over `files` in `dir`. When pylint cannot give results (missing command, timeout,
 * crash) the run goes on: a warning is recorded and the pylint columns stay empty (null returned, or
 * the files pylint crashed on left out of the map), so a failed pylint never reads as a clean score.
 */
export async function runPylintStep(
  env: RunEnv,
  dir: string,
  files: string[],
  warnings: string[],
): Promise<Map<string, PylintFileResult> | null> {
  const cfg = env.ctx.config;
  // Crashed files grouped by pylint's message, so one systematic crash is one warning.
  const crashes = new Map<string, string[]>();
  try {
    const results = await runPylint(files, {
      cwd: dir,
      command: cfg.pylintCommand,
      parallelism: cfg.pylintJobs,
      timeoutMs: cfg.pylintTimeoutMs,
      signal: env.signal,
      onFailed: (failed, message) => crashes.set(message, [...(crashes.get(message) ?? []), ...failed]),
    });
    for (const [message, failed] of crashes) {
      const warning = crashWarning(failed, message);
      warnings.push(warning);
      env.ctx.log.warn({ code: 'pylint_crashed', files: failed.length }, warning);
    }
    return results;
  } catch (e) {
    if (!(e instanceof PylintError) || e.code === 'interrupted') throw e;
    const message =
      e.code === 'pylint_missing'
        ? `pylint is enabled but "${cfg.pylintCommand}" was not found: pylint columns are empty`
        : `${e.message}: pylint columns are empty`;
    warnings.push(message);
    env.ctx.log.warn({ code: e.code }, message);
    return null;
  }
}

function crashWarning(files: string[], message: string): string {
  if (files.length === 1) return `pylint crashed on ${files[0]}: ${message}; its pylint columns are empty`;
  const sorted = [...files].sort();
  const named = sorted.slice(0, NAMED_FILES).join(', ') + (sorted.length > NAMED_FILES ? ', …' : '');
  return `pylint crashed on ${files.length} files (${named}): ${message}; their pylint columns are empty`;
}
