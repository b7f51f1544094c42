import { spawnSync } from 'node:child_process';

/** True when running under CI, where a missing tool is a failure rather than a skip. */
export const isCI = process.env.CI === 'true' || process.env.CI === '1';

/**
 * Decides whether a test that needs an external tool may run.
 * Returns `false` (run the test) when the tool answers, a skip reason on a developer's machine
 * when it does not, and throws under CI so that a missing install step turns the run red.
 * Use as `test('x', { skip: needTool('pylint', ['--version']) }, ...)`.
 */
export function needTool(command: string, args: string[] = ['--version']): false | string {
  const res = spawnSync(command, args, { stdio: 'ignore', timeout: 20_000 });
  if (res.status === 0) return false;
  return missing(`${command} is not installed (${res.error?.message ?? `exit ${res.status}`})`);
}

/** Same contract as needTool for a condition checked by the caller. */
export function missing(reason: string): string {
  if (isCI) throw new Error(`required under CI=true: ${reason}`);
  return reason;
}
