import type { BanditOutcome } from '../../bandit/run-bandit.js';
import type { CacheStats } from '../../cache/cache-stats.js';
import type { PylintFileResult } from '../../pylint/run-pylint.js';
import type { RunScope } from '../run-scope.js';
import { type BanditStepOutcome, runBanditStep } from './bandit-step.js';
import { runConfiguredPylint } from './configured-pylint.js';
import type { PylintFilesUse } from './pylint-step.js';

/** pylint (and bandit beside it) as the lint stage ends them: results, cache use and key. */
export interface PylintOutcome {
  results: Map<string, PylintFileResult> | null;
  use: CacheStats['pylint'];
  /**
   * The linters' cache key as JSON (pylint's alone when bandit is off); 'off' when both are off;
   * null when either is uncached (the run's rows may then differ from an identical run's).
   */
  key: string | null;
  /** Per-file reuse of pylint's results (`stages/lint/pylint-step.ts`); null when off or uncached. */
  files: PylintFilesUse | null;
  /** bandit's security findings; null when bandit is off or gave no results (a warning says which). */
  security: BanditOutcome | null;
}

/** pylint and bandit under way while pyscan measures (they share the cores for the whole analyzing stage). */
export interface LintStarted {
  outcome: Promise<PylintOutcome>;
  /** pylint and bandit have ended (or were never started). */
  settled(): boolean;
  /**
   * True once both have ended, false as soon as either has to run its tool (its tree's result was not
   * cached): a re-run whose linters replay their results learns so before it starts clone detection.
   */
  quick(): Promise<boolean>;
}

const PYLINT_OFF = { results: null, use: 'off' as const, key: 'off', files: null };

/**
 * Starts pylint and bandit side by side over `files` of the clone at `dir` (tree id `tree`): bandit
 * runs beside pylint, not after it. Either may be off (the request's pylint setting, BANDIT_ENABLED).
 */
export function startLint(
  run: RunScope,
  clone: Parameters<typeof runConfiguredPylint>[1],
  files: string[],
): LintStarted {
  const banditOn = run.settings.bandit ?? run.env.deps.config.banditEnabled;
  if (!run.settings.pylint && !banditOn) {
    const outcome = Promise.resolve({ ...PYLINT_OFF, security: null });
    return { outcome, settled: () => true, quick: () => Promise.resolve(true) };
  }
  let ran = (): void => {};
  const running = new Promise<false>((resolve) => {
    ran = () => resolve(false);
  });
  const bandit: Promise<BanditStepOutcome | null> = banditOn
    ? runBanditStep(run.env, clone, files, run.warnings, ran)
    : Promise.resolve(null);
  bandit.catch(() => {});
  const pylint = run.settings.pylint
    ? runConfiguredPylint(run, clone, files, ran)
    : Promise.resolve(PYLINT_OFF);
  pylint.catch(() => {});
  let settled = false;
  const outcome = Promise.all([pylint, bandit]).then(([p, b]) => ({
    ...p,
    security: b?.results ?? null,
    key: joinKeys(p.key, b),
  }));
  // Keeps a failure from being an unhandled rejection while pyscan still runs.
  outcome.then(
    () => {
      settled = true;
    },
    () => {
      settled = true;
    },
  );
  const ended = outcome.then(
    () => true,
    () => true,
  );
  return { outcome, settled: () => settled, quick: () => Promise.race([ended, running]) };
}

// bandit off: pylint's key as before, so runs from before bandit still match identical re-runs.
function joinKeys(pylint: string | null, bandit: BanditStepOutcome | null): string | null {
  if (bandit === null) return pylint;
  if (pylint === null || bandit.key === null) return null;
  return JSON.stringify({ pylint, bandit: bandit.key });
}
