import { CLASS_COLUMNS, FUNCTION_COLUMNS } from '@app/pyscan';
import { errors } from '../../errors.js';
import { getAnalysis } from '../../platform/http/get-analysis.js';
import { queryPage } from '../../store/repos/results-query.js';
import type { RunReads } from '../run-reads.js';
import { FILE_CSV_COLUMNS } from './file-row.js';
import { LEVELS, type LevelName, type LevelSpec } from './levels.js';

/** Query parameters of the files, classes and functions endpoints. */
export interface PageParams {
  sort?: string | undefined;
  order?: 'asc' | 'desc' | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
  path?: string | undefined;
  path_prefix?: string | undefined;
  rank?: string | undefined;
  name?: string | undefined;
  metric?: string | undefined;
  min?: number | undefined;
  max?: number | undefined;
}

/** A page of rows with what the UI needs to page on. */
export interface Page {
  items: Record<string, unknown>[];
  total: number;
  limit: number;
  offset: number;
  next_offset: number | null;
}

const COLUMNS = { files: FILE_CSV_COLUMNS, classes: CLASS_COLUMNS, functions: FUNCTION_COLUMNS } as const;

function fieldError(path: string, message: string) {
  return errors.validation_failed(`The request query is invalid: ${path} ${message}.`, {
    errors: [{ path, message }],
  });
}

// Database rows carry ids and storage spellings; the API speaks the CSV's column names.
function toView(level: LevelName, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const col of COLUMNS[level]) {
    if (col === 'class') out.class = row.class_name;
    else if (col === 'is_method') out.is_method = row.is_method === 1 || row.is_method === true;
    else out[col] = row[col];
  }
  return out;
}

/** One page of a finished run's rows at `level`, sorted, filtered and counted. */
export async function listLevel(ctx: RunReads, id: number, level: LevelName, p: PageParams): Promise<Page> {
  const spec: LevelSpec = LEVELS[level];
  const row = await getAnalysis(ctx, id);
  if (row.status !== 'done')
    throw errors.analysis_not_done(`analysis ${id} is ${row.status}: results exist once it is done`);
  await ctx.ensureRows(row);
  const sortName = p.sort ?? spec.defaultSort;
  // Own keys only: `__proto__` or `toString` would find Object.prototype's members and reach SQL.
  const sort: string | undefined = Object.hasOwn(spec.sortable, sortName)
    ? (spec.sortable as Record<string, string>)[sortName]
    : undefined;
  if (!sort) throw fieldError('sort', `must be one of ${Object.keys(spec.sortable).join(', ')}`);
  if ((p.min !== undefined || p.max !== undefined) && p.metric === undefined) {
    throw fieldError('metric', 'is required with min or max');
  }
  if (p.metric !== undefined && !spec.numeric.includes(p.metric)) {
    throw fieldError('metric', `must be one of ${spec.numeric.join(', ')}`);
  }
  const limit = p.limit ?? 50;
  const offset = p.offset ?? 0;
  const { rows, total } = await queryPage(ctx.db, spec.table, {
    analysisId: id,
    sort,
    order: p.order ?? 'asc',
    limit,
    offset,
    path: p.path,
    pathPrefix: p.path_prefix,
    ranks: p.rank ? p.rank.toUpperCase().split(',') : undefined,
    name: p.name,
    metric: p.metric,
    min: p.min,
    max: p.max,
  });
  return {
    items: rows.map((r) => toView(level, r)),
    total,
    limit,
    offset,
    next_offset: offset + rows.length < total ? offset + rows.length : null,
  };
}
