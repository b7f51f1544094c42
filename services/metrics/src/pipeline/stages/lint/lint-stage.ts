import type { FileAnalysis } from '@app/pyscan';
import { detectDuplication, type RunDuplication } from '../../duplication/detect-duplication.js';
import { type CollectedSource, collectSources } from '../../source/collect-sources.js';
import type { Cloned } from '../clone-stage.js';
import { type IdenticalRun, identicalRun } from '../identical-run.js';
import type { RunScope } from '../run-scope.js';
import { keptAsRun } from './kept-duplication.js';
import type { LintStarted, PylintOutcome } from './start-lint.js';
import { timeoutWarnings } from './timeout-warnings.js';

/** What the lint stage hands on: pylint's results, the stored sources, the clone groups. */
export interface Linted {
  pylint: PylintOutcome;
  /** Empty when copied from an identical earlier run (`identical.kept`). */
  sources: CollectedSource[];
  duplication: RunDuplication;
  /** Known when pylint had ended with pyscan (else the outputs stage keys the run). */
  identical: IdenticalRun | null;
  /** Sources and clone groups made from the clone after all (an identical run's copy failed). */
  remake(): Promise<Pick<Linted, 'sources' | 'duplication'>>;
}

/** The lint stage's input: what the measure stage measured and started. */
export interface LintInput {
  clone: Pick<Cloned, 'dir' | 'commitSha' | 'treeSha'>;
  files: string[];
  analyses: FileAnalysis[];
  pyscan: string;
  lint: LintStarted;
  /** When the analyzing stage began (the log says how long it took). */
  t0: number;
}

/**
 * Waits for pylint (entering the linting stage when it outlasts pyscan) while clone detection runs
 * over the files pyscan read and the sources are stored; records the files pyscan stopped at their
 * time budget. An identical re-run known by then copies the earlier run's clone groups and sources.
 */
export async function lintStage(run: RunScope, i: LintInput): Promise<Linted> {
  const { log, warnings } = run;
  const { config: cfg } = run.env.deps;
  const signal = run.env.signal;
  // pylint usually takes longer than pyscan: say so, rather than sit at "100 %" with no word.
  const settled = i.lint.settled() || (await i.lint.quick());
  if (!settled) await run.report.stage('linting');
  for (const w of timeoutWarnings(i.analyses, cfg.maxFileSeconds)) {
    warnings.push(w);
    log.warn(w);
  }
  const early = settled ? await i.lint.outcome.catch(() => null) : null;
  const identical = early ? await identicalRun(run, { ...i, pylintKey: early.key }, true) : null;
  const remake = () => makeCode(run, i);
  if (early && identical?.kept) {
    log.info({ from: identical.sameAs }, 'identical re-run: clone groups and sources copied');
    await run.report.flush();
    signal.throwIfAborted();
    return { pylint: early, sources: [], duplication: keptAsRun(identical.kept), identical, remake };
  }
  const code = makeCode(run, i);
  code.catch(() => {});
  const pylint = await i.lint.outcome;
  const { sources, duplication } = await code;
  log.info({ ms: Date.now() - i.t0 }, 'analyzing done');
  await run.report.flush();
  signal.throwIfAborted();
  return { pylint, sources, duplication, identical, remake };
}

/** The files' sources read and compressed while clone detection runs over what pyscan read. */
async function makeCode(run: RunScope, i: LintInput): Promise<Pick<Linted, 'sources' | 'duplication'>> {
  const { config: cfg } = run.env.deps;
  const signal = run.env.signal;
  const limits = { maxFileBytes: cfg.sourceMaxFileBytes, maxRunBytes: cfg.sourceMaxRunBytes };
  const sources = collectSources(i.clone.dir, i.files, limits, signal);
  sources.catch(() => {});
  const t2 = Date.now();
  const duplication = await detectDuplication(
    i.clone.dir,
    i.analyses,
    { minTokens: cfg.duplicationMinTokens, minLines: cfg.duplicationMinLines },
    signal,
  );
  run.log.info({ ms: Date.now() - t2, groups: duplication.groups.length }, 'duplication done');
  return { sources: await sources, duplication };
}

export { type LintStarted, type PylintOutcome, startLint } from './start-lint.js';
