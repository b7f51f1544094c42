import { PylintError, type PylintFileResult, runPylint } from '../pylint/run-pylint.js';
import type { RunEnv } from './run-env.js';

/**
 * Runs pylint over `files` in `dir`. When pylint cannot give results (missing command, timeout,
 * crash) the run goes on: a warning is recorded and the pylint columns stay empty (null returned).
 */
export async function runPylintStep(
  env: RunEnv,
  dir: string,
  files: string[],
  warnings: string[],
): Promise<Map<string, PylintFileResult> | null> {
  const cfg = env.ctx.config;
  try {
    return await runPylint(files, {
      cwd: dir,
      command: cfg.pylintCommand,
      parallelism: cfg.pylintJobs,
      timeoutMs: cfg.pylintTimeoutMs,
      signal: env.signal,
    });
  } catch (e) {
    if (!(e instanceof PylintError) || e.code === 'interrupted') throw e;
    const message =
      e.code === 'pylint_missing'
        ? `pylint is enabled but "${cfg.pylintCommand}" was not found: pylint columns are empty`
        : `${e.message}: pylint columns are empty`;
    warnings.push(message);
    env.ctx.log.warn({ code: e.code }, message);
    return null;
  }
}
