import { accessSync, chmodSync, constants, existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** Thrown at start when a storage location cannot be used; the message is one line for the operator. */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}

/** Folders holding service data (database, keys) are the service user's alone. */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Takes group and other permissions off `path` when it exists, belongs to this user and has any:
 * data created by an older version, or by a looser umask, is tightened at start. A shared sticky
 * folder such as /tmp is left alone (it is not the service's to close).
 */
export function restrictToOwner(path: string, mode: number): void {
  if (!existsSync(path)) return;
  const st = statSync(path);
  const mine = typeof process.getuid !== 'function' || st.uid === process.getuid();
  if (!mine || (st.mode & 0o1000) !== 0 || (st.mode & 0o077) === 0) return;
  chmodSync(path, mode);
}

/**
 * Creates `dir` if needed, owner-only (0700), proves it is writable and tightens it to 0700 if it
 * existed looser; names `variable` in the error otherwise. Missing levels are made one at a time
 * below the deepest existing folder, which is checked first: Node's recursive mkdir can spin
 * forever on pseudo file systems such as /proc.
 */
export function ensureWritableDir(dir: string, variable = 'DATA_DIR'): string {
  const abs = resolve(dir);
  const fail = (code: string): never => {
    throw new StartupError(`${variable} "${abs}" is not a writable directory (${code})`);
  };
  const missing: string[] = [];
  let existing = abs;
  for (;;) {
    try {
      if (!statSync(existing).isDirectory()) fail('ENOTDIR');
      break;
    } catch (e) {
      if (e instanceof StartupError) throw e;
      const code = (e as NodeJS.ErrnoException).code ?? 'error';
      if (code !== 'ENOENT') fail(code);
      missing.unshift(existing);
      const parent = dirname(existing);
      if (parent === existing) fail('ENOENT');
      existing = parent;
    }
  }
  try {
    accessSync(existing, constants.W_OK);
    for (const level of missing) mkdirSync(level, { mode: PRIVATE_DIR_MODE });
    accessSync(abs, constants.W_OK);
    restrictToOwner(abs, PRIVATE_DIR_MODE);
  } catch (e) {
    fail((e as NodeJS.ErrnoException).code ?? 'error');
  }
  return abs;
}
