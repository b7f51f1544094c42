import type { Kysely } from 'kysely';
import type { MetricsDB } from '../schema.js';

/** The file columns a comparison reads (deltas and the content fingerprint when no source is stored). */
export const COMPARED_FILE_COLUMNS = [
  'path',
  'loc',
  'lloc',
  'sloc',
  'comments',
  'blank',
  'functions',
  'classes',
  'cc_total',
  'cc_avg',
  'cc_max',
  'mi',
  'h1',
  'h2',
  'N1',
  'N2',
  'pylint_score',
  'parse_error',
] as const;

/** SQL of comparisons, new code and trends: one run's rows at file and function level, and stored sources. */
export const compareRepo = {
  async files(db: Kysely<MetricsDB>, analysisId: number) {
    return db
      .selectFrom('file_metrics')
      .select([...COMPARED_FILE_COLUMNS])
      .where('analysis_id', '=', analysisId)
      .orderBy('path')
      .execute();
  },

  /** Just the paths of a run's files. */
  async paths(db: Kysely<MetricsDB>, analysisId: number): Promise<string[]> {
    const rows = await db
      .selectFrom('file_metrics')
      .select('path')
      .where('analysis_id', '=', analysisId)
      .execute();
    return rows.map((r) => r.path);
  },

  async functions(db: Kysely<MetricsDB>, analysisId: number, paths?: string[]) {
    if (paths && paths.length === 0) return [];
    let q = db
      .selectFrom('function_metrics')
      .select([
        'path',
        'class_name',
        'name',
        'lineno',
        'endline',
        'complexity',
        'cognitive',
        'nloc',
        'params',
        'max_nesting',
      ])
      .where('analysis_id', '=', analysisId);
    if (paths) q = q.where('path', 'in', paths);
    return q.orderBy('path').orderBy('lineno').execute();
  },

  /** Gzip-compressed stored sources of some files of a run (only those stored with their text). */
  async sources(db: Kysely<MetricsDB>, analysisId: number, paths: string[]) {
    if (paths.length === 0) return [];
    const out: { path: string; content: Buffer | null }[] = [];
    // Chunks keep the IN list within every engine's parameter limit.
    for (let i = 0; i < paths.length; i += 500) {
      const rows = await db
        .selectFrom('source_files')
        .select(['path', 'content'])
        .where('analysis_id', '=', analysisId)
        .where('status', '=', 'stored')
        .where('path', 'in', paths.slice(i, i + 500))
        .execute();
      out.push(...rows);
    }
    return out;
  },

  /** The newest finished run of a repository at a commit (a full sha or a prefix of at least 7 hex digits). */
  async doneRunAtCommit(db: Kysely<MetricsDB>, repoUrl: string, shaPrefix: string) {
    return db
      .selectFrom('analyses')
      .selectAll()
      .where('repo_url', '=', repoUrl)
      .where('status', '=', 'done')
      .where('commit_sha', 'like', `${shaPrefix.toLowerCase()}%`)
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
  },
};
