import { accessSync, constants, mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** Thrown at start when a storage location cannot be used; the message is one line for the operator. */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}

/**
 * Creates `dir` if needed and proves it is writable, naming `variable` in the error otherwise.
 * Missing levels are made one at a time below the deepest existing folder, which is checked
 * first: Node's recursive mkdir can spin forever on pseudo file systems such as /proc.
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
    for (const level of missing) mkdirSync(level);
    accessSync(abs, constants.W_OK);
  } catch (e) {
    fail((e as NodeJS.ErrnoException).code ?? 'error');
  }
  return abs;
}
