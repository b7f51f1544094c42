import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { type ImportStatement, readImports } from '@app/pyscan';
import type { Kysely } from 'kysely';
import { pylintFileCacheRepo } from '../../store/repos/pylint-file-cache-repo.js';
import type { MetricsDB } from '../../store/schema.js';
import type { PylintFileResult } from '../pylint/run-pylint.js';
import type { TreeEntry } from './git-tree.js';
import { pylintFileKeys } from './pylint-file-keys.js';

// A file's imports depend on its content only: kept per blob id for the process's life, so the next
// commit tokenizes only the contents it has not seen. Dropped whole past this many (a few MB at most).
const MAX_REMEMBERED = 50_000;
const importsByBlob = new Map<string, ImportStatement[] | null>();

/**
 * The per-file pylint keys of `files` (see {@link pylintFileKeys}) for the clone at `dir` whose tree
 * is `tree`: every Python file of the tree is read once for its imports (any file may be imported,
 * also one that is not linted).
 */
export async function fileKeysOf(
  dir: string,
  config: string,
  files: readonly string[],
  tree: ReadonlyMap<string, TreeEntry>,
  signal?: AbortSignal,
): Promise<Map<string, string>> {
  const py = [...tree.values()].filter((e) => e.path.endsWith('.py'));
  if (importsByBlob.size > MAX_REMEMBERED) importsByBlob.clear();
  const unseen = py.filter((e) => !importsByBlob.has(e.oid));
  for (let i = 0; i < unseen.length; i += 64) {
    signal?.throwIfAborted();
    await Promise.all(
      unseen.slice(i, i + 64).map(async (e) => {
        // Unreadable (not checked out, say): null, which makes its importers depend on every file.
        const text = await readFile(join(dir, e.path), 'utf8').catch(() => null);
        importsByBlob.set(e.oid, text === null ? null : importsIn(text));
      }),
    );
  }
  return pylintFileKeys(config, files, py, (f) => importsByBlob.get(f.oid) ?? null);
}

/** The cached results of the keys known (key → result). */
export async function readPylintFiles(
  db: Kysely<MetricsDB>,
  keys: string[],
): Promise<Map<string, PylintFileResult>> {
  const found = await pylintFileCacheRepo.get(db, keys, Date.now());
  const out = new Map<string, PylintFileResult>();
  for (const [key, payload] of found) out.set(key, JSON.parse(gunzipSync(payload).toString('utf8')));
  return out;
}

/** Stores fresh per-file results under their keys. */
export async function writePylintFiles(
  db: Kysely<MetricsDB>,
  entries: [key: string, result: PylintFileResult][],
): Promise<void> {
  if (entries.length === 0) return;
  const rows = entries.map(([k, r]): [string, Buffer] => [k, gzipSync(JSON.stringify(r))]);
  await pylintFileCacheRepo.put(db, rows, Date.now());
}

function importsIn(text: string): ImportStatement[] | null {
  try {
    return readImports(text);
  } catch {
    return null;
  }
}
