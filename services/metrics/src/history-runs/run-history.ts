import type { Logger } from '@app/kit';
import type { AnalyzerPool, FileAnalysis } from '@app/pyscan';
import type { BlobCache } from '../cache/blob-cache.js';
import { listTree } from '../cache/git-tree.js';
import type { RunEnv } from '../jobs/run-env.js';
import { RunGone } from '../jobs/run-gone.js';
import type { StageReporter } from '../jobs/stage-reporter.js';
import type { AnalysisRow } from '../store/repos/analyses-repo.js';
import { historyRunsRepo } from '../store/repos/history-runs-repo.js';
import { BlobReader } from './blob-reader.js';
import { childResults } from './child-rows.js';
import { type CommitFileRules, commitFiles } from './commit-files.js';
import type { HistorySpec } from './history-spec.js';
import { type LineCommit, selectCommits } from './select-commits.js';

/** What a history run needs from the run around it. */
export interface HistoryInput {
  env: RunEnv;
  row: AnalysisRow;
  /** The full clone (its object store is read; its work tree is never touched). */
  dir: string;
  /** The parent's ref_used (the per-commit runs carry it). */
  refUsed: string;
  spec: HistorySpec;
  /** The discovery rules the analysed commit used (its exclusions and test rule apply to every commit). */
  rules: CommitFileRules;
  /** The per-commit runs' settings. */
  childSettings: Record<string, unknown>;
  cache: BlobCache;
  pool: AnalyzerPool;
  report: StageReporter;
  log: Logger;
}

/** How a history run went: commits measured now, and kept from an earlier attempt. */
export interface HistoryOutcome {
  commits: number;
  reused: number;
}

/**
 * Measures the selected earlier commits one after another (newest first), each from its tree listing:
 * contents already known come from the cache, the rest are read with `git cat-file --batch` and
 * measured on the pool; each commit is stored as its own run as soon as it is measured, while the
 * next one is being measured.
 */
export async function runHistoryCommits(i: HistoryInput): Promise<HistoryOutcome> {
  const { env, row, dir, cache, report } = i;
  const signal = env.signal;
  const commits = await selectCommits(dir, i.spec, signal);
  const stored = new Set((await historyRunsRepo.children(env.ctx.db, row.id)).map((c) => c.commit_sha));
  await report.stage('history');
  report.progress(0, commits.length);
  const reader = new BlobReader(dir, signal);
  let writing: Promise<void> = Promise.resolve();
  let reused = 0;
  // Where the time goes, for the log: measuring (listing, reading, pyscan) and storing.
  let measureMs = 0;
  let writeMs = 0;
  try {
    for (let k = 0; k < commits.length; k++) {
      const c = commits[k]!;
      signal.throwIfAborted();
      if (stored.has(c.sha)) {
        reused++;
        report.commit(k + 1, commits.length, tick(c, 0, 0, true, 0));
        continue;
      }
      const t0 = Date.now();
      const before = cache.measured;
      const files = commitFiles(await listTree(dir, c.sha, signal), i.rules);
      const analyses = await cache.resolve(
        files.map((f) => ({ path: f.path, oid: f.oid })),
        async (item) => i.pool.analyzeSource(await reader.read(item.oid ?? ''), item.path),
        undefined,
        signal,
      );
      const measured = cache.measured - before;
      cache.retain(new Set(files.map((f) => f.oid)));
      measureMs += Date.now() - t0;
      // The previous commit's write ran while this one was measured; one write at a time.
      await writing;
      const done = k + 1;
      const w0 = Date.now();
      writing = store(i, c, analyses, t0).then(() => {
        writeMs += Date.now() - w0;
        report.commit(done, commits.length, tick(c, files.length, measured, false, Date.now() - t0));
      });
      writing.catch(() => {});
    }
    await writing;
  } finally {
    reader.close();
  }
  await cache.flush();
  i.log.info({ commits: commits.length, reused, measureMs, writeMs }, 'history commits done');
  return { commits: commits.length, reused };
}

async function store(
  i: HistoryInput,
  c: LineCommit,
  analyses: FileAnalysis[],
  startedAt: number,
): Promise<void> {
  await i.cache.flush();
  const now = Date.now();
  const results = childResults(analyses, {
    repoUrl: i.row.repo_url,
    ref: i.refUsed,
    commitSha: c.sha,
    durationMs: now - startedAt,
    now,
  });
  const id = await historyRunsRepo.insertChild(i.env.ctx.db, i.row, i.env.owner, {
    commitSha: c.sha,
    commitDate: c.date,
    refUsed: i.refUsed,
    settings: i.childSettings,
    startedAt,
    now,
    results,
  });
  if (id === null) throw new RunGone(i.row.id);
}

function tick(c: LineCommit, files: number, measured: number, reused: boolean, ms: number) {
  return { sha: c.sha, commit_date: new Date(c.date).toISOString(), files, measured, reused, ms };
}
