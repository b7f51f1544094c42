import { gunzipSync, gzipSync } from 'node:zlib';
import { type AnalysisJson, type FileAnalysis, isTimeoutError } from '@app/pyscan';
import type { Kysely } from 'kysely';
import { type BlobEntry, cacheRepo } from '../../store/repos/cache-repo.js';
import type { MetricsDB } from '../../store/schema.js';

/** One file to measure: its path in the commit and its blob id (null when unknown: never cached). */
export interface BlobItem {
  path: string;
  oid: string | null;
}

// parse_errors that say something about this run, not about the content: never cached.
const TRANSIENT = [
  'analysis worker failed',
  'analyzer pool is closed',
  'no analysis worker',
  'cannot read file',
];

/** The result says something about the content only (not about this run): it may be kept and reused. */
export function cacheable(a: FileAnalysis): boolean {
  const e = a.file.parse_error;
  return e === null || (!isTimeoutError(e) && !TRANSIENT.some((t) => e.startsWith(t)));
}

/** `a` with every row's path set to `path` (a cached result has the path it was measured under); `a` itself when it has it. */
export function withPath(a: FileAnalysis, path: string): FileAnalysis {
  // Results are never changed after measuring, so a history run's unchanged files share one object.
  if (a.file.path === path) return a;
  return {
    file: { ...a.file, path },
    classes: a.classes.map((c) => ({ ...c, path })),
    functions: a.functions.map((f) => ({ ...f, path })),
  };
}

// Level 1: measured a sixth of level 6's CPU for payloads a tenth larger (a history run stores
// thousands). Synchronous: the asynchronous form costs the event loop more in stream set-up than
// level 1 costs in all.
const GZIP = { level: 1 };

/**
 * A cached payload: the result as measured (the path it had then: readers set theirs, see `withPath`),
 * compressed; from the worker's own JSON text when there is one (a history run encodes thousands).
 */
export const encodeAnalysis = (a: FileAnalysis, json?: string): Buffer =>
  gzipSync(json ?? JSON.stringify(a), GZIP);
export const decodeAnalysis = (b: Buffer): FileAnalysis => JSON.parse(gunzipSync(b).toString('utf8'));

const analysisOf = (r: FileAnalysis | AnalysisJson): FileAnalysis => ('json' in r ? r.analysis : r);

/**
 * A run's view of the blob cache: pyscan's result per file content (git blob id) and pyscan version,
 * looked up in this run's memory, then in the database; what is measured is remembered (see
 * `retain`) and stored at `flush`. Counts distinct blobs read from the database and measured.
 */
export class BlobCache {
  private readonly hitOids = new Set<string>();
  private readonly measuredOids = new Set<string>();
  // Files without a blob id (not in the commit's tree listing): measured, never cached.
  private unkeyed = 0;
  private readonly memo = new Map<string, FileAnalysis>();
  private readonly inflight = new Map<string, Promise<FileAnalysis>>();
  private pending: BlobEntry[] = [];

  constructor(
    private readonly db: Kysely<MetricsDB>,
    readonly version: string,
    /** false when CACHE_MAX_MB is 0: nothing is read from or written to the database. */
    readonly enabled: boolean,
  ) {}

  /**
   * Results of `items` in their order: known blobs from the cache, the others through `measure`
   * (once per distinct blob, however many paths share it). `onDone` counts finished items.
   */
  async resolve(
    items: BlobItem[],
    measure: (item: BlobItem) => Promise<FileAnalysis | AnalysisJson>,
    onDone?: (done: number) => void,
    signal?: AbortSignal,
  ): Promise<FileAnalysis[]> {
    const unknown = [...new Set(items.map((i) => i.oid).filter((o): o is string => o !== null))].filter(
      (o) => !this.memo.has(o),
    );
    if (this.enabled && unknown.length > 0) {
      for (const row of await cacheRepo.getBlobs(this.db, unknown, this.version, Date.now())) {
        this.memo.set(row.blob_id, decodeAnalysis(row.payload));
        if (!this.measuredOids.has(row.blob_id)) this.hitOids.add(row.blob_id);
      }
    }
    let done = 0;
    const tick = (): void => {
      done++;
      onDone?.(done);
    };
    const out = await Promise.all(
      items.map(async (item) => {
        signal?.throwIfAborted();
        const known = item.oid === null ? undefined : this.memo.get(item.oid);
        if (known) {
          tick();
          return withPath(known, item.path);
        }
        const result = await this.measureOnce(item, measure);
        tick();
        return withPath(result, item.path);
      }),
    );
    signal?.throwIfAborted();
    return out;
  }

  /** Distinct blobs whose result came from the database (not measured earlier in this run). */
  get hits(): number {
    return this.hitOids.size;
  }

  /** Distinct blobs (and files without a blob id) measured by pyscan in this run. */
  get measured(): number {
    return this.measuredOids.size + this.unkeyed;
  }

  private measureOnce(item: BlobItem, measure: (item: BlobItem) => Promise<FileAnalysis | AnalysisJson>) {
    if (item.oid === null) {
      this.unkeyed++;
      return measure(item).then(analysisOf);
    }
    const oid = item.oid;
    let p = this.inflight.get(oid);
    if (!p) {
      p = measure(item).then((r) => {
        const a = analysisOf(r);
        this.inflight.delete(oid);
        this.measuredOids.add(oid);
        if (cacheable(a)) {
          this.memo.set(oid, a);
          if (this.enabled) {
            this.pending.push({ blob_id: oid, payload: encodeAnalysis(a, 'json' in r ? r.json : undefined) });
          }
        }
        return a;
      });
      this.inflight.set(oid, p);
    }
    return p;
  }

  /**
   * Forgets the results of every blob but `oids` (a history run keeps one commit's files: the next
   * commit shares most of them, and memory stays bounded by one commit however long the history).
   * Forgotten ones are still in the database.
   */
  retain(oids: ReadonlySet<string>): void {
    for (const oid of this.memo.keys()) if (!oids.has(oid)) this.memo.delete(oid);
  }

  /** Stores what this run measured since the last flush. */
  async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    if (batch.length > 0) await cacheRepo.putBlobs(this.db, batch, this.version, Date.now());
  }
}
