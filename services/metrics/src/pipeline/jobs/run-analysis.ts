import type { AnalysisRow } from '../../store/repos/analyses-repo.js';
import { codeHealthStep } from '../code-health/code-health-step.js';
import { removeScratch } from '../repo/clone.js';
import { cloneStage } from '../stages/clone-stage.js';
import type { CommitsOutcome, CommitsPass, CommitsPassPort } from '../stages/commits-pass.js';
import { discoverStage } from '../stages/discover-stage.js';
import { historyStage } from '../stages/history-stage.js';
import { lintStage } from '../stages/lint/lint-stage.js';
import { measureStage } from '../stages/measure-stage.js';
import { announceDone, finishStage } from '../stages/outputs/finish-stage.js';
import type { OutputFiles } from '../stages/outputs/output-files.js';
import { RunOutputs } from '../stages/outputs/outputs-stage.js';
import type { RunEnv } from '../stages/run-env.js';
import { RunGone } from '../stages/run-gone.js';
import { runScope } from '../stages/run-scope.js';

export type { RunSettings } from '../stages/run-scope.js';
export { RunGone };

/** What the stages reach above the pipeline through, wired by the composition root. */
export interface RunPorts {
  outputs: OutputFiles;
  /** History runs' pass over earlier commits (absent: runs measure their commit only). */
  commits?: CommitsPassPort | undefined;
  /** Called once a run is marked done, before it is announced: the quality gate's verdict (issue 36). */
  judge?: ((deps: RunEnv['deps'], runId: number) => Promise<void>) | undefined;
}

/**
 * One analysis from clone to outputs: clone → discover → measure → lint → history → outputs, each
 * stage reporting itself; a history run's pass over earlier commits rides along (started after
 * discovery, measuring after the measure stage, stored while the outputs are made). Throws on failure
 * (the worker records the code); the scratch clone is removed whatever happens.
 */
export async function runAnalysis(env: RunEnv, row: AnalysisRow, ports: RunPorts): Promise<void> {
  const run = runScope(env, row);
  const clone = await cloneStage(run);
  let pass: CommitsPass | null = null;
  let outputs: RunOutputs | null = null;
  let finished = false;
  try {
    const found = await discoverStage(run, clone);
    pass = ports.commits?.start(run, clone, found) ?? null;
    const measured = await measureStage(run, clone, found);
    pass?.measure(measured);
    const linted = await lintStage(run, { clone, files: found.files, ...measured });
    const codeHealth = await codeHealthStep(
      run,
      clone.dir,
      found.files,
      linted.identical?.sameAs ?? null,
      measured.analyses,
    );
    const history = await historyStage(run, clone, found.files);
    outputs = await RunOutputs.prepare(run, ports.outputs, { clone, measured, linted, history, codeHealth });
    let commits: CommitsOutcome | null = null;
    if (pass) {
      outputs.start();
      commits = await pass.run();
    }
    const stats = await finishStage(run, {
      outputs,
      cache: measured.cache,
      pylint: linted.pylint,
      commits,
      gitHistory: history?.reuse ?? null,
      repoCache: clone.mirror,
    });
    finished = true;
    await ports.judge?.(run.env.deps, row.id);
    await announceDone(run, stats);
  } finally {
    await pass?.stop();
    if (!finished) await outputs?.discard();
    await removeScratch(clone.dir);
  }
}
