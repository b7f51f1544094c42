import type { Kysely } from 'kysely';
import type { MetricsDB } from '../schema.js';

/** SQL of the trends: a repository's finished runs with their summary numbers, and one file's or function's rows. */
export const trendsRepo = {
  /**
   * Every finished run of a repository that has a summary, per-commit runs of history runs included,
   * with the branch, tag or commit of the run that asked for it (a per-commit run's parent).
   */
  async runs(db: Kysely<MetricsDB>, repoUrl: string) {
    return db
      .selectFrom('summaries as s')
      .innerJoin('analyses as a', 'a.id', 's.analysis_id')
      .leftJoin('analyses as p', 'p.id', 'a.history_parent_id')
      .select([
        'a.id',
        'a.ref_used',
        'a.branch',
        'a.ref',
        'a.created_at',
        'a.finished_at',
        'a.commit_date',
        'a.history_parent_id',
        'p.ref as parent_ref',
        'p.branch as parent_branch',
        'p.ref_used as parent_ref_used',
        's.commit_sha',
        's.files',
        's.classes',
        's.functions',
        's.loc',
        's.sloc',
        's.cc_avg',
        's.cc_max',
        's.mi_avg',
        's.pylint_avg',
        's.parse_errors',
        's.duplicated_lines_pct',
        'a.settings',
        's.coverage',
        's.new_coverage',
        's.cycles',
        's.contracts',
        's.typed',
        's.documented',
        's.security_findings',
        's.health',
      ])
      .where('s.repo_url', '=', repoUrl)
      .where('a.status', '=', 'done')
      .execute();
  },

  /** One file's rows in some runs. */
  async fileRows(db: Kysely<MetricsDB>, analysisIds: number[], paths: string[]) {
    if (analysisIds.length === 0 || paths.length === 0) return [];
    return db
      .selectFrom('file_metrics')
      .select(['analysis_id', 'path', 'loc', 'sloc', 'functions', 'cc_total', 'cc_avg', 'cc_max', 'mi'])
      .where('analysis_id', 'in', analysisIds)
      .where('path', 'in', paths)
      .execute();
  },

  /** The functions named `name` of class `className` ('' = module level) in one file of one run, in line order. */
  async functionRows(
    db: Kysely<MetricsDB>,
    analysisId: number,
    path: string,
    className: string,
    name: string,
  ) {
    return db
      .selectFrom('function_metrics')
      .select(['lineno', 'endline', 'complexity', 'cognitive', 'nloc', 'params', 'max_nesting'])
      .where('analysis_id', '=', analysisId)
      .where('path', '=', path)
      .where('class_name', '=', className)
      .where('name', '=', name)
      .orderBy('lineno')
      .execute();
  },
};
