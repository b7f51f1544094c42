import { rm } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * A deleted run's folder, named by a message from another instance: only a plain folder name (no
 * path) is acted on, so nothing outside the outputs folder can be named.
 */
export async function removeOutputFolder(outputsDir: string, name: string): Promise<void> {
  if (!/^[A-Za-z0-9._-]+$/.test(name) || name === '.' || name === '..') return;
  await removeOutputs(outputsDir, name);
}

/** Removes a run's output folder and any half-written one of the same name (see writeOutputs). */
export async function removeOutputs(outputsDir: string, name: string): Promise<void> {
  await rm(join(outputsDir, name), { recursive: true, force: true });
  await rm(join(outputsDir, `.${name}.partial`), { recursive: true, force: true });
}
