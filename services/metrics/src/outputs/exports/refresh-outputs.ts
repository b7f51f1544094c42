import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import type { Kysely } from 'kysely';
import { outputsRepo, type StoredOutput } from '../../store/repos/outputs-repo.js';
import type { MetricsDB } from '../../store/schema.js';
import { writeZip } from '../output/zip.js';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/**
 * Replaces (or adds) some files of a finished run's stored outputs and remakes its ZIP from the
 * stored files, so every download agrees with what was uploaded after the run (coverage). Runs whose
 * outputs were never stored in the database (before migration 007) are left as they are. The output
 * folder on the machine that ran the run keeps what the run wrote.
 */
export async function refreshOutputs(
  db: Kysely<MetricsDB>,
  analysisId: number,
  changed: ReadonlyMap<string, string>,
): Promise<void> {
  const rows = await outputsRepo.all(db, analysisId);
  const zipRow = rows.find((r) => r.name.endsWith('.zip'));
  if (!zipRow) return;
  const files = new Map<string, Buffer>();
  for (const r of rows) {
    if (r === zipRow) continue;
    files.set(r.name, r.encoding === 'gzip' ? await gunzipAsync(r.content) : r.content);
  }
  for (const [name, text] of changed) files.set(name, Buffer.from(text));
  const dir = await mkdtemp(join(tmpdir(), 'metrics-outputs-'));
  try {
    const zipPath = join(dir, zipRow.name);
    await writeZip(
      zipPath,
      [...files].map(([name, data]) => ({ name, data })),
    );
    const stored: StoredOutput[] = [];
    for (const [name, bytes] of files) {
      stored.push({ name, encoding: 'gzip', size: bytes.length, content: await gzipAsync(bytes) });
    }
    const zip = await readFile(zipPath);
    stored.push({ name: zipRow.name, encoding: 'identity', size: zip.length, content: zip });
    await outputsRepo.replace(db, analysisId, stored);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
