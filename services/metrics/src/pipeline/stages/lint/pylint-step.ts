import type { PylintCacheUse } from '../../cache/cache-stats.js';
import { listTree } from '../../cache/git-tree.js';
import { pylintOptionsHash, readPylintCache, writePylintCache } from '../../cache/pylint-cache.js';
import { fileKeysOf, readPylintFiles, writePylintFiles } from '../../cache/pylint-file-cache.js';
import { pylintVersion } from '../../cache/pylint-version.js';
import { pylintCrashWarning, pylintFailureWarning } from '../../pylint/pylint-status.js';
import { PylintError, type PylintFileResult, runPylint } from '../../pylint/run-pylint.js';
import type { Cloned } from '../clone-stage.js';
import type { RunEnv } from '../run-env.js';

/** What shapes pylint's results besides the tree and the files: the repository's options, the score rule. */
export interface PylintStepOptions {
  repoArgs: string[];
  environmentInScore: boolean;
}

/** The lint of one tree: where each file's pylint result came from. */
export interface PylintFilesUse {
  /** Files whose result came from the per-file cache (none changed, nor any module they import). */
  reused: number;
  /** Files pylint checked in this run. */
  linted: number;
}

/** What {@link runCachedPylintStep} hands on. */
export interface CachedPylint {
  results: Map<string, PylintFileResult> | null;
  use: PylintCacheUse;
  key: string | null;
  /** Per-file reuse; null when pylint ran uncached. */
  files: PylintFilesUse | null;
}

/**
 * {@link runPylintStep} through the pylint caches. The tree's key (tree id, pylint's version, the
 * options with the files) replays a whole earlier result at once; failing that, each file's own key
 * (`cache/pylint-file-keys.ts`: its content, the configuration, the contents of the modules it
 * imports) takes its result from the per-file cache, and pylint checks only the others: the files
 * changed since an analysed commit and their importers.
 */
export async function runCachedPylintStep(
  env: RunEnv,
  clone: Pick<Cloned, 'dir' | 'treeSha' | 'tree'>,
  files: string[],
  warnings: string[],
  step: PylintStepOptions,
  /** Told when pylint has to run (the tree's result was not cached). */
  onRun?: () => void,
): Promise<CachedPylint> {
  const cfg = env.deps.config;
  const { db } = env.deps;
  // Asking pylint its version runs pylint too (a first run, a new binary): the stage says "linting"
  // while it answers rather than wait on a pylint that may be slow to start or hang.
  const version =
    cfg.cacheMaxBytes > 0
      ? await pylintVersion(cfg.pylintCommand, cfg.pylintTimeoutMs, env.signal, onRun)
      : null;
  // No version (cache off, pylint missing or not answering, run cancelled): pylint runs uncached and
  // reports any of that the usual way.
  if (version === null) {
    onRun?.();
    const results = await runPylintStep(env, clone.dir, files, warnings, step);
    return { results, use: 'not_cached', key: null, files: null };
  }
  const options = { command: cfg.pylintCommand, jobs: cfg.pylintJobs, ...step };
  const key = { tree: clone.treeSha, version, options: pylintOptionsHash({ ...options, files }) };
  const hit = await readPylintCache(db, key);
  if (hit) {
    warnings.push(...hit.warnings);
    return {
      results: hit.results,
      use: 'hit',
      key: JSON.stringify(key),
      files: { reused: files.length, linted: 0 },
    };
  }
  const tree = clone.tree ?? (await listTree(clone.dir, 'HEAD', env.signal));
  const config = `${version}\0${pylintOptionsHash({ ...options, files: [] })}`;
  const fileKeys = await fileKeysOf(clone.dir, config, files, tree, env.signal);
  const known = await readPylintFiles(db, [...new Set(fileKeys.values())]);
  const todo = files.filter((f) => !known.has(fileKeys.get(f)!));
  const own: string[] = [];
  if (todo.length > 0) onRun?.();
  const fresh = todo.length > 0 ? await runPylintStep(env, clone.dir, todo, own, step) : new Map();
  warnings.push(...own);
  // No results (pylint missing, timed out, failed): nothing worth keeping, and no half score either.
  if (fresh === null) return { results: null, use: 'miss', key: null, files: null };
  const results = new Map<string, PylintFileResult>();
  for (const f of files) {
    // Files pylint crashed on have no result (never cached: the next run tries them again).
    const r = known.get(fileKeys.get(f)!) ?? fresh.get(f);
    if (r) results.set(f, r);
  }
  await writePylintFiles(
    db,
    [...fresh].map(([f, r]): [string, PylintFileResult] => [fileKeys.get(f)!, r]),
  );
  await writePylintCache(db, key, { results, warnings: own });
  const use = { reused: files.length - todo.length, linted: todo.length };
  return { results, use: 'miss', key: JSON.stringify(key), files: use };
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
