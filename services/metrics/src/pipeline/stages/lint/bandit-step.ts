import { banditFailureWarning, banditSkippedWarning } from '../../bandit/bandit-status.js';
import { BanditError, type BanditOutcome, runBandit } from '../../bandit/run-bandit.js';
import { banditKey, readBanditCache, writeBanditCache } from '../../cache/bandit-cache.js';
import {
  banditFileKeys,
  mergeBandit,
  readBanditFiles,
  writeBanditFiles,
} from '../../cache/bandit-file-cache.js';
import { listTree } from '../../cache/git-tree.js';
import { pylintVersion } from '../../cache/pylint-version.js';
import type { Cloned } from '../clone-stage.js';
import type { RunEnv } from '../run-env.js';

/** bandit as a run ends it: its results (null when off or failed) and its cache key (null: uncached). */
export interface BanditStepOutcome {
  results: BanditOutcome | null;
  key: string | null;
}

/**
 * bandit over the run's files, beside pylint, through the per-tree cache (like pylint: tree, version,
 * options) and the per-file one. A missing, crashing or timed-out bandit is a run warning and no
 * results, never an empty list of security findings; files it could not parse are named in a warning.
 */
export async function runBanditStep(
  env: RunEnv,
  clone: Pick<Cloned, 'dir' | 'treeSha' | 'tree'>,
  files: string[],
  warnings: string[],
  /** Told when bandit has to run (the tree's result was not cached). */
  onRun?: () => void,
): Promise<BanditStepOutcome> {
  const cfg = env.deps.config;
  const { db } = env.deps;
  const command = cfg.banditCommand;
  const version =
    cfg.cacheMaxBytes > 0 ? await pylintVersion(command, cfg.pylintTimeoutMs, env.signal) : null;
  const key = version === null ? null : banditKey(clone.treeSha, version, command, files);
  let results = key ? await readBanditCache(db, key) : null;
  if (!results) {
    // Not this tree: each file's own result where its content was checked before (issue 38), so a
    // later commit has bandit check only the files it changed.
    const tree = version === null ? null : (clone.tree ?? (await listTree(clone.dir, 'HEAD', env.signal)));
    const fileKeys = tree && version !== null ? banditFileKeys(version, command, files, tree) : new Map();
    const known = await readBanditFiles(db, fileKeys);
    const todo = files.filter((f) => !known.has(f));
    let fresh: BanditOutcome;
    if (todo.length > 0) onRun?.();
    try {
      fresh = await runBandit(todo, {
        cwd: clone.dir,
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
    results = known.size > 0 ? mergeBandit(files, known, fresh) : fresh;
    if (key) {
      await writeBanditFiles(db, fileKeys, todo, fresh);
      await writeBanditCache(db, key, results);
    }
  }
  const skipped = banditSkippedWarning(results.skipped);
  if (skipped) {
    warnings.push(skipped);
    env.deps.log.warn(skipped);
  }
  return { results, key: key ? JSON.stringify(key) : null };
}
