import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Writes `<dir>/slow-pylint`, a "pylint" that appends its pid to `<dir>/<pidsFile>` and then never
 * answers (exec keeps the pid, so the pid is the sleeper): a run using it waits in `linting` until
 * it is cancelled or the service stops. Returns the script's path, for PYLINT_COMMAND.
 */
export function writeHangingPylint(dir: string, pidsFile = 'pylint-pids'): string {
  const path = join(dir, 'slow-pylint');
  writeFileSync(path, `#!/bin/sh\necho $$ >> '${join(dir, pidsFile)}'\nexec sleep 120\n`);
  chmodSync(path, 0o755);
  return path;
}
