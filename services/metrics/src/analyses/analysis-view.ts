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
  progress: { done: number; total: number };
  commit_sha: string | null;
  output_name: string | null;
  warnings: string[];
  error: { code: string; message: string } | null;
  settings: Record<string, unknown>;
  stages: { stage: Stage; at: string }[];
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  summary: Record<string, unknown> | null;
}

/** Turns a stored row into the API record. */
export function toAnalysisView(row: AnalysisRow): AnalysisView {
  return {
    id: row.id,
    repo_url: row.repo_url,
    branch: row.branch,
    ref: row.ref,
    ref_used: row.ref_used,
    status: row.status,
    stage: row.stage,
    progress: { done: row.progress_done, total: row.progress_total },
    commit_sha: row.commit_sha,
    output_name: row.output_name,
    warnings: JSON.parse(row.warnings),
    error: row.error_code ? { code: row.error_code, message: row.error_message ?? '' } : null,
    settings: JSON.parse(row.settings),
    stages: analysesRepo.parseStages(row).map((s) => ({ stage: s.stage, at: new Date(s.at).toISOString() })),
    created_at: new Date(row.created_at).toISOString(),
    started_at: isoOrNull(row.started_at),
    finished_at: isoOrNull(row.finished_at),
    summary: row.summary ? JSON.parse(row.summary) : null,
  };
}
