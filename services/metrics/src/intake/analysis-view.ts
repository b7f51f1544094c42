import type { Kysely } from 'kysely';
import { previousRunIds } from '../insights/trends/previous-run.js';
import type { CacheStats } from '../pipeline/cache/cache-stats.js';
import { type PylintStatus, pylintStatusOf } from '../pipeline/pylint/pylint-status.js';
import { isoOrNull } from '../platform/http/schemas.js';
import { type AnalysisRow, analysesRepo } from '../store/repos/analyses-repo.js';
import type { AnalysisStatus, MetricsDB, Stage } from '../store/schema.js';

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
  /** What became of pylint in a finished run (null before it finished); see pylintStatusOf. */
  pylint_status: PylintStatus | null;
  error: { code: string; message: string } | null;
  settings: Record<string, unknown>;
  stages: { stage: Stage; at: string }[];
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  summary: Record<string, unknown> | null;
  /** The run's content-cache figures (null before it measured its files, and for per-commit runs). */
  cache: CacheStats | null;
  /** The run "Compare with previous" compares it with (previousRunIds); null when none. */
  previous_id: number | null;
}

/** Turns a stored row into the API record; `queue` holds the pending runs' places (queuePositions). */
export function toAnalysisView(row: AnalysisRow, queue?: ReadonlyMap<number, number>): AnalysisView {
  const warnings = JSON.parse(row.warnings) as string[];
  const settings = JSON.parse(row.settings) as Record<string, unknown>;
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
    warnings,
    pylint_status: pylintStatusOf({ status: row.status, pylintEnabled: settings.pylint !== false, warnings }),
    error: row.error_code ? { code: row.error_code, message: row.error_message ?? '' } : null,
    settings,
    stages: analysesRepo.parseStages(row).map((s) => ({ stage: s.stage, at: new Date(s.at).toISOString() })),
    created_at: new Date(row.created_at).toISOString(),
    started_at: isoOrNull(row.started_at),
    finished_at: isoOrNull(row.finished_at),
    summary: row.summary ? JSON.parse(row.summary) : null,
    cache: row.cache_stats ? publicStats(row.cache_stats) : null,
    previous_id: null,
  };
}

/** The API record of one run, with its place in the queue when it is pending and its previous run when done. */
export async function analysisView(deps: { db: Kysely<MetricsDB> }, row: AnalysisRow): Promise<AnalysisView> {
  const [view] = await analysisViews(deps, [row]);
  return view as AnalysisView;
}

/** The API records of several runs (one queue lookup for all of them, one trend per repository). */
export async function analysisViews(
  deps: { db: Kysely<MetricsDB> },
  rows: AnalysisRow[],
): Promise<AnalysisView[]> {
  const queue = rows.some((r) => r.status === 'pending')
    ? await analysesRepo.queuePositions(deps.db)
    : undefined;
  const previous = await previousRunIds(deps, rows);
  return rows.map((r) => ({ ...toAnalysisView(r, queue), previous_id: previous.get(Number(r.id)) ?? null }));
}

/** The stored cache figures without the re-run key (internal); runs from before it say no reuse. */
function publicStats(stored: string): CacheStats {
  const { rerun_key: _, ...stats } = JSON.parse(stored) as CacheStats;
  return { ...stats, rows_reused_from: stats.rows_reused_from ?? null };
}
