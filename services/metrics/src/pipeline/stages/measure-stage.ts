import { join } from 'node:path';
import type { AnalyzerPool, FileAnalysis } from '@app/pyscan';
import { BlobCache } from '../cache/blob-cache.js';
import { listTree } from '../cache/git-tree.js';
import { pyscanVersion } from '../cache/pyscan-version.js';
import type { Cloned } from './clone-stage.js';
import type { Discovered } from './discover-stage.js';
import { type LintStarted, startLint } from './lint/lint-stage.js';
import type { RunScope } from './run-scope.js';

/** The analysed commit measured, with what goes on while the next stages run. */
export interface Measured {
  analyses: FileAnalysis[];
  /** The run's content cache (a history run measures its earlier commits through it too). */
  cache: BlobCache;
  pool: AnalyzerPool;
  /** pyscan's version as the cache keys it. */
  pyscan: string;
  /** pylint, started with the stage. */
  lint: LintStarted;
  t0: number;
}

/**
 * The analyzing stage: pylint (separate processes) starts, and pyscan measures
 * every file on the pool meanwhile; contents measured before (this or any run, same pyscan) come
 * from the cache, the rest from the clone.
 */
export async function measureStage(run: RunScope, clone: Cloned, found: Discovered): Promise<Measured> {
  const { config: cfg, db } = run.env.deps;
  const signal = run.env.signal;
  await run.report.stage('analyzing');
  const total = found.files.length;
  run.report.progress(0, total);
  const t0 = Date.now();
  const lint = startLint(run, clone, found.files);
  const pool = await run.env.pool();
  const pyscan = pyscanVersion(cfg.cachePyscanVersion);
  const cache = new BlobCache(db, pyscan, cfg.cacheMaxBytes > 0);
  // Listed by the clone when it checked the size cap; else read now.
  const tree = clone.tree ?? (await listTree(clone.dir, 'HEAD', signal));
  const analyses = await cache.resolve(
    found.files.map((path) => ({ path, oid: tree.get(path)?.oid ?? null })),
    // With code health's per-file parts, made from the analysis's own tokens (code-health-step.ts).
    (item) => pool.analyzeFile(join(clone.dir, item.path), item.path, { codeHealth: true }),
    (d) => run.report.progress(d, total),
    signal,
  );
  await cache.flush();
  run.log.info({ files: total, measured: cache.measured, ms: Date.now() - t0 }, 'pyscan done');
  return { analyses, cache, pool, pyscan, lint, t0 };
}
