import type { CacheStats } from '../cache/cache-stats.js';
import type { AppContext } from '../context.js';
import { isoOrNull } from '../http/schemas.js';
import { type AnalysisRow, analysesRepo } from '../store/repos/analyses-repo.js';
import type { AnalysisStatus, Stage } from '../store/schema.js';

/** The analysis record of the API (the contract's fields plus `ref_used`, `settings` and `stages`). */
export interface AnalysisView {
  id: number;
  repo_url: string;
  branch: string | null;
  ref: string | null;
  ref_used: string | null;
  status: AnalysisStatus;
  stage: Stage;
  /** For a pending run, its place in the queue (1 = next); null otherwise. */
  queue_position: number | null;
  progress: { done: number; total: number };
  commit_sha: string | null;
  /** The commit's committer date; null for runs from before it was recorded. */
  commit_date: string | null;
  /** For a per-commit run of a history run: that run's id. */
  history_parent_id: number | null;
  output_name: string | null;
  warnings: string[];
  error: { code: string; message: string } | null;
  settings: Record<string, unknown>;
  stages: { stage: Stage; at: string }[];
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  summary: Record<string, unknown> | null;
  /** The run's content-cache figures (null before it measured its files, and for per-commit runs). */
  cache: CacheStats | null;
}

/** Turns a stored row into the API record; `queue` holds the pending runs' places (queuePositions). */
export function toAnalysisView(row: AnalysisRow, queue?: ReadonlyMap<number, number>): AnalysisView {
  return {
    id: row.id,
    repo_url: row.repo_url,
    branch: row.branch,
    ref: row.ref,
    ref_used: row.ref_used,
    status: row.status,
    stage: row.stage,
    queue_position: row.status === 'pending' ? (queue?.get(Number(row.id)) ?? null) : null,
    progress: { done: row.progress_done, total: row.progress_total },
    commit_sha: row.commit_sha,
    commit_date: isoOrNull(row.commit_date),
    history_parent_id: row.history_parent_id == null ? null : Number(row.history_parent_id),
    output_name: row.output_name,
    warnings: JSON.parse(row.warnings),
    error: row.error_code ? { code: row.error_code, message: row.error_message ?? '' } : null,
    settings: JSON.parse(row.settings),
    stages: analysesRepo.parseStages(row).map((s) => ({ stage: s.stage, at: new Date(s.at).toISOString() })),
    created_at: new Date(row.created_at).toISOString(),
    started_at: isoOrNull(row.started_at),
    finished_at: isoOrNull(row.finished_at),
    summary: row.summary ? JSON.parse(row.summary) : null,
    cache: row.cache_stats ? (JSON.parse(row.cache_stats) as CacheStats) : null,
  };
}

/** The API record of one run, with its place in the queue when it is pending. */
export async function analysisView(ctx: AppContext, row: AnalysisRow): Promise<AnalysisView> {
  return toAnalysisView(
    row,
    row.status === 'pending' ? await analysesRepo.queuePositions(ctx.db) : undefined,
  );
}

/** The API records of several runs (one queue lookup for all of them). */
export async function analysisViews(ctx: AppContext, rows: AnalysisRow[]): Promise<AnalysisView[]> {
  const queue = rows.some((r) => r.status === 'pending')
    ? await analysesRepo.queuePositions(ctx.db)
    : undefined;
  return rows.map((r) => toAnalysisView(r, queue));
}
