import type { ClassMetrics, FunctionMetrics } from '@app/pyscan';
import type { Generated } from 'kysely';
import type { FileColumns, InsightInternalColumns } from './file-columns.js';

/** Stages of a run in the order they happen; `failed` or `cancelled` can follow any of them. */
export const STAGES = [
  'pending',
  'cloning',
  'discovering',
  'analyzing',
  // Entered when pyscan has measured every file but pylint is still running (pylint runs alongside).
  'linting',
  'git_analysis',
  // A history run measuring its earlier commits (progress counts commits).
  'history',
  'generating',
  'done',
] as const;
export type Stage = (typeof STAGES)[number] | 'failed' | 'cancelled';
export type AnalysisStatus = 'pending' | 'running' | 'done' | 'failed' | 'cancelled';

/** One analysis run: the request, where it is, and how it ended. JSON columns are text. */
export interface AnalysesTable {
  id: Generated<number>;
  repo_url: string;
  owner: string;
  repo: string;
  branch: string | null;
  ref: string | null;
  status: AnalysisStatus;
  stage: Stage;
  /** `[{stage, at}]` of every stage entered, for the stream's replay. */
  stage_times: string;
  progress_done: number;
  progress_total: number;
  commit_sha: string | null;
  /** Committer date of `commit_sha` (epoch ms); null before migration 006 or before the clone. */
  commit_date: number | null;
  /** Set on the per-commit runs a history run creates: the history run that measured this commit. */
  history_parent_id: number | null;
  ref_used: string | null;
  output_name: string | null;
  /** `string[]` */
  warnings: string;
  error_code: string | null;
  error_message: string | null;
  /** The settings the run used (`{history, pylint, skip_test_files, max_file_count, exclude, repository_config}`). */
  settings: string;
  /** The summary object once done. */
  summary: string | null;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
  /** Which worker holds the run and until when; a lease not renewed in time means the worker died. */
  lease_owner: string | null;
  lease_expires_at: number | null;
  heartbeat_at: number | null;
  attempts: number;
  /** JSON of the run's cache figures (`CacheStats`); null before migration 007 or before it finished measuring. */
  cache_stats: string | null;
}

/**
 * File-level metrics: the file.csv row per run, plus the insights' internal columns. Rows of runs
 * from before the insights hold nulls there.
 */
export interface FileMetricsTable extends FileColumns, NullableInternal {
  id: Generated<number>;
  analysis_id: number;
}

/** Class-level metrics as pyscan gives them, per run. */
export interface ClassMetricsTable extends ClassMetrics {
  id: Generated<number>;
  analysis_id: number;
}

/** Function-level metrics; `class` is a reserved word in SQL and the flag is stored as 0/1. */
export interface FunctionMetricsTable extends Omit<FunctionMetrics, 'class' | 'is_method'> {
  id: Generated<number>;
  analysis_id: number;
  class_name: string;
  is_method: number;
}

/** One row per finished run: the numbers the trend view plots, without parsing JSON. */
export interface SummariesTable {
  analysis_id: number;
  repo_url: string;
  commit_sha: string;
  files: number;
  classes: number;
  functions: number;
  loc: number;
  sloc: number;
  cc_avg: number | null;
  cc_max: number | null;
  mi_avg: number | null;
  pylint_avg: number | null;
  parse_errors: number;
  created_at: number;
  duplicated_lines: number | null;
  duplicated_lines_pct: number | null;
  /** Code health (migration 041): null for runs from before and for what a run did not measure. */
  coverage?: number | null;
  new_coverage?: number | null;
  cycles?: number | null;
  contracts?: number | null;
  typed?: number | null;
  documented?: number | null;
  security_findings?: number | null;
  health?: number | null;
}

/** A clone group of a run (group_no 1 is the largest). */
export interface CloneGroupsTable {
  id: Generated<number>;
  analysis_id: number;
  group_no: number;
  tokens: number;
  lines: number;
  occurrences: number;
}

/** One occurrence of a clone group, with a capped copy of its text. */
export interface CloneOccurrencesTable {
  id: Generated<number>;
  analysis_id: number;
  group_no: number;
  path: string;
  start_line: number;
  end_line: number;
  tokens: number;
  text: string;
  /** 0/1: the text was cut at FRAGMENT_MAX_LINES or FRAGMENT_MAX_CHARS. */
  truncated: number;
}

type NullableInternal = { [K in keyof InsightInternalColumns]: InsightInternalColumns[K] | null };

/** One row per run finished since the insights exist: whether it had the history, and its bus factor. */
export interface HistoryInsightsTable {
  analysis_id: number;
  /** 0/1 */
  available: number;
  reason: string | null;
  commits_read: number;
  bus_factor: number;
  authors_total: number;
}

export interface CouplingPairsTable {
  id: Generated<number>;
  analysis_id: number;
  path_a: string;
  path_b: string;
  shared_commits: number;
  degree: number;
  revisions_a: number;
  revisions_b: number;
}

/** One author's changed lines in one file (e-mail lower case, after .mailmap). */
export interface AuthorSharesTable {
  id: Generated<number>;
  analysis_id: number;
  path: string;
  email: string;
  name: string;
  lines: number;
}

export interface KnowledgeFoldersTable {
  id: Generated<number>;
  analysis_id: number;
  path: string;
  bus_factor: number;
  files: number;
}

/** One pylint message of one run: `line` 1-based, `column` 0-based, as pylint reports them (see findings/finding.ts). */
export interface FindingsTable {
  id: Generated<number>;
  analysis_id: number;
  path: string;
  line: number;
  column: number;
  /** Null when pylint gives no end position. */
  end_line: number | null;
  end_column: number | null;
  /** Pylint's message category (`FINDING_CATEGORIES`). */
  category: string;
  symbol: string;
  message_id: string;
  message: string;
  /** bandit's severity and confidence for `security` findings; null for pylint's (and before migration 020). */
  severity?: string | null;
  confidence?: string | null;
}

/** Coverage uploaded for a run (the joined report as JSON). */
export interface RunCoverageTable {
  analysis_id: number;
  payload: string;
  uploaded_at: number;
}

/** A run's code health (pyscan's CodeHealth document as JSON). */
export interface CodeHealthTable {
  analysis_id: number;
  payload: string;
}

/** A run's health score per repository, file and function with the deductions (pyscan's HealthSection as JSON). */
export interface RunHealthTable {
  analysis_id: number;
  payload: string;
}

/** What became of a file's source in the source view store. */
export type SourceStatus = 'stored' | 'file_cap' | 'run_cap' | 'unreadable';

/** One analysed file's source (gzip of its bytes as committed, null unless stored) and pylint statement count. */
export interface SourceFilesTable {
  id: Generated<number>;
  analysis_id: number;
  path: string;
  status: SourceStatus;
  /** Bytes of the file as committed. */
  size: number;
  pylint_statements: number | null;
  content: Buffer | null;
}

/** pyscan's result for one file content (gzip of JSON `FileAnalysis`, paths as first measured), per pyscan version. */
export interface BlobMetricsTable {
  blob_id: string;
  pyscan_version: string;
  payload: Buffer;
  /** Size of `payload`: the cap counts these. */
  bytes: number;
  last_used_at: number;
}

/** pylint's results for one tree, pylint version and options (gzip of JSON). */
export interface PylintCacheTable {
  tree_id: string;
  pylint_version: string;
  options_hash: string;
  payload: Buffer;
  bytes: number;
  last_used_at: number;
}

/**
 * A per-commit run's files by reference (migration 009): gzip of JSON `[path, blob id]` pairs (or
 * `[path, null, result]` for a result the cache does not keep), in path order; present until the
 * run's rows are written (`history-runs/lazy-rows.ts`).
 */
export interface CommitManifestsTable {
  analysis_id: number;
  pyscan_version: string;
  file_count: number;
  files: Buffer;
}

/** A content a history run's manifests name: kept by the cache's pruning while the run exists. */
export interface HistoryContentsTable {
  parent_id: number;
  blob_id: string;
  pyscan_version: string;
}

/** One file of a run's outputs, kept so that every instance can serve it (migration 007). */
export interface OutputFilesTable {
  id: Generated<number>;
  analysis_id: number;
  name: string;
  encoding: 'gzip' | 'identity';
  size: number;
  content: Buffer;
}

/** A worker's lease on one bare mirror of the repository cache (migration 040). */
export interface RepoMirrorLocksTable {
  mirror_key: string;
  owner: string;
  expires_at: number;
}

/** The commits one full-history pass read since its base (migration 040; gzip of JSON `LogCommit[]`). */
export interface HistorySegmentsTable {
  repo_key: string;
  commit_sha: string;
  base_sha: string | null;
  mailmap: string;
  commits: number;
  total: number;
  payload: Buffer;
  bytes: number;
  last_used_at: number;
}

/** One file's pylint result by its dependency-aware key (migration 045; gzip of JSON). */
export interface PylintFileCacheTable {
  file_key: string;
  payload: Buffer;
  bytes: number;
  last_used_at: number;
}

/** A saved quality gate: `*` (the default) or `owner/repo` (migration 030). */
export interface QualityGatesTable {
  scope_key: string;
  /** JSON `string[]` of canonical conditions. */
  conditions: string;
  badge_public: number;
  updated_at: number;
}

/** A finished run's verdict (JSON of shared-types `Verdict`). */
export interface RunVerdictsTable {
  analysis_id: number;
  passed: number;
  verdict: string;
  evaluated_at: number;
}

/** Forge webhook deliveries accepted (migration 031): a replayed id is refused. */
export interface ForgeDeliveriesTable {
  delivery_id: string;
  event: string;
  received_at: number;
}

/** A run a forge webhook queued, and where its verdict goes. */
export interface ForgeLinksTable {
  analysis_id: number;
  owner: string;
  repo: string;
  head_sha: string;
  pr_number: number | null;
  reported_at: number | null;
}

/** The one comment kept per pull request. */
export interface ForgePrCommentsTable {
  owner: string;
  repo: string;
  pr_number: number;
  comment_id: string;
}

export interface MetricsDB {
  repo_mirror_locks: RepoMirrorLocksTable;
  history_segments: HistorySegmentsTable;
  pylint_file_cache: PylintFileCacheTable;
  forge_deliveries: ForgeDeliveriesTable;
  forge_links: ForgeLinksTable;
  forge_pr_comments: ForgePrCommentsTable;
  quality_gates: QualityGatesTable;
  run_verdicts: RunVerdictsTable;
  commit_manifests: CommitManifestsTable;
  history_contents: HistoryContentsTable;
  output_files: OutputFilesTable;
  blob_metrics: BlobMetricsTable;
  pylint_cache: PylintCacheTable;
  findings: FindingsTable;
  code_health: CodeHealthTable;
  run_health: RunHealthTable;
  run_coverage: RunCoverageTable;
  source_files: SourceFilesTable;
  history_insights: HistoryInsightsTable;
  coupling_pairs: CouplingPairsTable;
  author_shares: AuthorSharesTable;
  knowledge_folders: KnowledgeFoldersTable;
  analyses: AnalysesTable;
  file_metrics: FileMetricsTable;
  class_metrics: ClassMetricsTable;
  function_metrics: FunctionMetricsTable;
  summaries: SummariesTable;
  clone_groups: CloneGroupsTable;
  clone_occurrences: CloneOccurrencesTable;
}
