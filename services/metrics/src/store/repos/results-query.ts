import { type Kysely, sql } from 'kysely';
import type { MetricsDB } from '../schema.js';

type ResultTable = 'file_metrics' | 'class_metrics' | 'function_metrics';

/** A page request over one run's rows of one level; columns are already checked against a whitelist. */
export interface PageQuery {
  analysisId: number;
  sort: string;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
  /** Case-insensitive substring of the path. */
  path?: string | undefined;
  /** Path prefix, case-sensitive. */
  pathPrefix?: string | undefined;
  /** Complexity ranks to keep (class and function levels). */
  ranks?: string[] | undefined;
  /** Case-insensitive substring of the name (class and function levels). */
  name?: string | undefined;
  /** A numeric column and its inclusive bounds. */
  metric?: string | undefined;
  min?: number | undefined;
  max?: number | undefined;
}

const likePattern = (s: string) => `%${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Filters, sorts and pages one level of one run; returns the page and the filtered total. */
export async function queryPage(
  db: Kysely<MetricsDB>,
  table: ResultTable,
  q: PageQuery,
): Promise<{ rows: Record<string, unknown>[]; total: number }> {
  // Dynamic column names are whitelisted by the caller; sql.ref quotes them.
  let base = db.selectFrom(table).where('analysis_id', '=', q.analysisId);
  if (q.path) base = base.where(sql<boolean>`lower(path) like ${likePattern(q.path)} escape '\\'`);
  // substr, not LIKE: SQLite's LIKE ignores case, a prefix must not.
  if (q.pathPrefix)
    base = base.where(sql<boolean>`substr(path, 1, ${q.pathPrefix.length}) = ${q.pathPrefix}`);
  if (q.ranks?.length && table !== 'file_metrics') base = base.where(sql.ref('rank'), 'in', q.ranks);
  if (q.name && table !== 'file_metrics') {
    base = base.where(sql<boolean>`lower(name) like ${likePattern(q.name)} escape '\\'`);
  }
  if (q.metric && q.min !== undefined) base = base.where(sql<boolean>`${sql.ref(q.metric)} >= ${q.min}`);
  if (q.metric && q.max !== undefined) base = base.where(sql<boolean>`${sql.ref(q.metric)} <= ${q.max}`);
  const counted = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const dir = q.order === 'desc' ? sql`desc` : sql`asc`;
  // NULLs last in both directions and on both engines; id breaks ties so pages never overlap.
  const rows = await base
    .selectAll()
    .orderBy(sql`(${sql.ref(q.sort)} is null)`)
    .orderBy(sql`${sql.ref(q.sort)} ${dir}`)
    .orderBy('id', q.order)
    .limit(q.limit)
    .offset(q.offset)
    .execute();
  return { rows: rows as Record<string, unknown>[], total: Number(counted?.n ?? 0) };
}

/** Repositories analysed at least once: run count and latest run. */
export async function listRepositories(db: Kysely<MetricsDB>, limit: number) {
  return db
    .selectFrom('analyses')
    .select((eb) => [
      'repo_url',
      eb.fn.countAll<number>().as('runs'),
      eb.fn.max('id').as('latest_id'),
      eb.fn.max('created_at').as('latest_at'),
    ])
    .groupBy('repo_url')
    .orderBy(sql`max(id)`, 'desc')
    .limit(limit)
    .execute();
}
