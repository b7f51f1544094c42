import { gunzipSync, gzipSync } from 'node:zlib';
import type { FileAnalysis } from '@app/pyscan';
import { cacheable, withPath } from '../pipeline/cache/blob-cache.js';

/**
 * One file of a per-commit run: its path and blob id, whose result is the content cache's payload;
 * or, for a result the cache does not keep (a timeout, say), the result itself without its path.
 */
export type ManifestEntry = [path: string, oid: string] | [path: string, oid: null, result: FileAnalysis];

/** A per-commit run's files in path order, as `commit_manifests` stores them. */
export function manifestOf(
  files: { path: string; oid: string }[],
  analyses: FileAnalysis[],
): ManifestEntry[] {
  return files.map((f, k) => {
    const a = analyses[k]!;
    return cacheable(a) ? [f.path, f.oid] : [f.path, null, withPath(a, '')];
  });
}

// Level 1, as the cache's payloads: a manifest is mostly blob ids, which do not compress anyway.
export const encodeManifest = (m: ManifestEntry[]): Buffer => gzipSync(JSON.stringify(m), { level: 1 });
export const decodeManifest = (b: Buffer): ManifestEntry[] => JSON.parse(gunzipSync(b).toString('utf8'));

/** The distinct blob ids a manifest takes its results from. */
export const manifestOids = (m: ManifestEntry[]): string[] => [
  ...new Set(m.flatMap((e) => (e[1] === null ? [] : [e[1]]))),
];
