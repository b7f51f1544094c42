import type { PylintCacheUse } from '../../cache/cache-stats.js';
import { pylintOptionsHash, readPylintCache, writePylintCache } from '../../cache/pylint-cache.js';
import { pylintVersion } from '../../cache/pylint-version.js';
import { pylintCrashWarning, pylintFailureWarning } from '../../pylint/pylint-status.js';
import { PylintError, type PylintFileResult, runPylint } from '../../pylint/run-pylint.js';
import type { RunEnv } from '../run-env.js';

/** What shapes pylint's results besides the tree and the files: the repository's options, the score rule. */
export interface PylintStepOptions {
  repoArgs: string[];
  environmentInScore: boolean;
}

/**
 * {@link runPylintStep} through the pylint cache: the clone's tree id (`tree`, as the clone read it),
 * pylint's version and the options (files included) give the key; a hit replays the results and
 * their warnings.
 */
export async function runCachedPylintStep(
  env: RunEnv,
  dir: string,
  tree: string,
  files: string[],
  warnings: string[],
  step: PylintStepOptions,
): Promise<{ results: Map<string, PylintFileResult> | null; use: PylintCacheUse; key: string | null }> {
  const cfg = env.deps.config;
  const version =
    cfg.cacheMaxBytes > 0 ? await pylintVersion(cfg.pylintCommand, cfg.pylintTimeoutMs, env.signal) : null;
  // No version (cache off, pylint missing or not answering, run cancelled): pylint runs uncached and
  // reports any of that the usual way.
  if (version === null) {
    return { results: await runPylintStep(env, dir, files, warnings, step), use: 'not_cached', key: null };
  }
  const key = {
    tree,
    version,
    options: pylintOptionsHash({ command: cfg.pylintCommand, jobs: cfg.pylintJobs, files, ...step }),
  };
  const hit = await readPylintCache(env.deps.db, key);
  if (hit) {
    warnings.push(...hit.warnings);
    return { results: hit.results, use: 'hit', key: JSON.stringify(key) };
  }
  const own: string[] = [];
  const results = await runPylintStep(env, dir, files, own, step);
  warnings.push(...own);
  // No results (pylint missing, timed out, failed): nothing worth keeping.
  if (results) await writePylintCache(env.deps.db, key, { results, warnings: own });
  // Results not cached: a re-run runs pylint again and may get others, so its rows are not reused.
  return { results, use: 'miss', key: results ? JSON.stringify(key) : null };
}

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
  step: PylintStepOptions = { repoArgs: [], environmentInScore: false },
): Promise<Map<string, PylintFileResult> | null> {
  const cfg = env.deps.config;
  // Crashed files grouped by pylint's message, so one systematic crash is one warning.
  const crashes = new Map<string, string[]>();
  try {
    const results = await runPylint(files, {
      cwd: dir,
      command: cfg.pylintCommand,
      parallelism: cfg.pylintJobs,
      timeoutMs: cfg.pylintTimeoutMs,
      signal: env.signal,
      repoArgs: step.repoArgs,
      environmentInScore: step.environmentInScore,
      onFailed: (failed, message) => crashes.set(message, [...(crashes.get(message) ?? []), ...failed]),
    });
    for (const [message, failed] of crashes) {
      const warning = pylintCrashWarning(failed, message);
      warnings.push(warning);
      env.deps.log.warn({ code: 'pylint_crashed', files: failed.length }, warning);
    }
    return results;
  } catch (e) {
    if (!(e instanceof PylintError) || e.code === 'interrupted') throw e;
    const message = pylintFailureWarning(e.code, e.message, cfg.pylintCommand);
    warnings.push(message);
    env.deps.log.warn({ code: e.code }, message);
    return null;
  }
}
