import type { Logger } from '@app/kit';
import type { ContractsConfig } from '@app/pyscan';
import type { AnalysisRow } from '../../store/repos/analyses-repo.js';
import type { PylintConfigUsed } from '../pylint/repo-config/repo-config.js';
import type { RunEnv } from './run-env.js';
import { StageReporter } from './stage-reporter.js';

/** The settings a run was queued with (stored on the record so a later restart with other env agrees). */
export interface RunSettings {
  history: boolean;
  pylint: boolean;
  /** Whether bandit ran (BANDIT_ENABLED of the worker that took the run; absent on older runs). */
  bandit?: boolean;
  skip_test_files: boolean;
  max_file_count: number;
  /** The request's exclude globs (absent on runs queued before exclusions existed). */
  exclude?: string[];
  /** The analysed repository's [tool.pyscan] exclude and include_tests, set after the clone. */
  repository_config?: { exclude: string[]; include_tests: boolean | null } | null;
  /**
   * A history run: the earlier commits to measure as well (absent or null: the analysed commit only).
   * The shape of history-runs' HistorySpec, which sits above the pipeline.
   */
  history_run?: { commits: number; since: string | null } | null;
  /** Import contracts given with the request (import-linter's format, validated), checked beside the repository's. */
  contracts?: ContractsConfig;
  /** The pylint configuration the run used (set when pylint has run; absent on older runs and with pylint off). */
  pylint_config?: PylintConfigUsed;
}

/** What every stage of one run shares: the run, its settings and warnings as they grow, its reporter. */
export interface RunScope {
  env: RunEnv;
  row: AnalysisRow;
  /** Completed by the discover stage with the repository's own configuration. */
  settings: RunSettings;
  /** The run's warnings, added to by the stages in order. */
  warnings: string[];
  report: StageReporter;
  log: Logger;
  startedAt: number;
}

/** The scope of `row`'s run, from its stored settings and warnings. */
export function runScope(env: RunEnv, row: AnalysisRow): RunScope {
  return {
    env,
    row,
    settings: JSON.parse(row.settings) as RunSettings,
    warnings: JSON.parse(row.warnings) as string[],
    report: new StageReporter(env.deps, row.id, env.owner),
    log: env.deps.log.child({ analysis: row.id }),
    startedAt: row.started_at ?? Date.now(),
  };
}
