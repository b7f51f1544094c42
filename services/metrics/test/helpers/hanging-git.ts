import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Writes `<dir>/bin/git`, a `git` to put first on a service's PATH: its `<subcommand>` (after any
 * `-c name=value` options) appends its pid to `<dir>/git-pids` and never answers (exec keeps the
 * pid, so the pid is the sleeper), while `when` exists if given; everything else goes to the real
 * git. Returns the folder, for PATH.
 */
export function writeHangingGit(dir: string, subcommand: string, when?: string): string {
  const bin = join(dir, 'bin');
  mkdirSync(bin);
  const realGit = ['/usr/bin/git', '/usr/local/bin/git', '/bin/git'].find((p) => existsSync(p)) ?? 'git';
  const hang = `echo $$ >> '${join(dir, 'git-pids')}'; exec sleep 120`;
  const act = when === undefined ? `${hang} ;;` : `if [ -e '${when}' ]; then ${hang}; fi; break ;;`;
  writeFileSync(
    join(bin, 'git'),
    `#!/bin/sh
skip=
for a in "$@"; do
  if [ -n "$skip" ]; then skip=; continue; fi
  case "$a" in
    -c) skip=1 ;;
    ${subcommand}) ${act}
    *) break ;;
  esac
done
exec '${realGit}' "$@"
`,
  );
  chmodSync(join(bin, 'git'), 0o755);
  return bin;
}
