import { type Insertable, type Kysely, type SelectQueryBuilder, sql, type Transaction } from 'kysely';
import type { FindingsTable, MetricsDB, SourceFilesTable } from '../schema.js';

/** A run's findings and stored sources in database shape. */
export interface CodeDbRows {
  findings: Insertable<FindingsTable>[];
  sources: Insertable<SourceFilesTable>[];
}

/** Filters of the findings list and its by-rule summary. */
export interface FindingFilter {
  analysisId: number;
  category?: string | undefined;
  symbol?: string | undefined;
  /** Paths that start with this (case-sensitive). */
  pathPrefix?: string | undefined;
  /** Exactly this path. */
  file?: string | undefined;
}

// Findings have 11 columns; sources carry up to SOURCE_MAX_FILE_KB of compressed text each, so fewer per insert.
const FINDING_BATCH = 500;
const SOURCE_BATCH = 50;

function chunks<T>(rows: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

function filtered<O>(q: SelectQueryBuilder<MetricsDB, 'findings', O>, f: FindingFilter) {
  let b = q.where('analysis_id', '=', f.analysisId);
  if (f.category !== undefined) b = b.where('category', '=', f.category);
  if (f.symbol !== undefined) b = b.where('symbol', '=', f.symbol);
  if (f.file !== undefined) b = b.where('path', '=', f.file);
  if (f.pathPrefix) {
    // substr, not LIKE: SQLite's LIKE ignores ASCII case and PostgreSQL's does not.
    const n = [...f.pathPrefix].length;
    b = b.where(sql<boolean>`substr(path, 1, ${n}) = ${f.pathPrefix}`);
  }
  return b;
}

/** SQL of the findings and source_files tables. */
export const findingsRepo = {
  /** Removes a run's findings and sources. */
  async clearIn(tx: Transaction<MetricsDB>, analysisId: number): Promise<void> {
    await tx.deleteFrom('findings').where('analysis_id', '=', analysisId).execute();
    await tx.deleteFrom('source_files').where('analysis_id', '=', analysisId).execute();
  },

  /** Inside the results transaction: replaces the run's findings and sources. */
  async replaceIn(tx: Transaction<MetricsDB>, analysisId: number, rows: CodeDbRows): Promise<void> {
    await this.clearIn(tx, analysisId);
    for (const b of chunks(rows.findings, FINDING_BATCH)) await tx.insertInto('findings').values(b).execute();
    for (const b of chunks(rows.sources, SOURCE_BATCH))
      await tx.insertInto('source_files').values(b).execute();
  },

  /** One page of findings in position order, with the filtered total. */
  async page(db: Kysely<MetricsDB>, f: FindingFilter, limit: number, offset: number) {
    const base = filtered(db.selectFrom('findings'), f);
    const counted = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await base
      .select([
        'path',
        'line',
        'column',
        'end_line',
        'end_column',
        'category',
        'symbol',
        'message_id',
        'message',
        'severity',
        'confidence',
      ])
      .orderBy('path')
      .orderBy('line')
      .orderBy('column')
      .orderBy('id')
      .limit(limit)
      .offset(offset)
      .execute();
    return { rows, total: Number(counted?.n ?? 0) };
  },

  /** Findings counted per rule, most frequent first. */
  async rules(db: Kysely<MetricsDB>, f: FindingFilter) {
    const rows = await filtered(db.selectFrom('findings'), f)
      .select((eb) => ['symbol', 'message_id', 'category', eb.fn.countAll<number>().as('count')])
      .groupBy(['symbol', 'message_id', 'category'])
      .orderBy(sql`count(*)`, 'desc')
      .orderBy('symbol')
      .execute();
    return rows.map((r) => ({ ...r, count: Number(r.count) }));
  },
};
