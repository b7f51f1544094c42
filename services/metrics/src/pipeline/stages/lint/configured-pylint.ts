import { analysesRepo } from '../../../store/repos/analyses-repo.js';
import {
  readRepoPylintConfig,
  refusedWarning,
  unreadableWarning,
} from '../../pylint/repo-config/repo-config.js';
import type { RunScope } from '../run-scope.js';
import { type CachedPylint, runCachedPylintStep } from './pylint-step.js';

/**
 * pylint with the repository's own configuration (the options the service deems safe) and the
 * service's rule for environment findings; records on the run's settings which configuration was
 * used, before the outcome is handed on (the re-run key reads the settings).
 */
export async function runConfiguredPylint(
  run: RunScope,
  clone: Parameters<typeof runCachedPylintStep>[1],
  files: string[],
  /** Told when pylint has to run (its tree's result was not cached). */
  onRun?: () => void,
): Promise<CachedPylint> {
  const { config: cfg, db } = run.env.deps;
  const repo = await readRepoPylintConfig(clone.dir);
  // A cancel or delete while the configuration was read: pylint must not start after it (its
  // kill is wired to the abort, which has already fired), or the run waits for it to end.
  run.env.signal.throwIfAborted();
  for (const w of [refusedWarning(repo), unreadableWarning(repo)]) {
    if (w === null) continue;
    run.warnings.push(w);
    run.log.warn(w);
  }
  const environmentInScore = cfg.pylintEnvironmentInScore;
  const out = await runCachedPylintStep(
    run.env,
    clone,
    files,
    run.warnings,
    {
      repoArgs: repo.args,
      environmentInScore,
    },
    onRun,
  );
  let environment = 0;
  for (const r of out.results?.values() ?? []) environment += r.environment ?? 0;
  run.settings.pylint_config = {
    file: repo.file,
    applied: repo.applied,
    refused: repo.refused,
    overridden: repo.overridden,
    error: repo.error,
    environment_in_score: environmentInScore,
    environment_findings: environment,
  };
  await analysesRepo.setSettings(db, run.row.id, { ...run.settings });
  return out;
}
