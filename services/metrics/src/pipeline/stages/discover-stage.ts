import { compileGlobs } from '@app/pyscan/config';
import { analysesRepo } from '../../store/repos/analyses-repo.js';
import { discoverPythonFiles } from '../discovery/discover.js';
import { readRepositoryConfig } from '../exclusions/repository-config.js';
import type { Cloned } from './clone-stage.js';
import type { RunScope } from './run-scope.js';

/** The rules a commit's Python files are picked by (every commit of a history run uses the same). */
export interface DiscoveryRules {
  skipTests: boolean;
  maxFiles: number;
  maxFileBytes: number;
  exclude: (path: string) => boolean;
}

/** The files the run measures, and the rules that picked them. */
export interface Discovered {
  files: string[];
  rules: DiscoveryRules;
}

/**
 * Reads the repository's own configuration into the run's settings (stored), then lists the Python
 * files the rules keep; every skipped file is a warning (stored).
 */
export async function discoverStage(run: RunScope, clone: Pick<Cloned, 'dir'>): Promise<Discovered> {
  const { settings, warnings, log } = run;
  const { db, config: cfg } = run.env.deps;
  await run.report.stage('discovering');
  const repoConfig = await readRepositoryConfig(clone.dir);
  if (repoConfig.warning) {
    warnings.push(repoConfig.warning);
    log.warn(repoConfig.warning);
  }
  settings.repository_config = repoConfig.found
    ? { exclude: repoConfig.exclude, include_tests: repoConfig.includeTests }
    : null;
  // Recorded so that compare and trend can tell runs with and without security findings apart.
  settings.bandit ??= cfg.banditEnabled;
  await analysesRepo.setSettings(db, run.row.id, { ...settings });
  // The repository's exclusions and the request's add up; its include_tests wins over SKIP_TEST_FILES.
  const rules: DiscoveryRules = {
    skipTests: repoConfig.includeTests === null ? settings.skip_test_files : !repoConfig.includeTests,
    maxFiles: settings.max_file_count,
    maxFileBytes: cfg.maxFileSizeBytes,
    exclude: compileGlobs([...repoConfig.exclude, ...(settings.exclude ?? [])]),
  };
  const found = await discoverPythonFiles(clone.dir, rules);
  for (const w of found.warnings) {
    warnings.push(w.message);
    log.warn({ code: w.code, path: w.path }, w.message);
  }
  await analysesRepo.setWarnings(db, run.row.id, warnings);
  run.env.signal.throwIfAborted();
  return { files: found.files, rules };
}
