import type { FileAnalysis } from '@app/pyscan';
import type { Kysely } from 'kysely';
import { decodeAnalysis, withPath } from '../pipeline/cache/blob-cache.js';
import { cacheRepo } from '../store/repos/cache-repo.js';
import { manifestsRepo } from '../store/repos/manifests-repo.js';
import type { MetricsDB } from '../store/schema.js';
import { decodeManifest, type ManifestEntry } from './commit-manifest.js';

interface Loaded {
  version: string;
  byPath: Map<string, ManifestEntry>;
}

/** The content a pinned payload was expected from is not in the cache (it should never be). */
export class ManifestContentGone extends Error {}

/**
 * Per-commit runs stored by reference, read without writing their rows: their paths, blob ids and
 * results (each content's payload fetched and decoded once, however many runs name it). Runs of
 * `ids` whose rows are written (or that are normal runs) are not `has` here: read them with SQL.
 */
export class ManifestReader {
  private readonly payloads = new Map<string, FileAnalysis>();

  private constructor(
    private readonly db: Kysely<MetricsDB>,
    private readonly runs: Map<number, Loaded>,
  ) {}

  static async load(db: Kysely<MetricsDB>, ids: number[]): Promise<ManifestReader> {
    const runs = new Map<number, Loaded>();
    for (const m of await manifestsRepo.many(db, ids)) {
      const entries = decodeManifest(m.files);
      runs.set(m.analysis_id, { version: m.pyscan_version, byPath: new Map(entries.map((e) => [e[0], e])) });
    }
    return new ManifestReader(db, runs);
  }

  has(id: number): boolean {
    return this.runs.has(id);
  }

  /** The run's paths, in path order. */
  paths(id: number): string[] {
    return [...(this.runs.get(id)?.byPath.keys() ?? [])];
  }

  /** The blob id of `path` in run `id` (null: its result is kept in the manifest itself). */
  oid(id: number, path: string): string | null | undefined {
    return this.runs.get(id)?.byPath.get(path)?.[1];
  }

  /** The results of `paths` (all by default) in run `id`, in path order; absent paths are left out. */
  async analyses(id: number, paths?: string[]): Promise<FileAnalysis[]> {
    const run = this.runs.get(id);
    if (!run) return [];
    const entries = (paths ?? [...run.byPath.keys()])
      .map((p) => run.byPath.get(p))
      .filter((e): e is ManifestEntry => e !== undefined)
      .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    const key = (oid: string) => `${run.version}\0${oid}`;
    const missing = [
      ...new Set(entries.flatMap((e) => (e[1] === null || this.payloads.has(key(e[1])) ? [] : [e[1]]))),
    ];
    if (missing.length > 0) {
      for (const row of await cacheRepo.getBlobs(this.db, missing, run.version, Date.now())) {
        this.payloads.set(key(row.blob_id), decodeAnalysis(row.payload));
      }
    }
    return entries.map((e) => {
      const a = e[1] === null ? e[2] : this.payloads.get(key(e[1]));
      if (!a) throw new ManifestContentGone(`content ${e[1]} of run ${id} (${e[0]}) is not in the cache`);
      return withPath(a, e[0]);
    });
  }
}
