import { accessSync, constants, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';

/** Thrown at start when a storage location cannot be used; the message is one line for the operator. */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}

/** Creates `dir` if needed and proves it is writable, naming `variable` in the error otherwise. */
export function ensureWritableDir(dir: string, variable = 'DATA_DIR'): string {
  const abs = resolve(dir);
  try {
    mkdirSync(abs, { recursive: true });
    accessSync(abs, constants.W_OK);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? 'error';
    throw new StartupError(`${variable} "${abs}" is not a writable directory (${code})`);
  }
  return abs;
}
