// A file's path along a series, newest commit first: the same path, or across a rename the stored
// sources show (see compare/renames.ts), or, between per-commit runs stored by reference, where the
// same content moved. Other runs without stored sources are followed by path only.
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { decodeSource } from '@app/pyscan';
import type { Kysely } from 'kysely';
import type { ManifestReader } from '../../history-runs/manifest-reader.js';
import { compareRepo } from '../../store/repos/compare-repo.js';
import type { MetricsDB } from '../../store/schema.js';
import { detectRenames } from '../compare/renames.js';

const gunzipAsync = promisify(gunzip);

async function textsOf(db: Kysely<MetricsDB>, id: number, paths: string[]) {
  const out = new Map<string, string>();
  for (const r of await compareRepo.sources(db, id, paths)) {
    if (!r.content) continue;
    const d = decodeSource(await gunzipAsync(r.content));
    if (d.ok) out.set(r.path, d.text);
  }
  return out;
}

/**
 * The path of `path` (as named in the newest run) in each run of `runIds` (oldest first); a run where
 * the file is absent and no rename leads to it gets no entry.
 */
export async function fileLineage(
  db: Kysely<MetricsDB>,
  runIds: number[],
  path: string,
  manifests?: ManifestReader,
): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  let tracked = path;
  // The newest run that had the file, with its paths: a rename is looked for between it and an older run.
  let newer: { id: number; path: string; paths: Set<string> } | null = null;
  for (const id of [...runIds].reverse()) {
    const paths = new Set(manifests?.has(id) ? manifests.paths(id) : await compareRepo.paths(db, id));
    if (!paths.has(tracked) && newer) {
      const n = newer;
      const removed = [...paths].filter((p) => !n.paths.has(p));
      const oid = manifests?.oid(n.id, n.path);
      const moved = oid ? removed.find((p) => manifests?.oid(id, p) === oid) : undefined;
      if (moved) tracked = moved;
      else if (removed.length > 0) {
        const [olds, news] = await Promise.all([textsOf(db, id, removed), textsOf(db, n.id, [n.path])]);
        const renames = detectRenames(
          removed.map((p) => ({ path: p, text: olds.get(p) ?? null })),
          [{ path: n.path, text: news.get(n.path) ?? null }],
        );
        const from = renames.get(n.path);
        if (from) tracked = from;
      }
    }
    if (paths.has(tracked)) {
      out.set(id, tracked);
      newer = { id, path: tracked, paths };
    }
  }
  return out;
}
