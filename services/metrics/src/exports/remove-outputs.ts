import { rm } from 'node:fs/promises';
import { join } from 'node:path';

/** Removes a run's output folder and any half-written one of the same name (see writeOutputs). */
export async function removeOutputs(outputsDir: string, name: string): Promise<void> {
  await rm(join(outputsDir, name), { recursive: true, force: true });
  await rm(join(outputsDir, `.${name}.partial`), { recursive: true, force: true });
}
