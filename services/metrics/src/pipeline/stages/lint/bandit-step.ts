import { banditFailureWarning, banditSkippedWarning } from '../../bandit/bandit-status.js';
import { BanditError, type BanditOutcome, runBandit } from '../../bandit/run-bandit.js';
import { banditKey, readBanditCache, writeBanditCache } from '../../cache/bandit-cache.js';
import { pylintVersion } from '../../cache/pylint-version.js';
import type { RunEnv } from '../run-env.js';

/** bandit as a run ends it: its results (null when off or failed) and its cache key (null: uncached). */
export interface BanditStepOutcome {
  results: BanditOutcome | null;
  key: string | null;
}

/**
 * bandit over the run's files, beside pylint, through the per-tree cache (like pylint: tree, version,
 * options). A missing, crashing or timed-out bandit is a run warning and no results, never an empty
 * list of security findings; files it could not parse are named in a warning.
 */
export async function runBanditStep(
  env: RunEnv,
  dir: string,
  tree: string,
  files: string[],
  warnings: string[],
): Promise<BanditStepOutcome> {
  const cfg = env.deps.config;
  const command = cfg.banditCommand;
  const version =
    cfg.cacheMaxBytes > 0 ? await pylintVersion(command, cfg.pylintTimeoutMs, env.signal) : null;
  const key = version === null ? null : banditKey(tree, version, command, files);
  const cached = key ? await readBanditCache(env.deps.db, key) : null;
  let results = cached;
  if (!results) {
    try {
      results = await runBandit(files, {
        cwd: dir,
        command,
        timeoutMs: cfg.pylintTimeoutMs,
        signal: env.signal,
      });
    } catch (e) {
      if (!(e instanceof BanditError) || e.code === 'interrupted') throw e;
      const w = banditFailureWarning(e.code, e.message, command);
      warnings.push(w);
      env.deps.log.warn({ code: e.code }, w);
      return { results: null, key: null };
    }
    if (key) await writeBanditCache(env.deps.db, key, results);
  }
  const skipped = banditSkippedWarning(results.skipped);
  if (skipped) {
    warnings.push(skipped);
    env.deps.log.warn(skipped);
  }
  return { results, key: key ? JSON.stringify(key) : null };
}
