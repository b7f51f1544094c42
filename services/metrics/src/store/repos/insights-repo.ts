import { type Insertable, type Kysely, sql, type Transaction } from 'kysely';
import type { AuthorSharesTable, CouplingPairsTable, KnowledgeFoldersTable, MetricsDB } from '../schema.js';

type Row<T> = Omit<Insertable<T>, 'id' | 'analysis_id'>;

/** What one run stores of its history insights (their per-file columns go with its file rows). */
export interface InsightRows {
  /** Whether the run had the history the insights need, and if not why. */
  state: { available: boolean; reason: string | null; commits_read: number };
  pairs: Row<CouplingPairsTable>[];
  shares: Row<AuthorSharesTable>[];
  folders: Row<KnowledgeFoldersTable>[];
  bus_factor: number;
  authors_total: number;
}

// Few columns per row: 500 rows stay well under both engines' bound-parameter limits.
const BATCH = 500;

async function insertAll<T extends 'coupling_pairs' | 'author_shares' | 'knowledge_folders'>(
  tx: Transaction<MetricsDB>,
  table: T,
  rows: Parameters<ReturnType<Kysely<MetricsDB>['insertInto']>['values']>[0][],
): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    await tx
      .insertInto(table)
      .values(rows.slice(i, i + BATCH) as never)
      .execute();
  }
}

/** SQL of the history insights' tables (the per-file columns live on file_metrics). */
export const insightsRepo = {
  /** Writes one run's insights inside the results transaction, replacing any earlier attempt's. */
  /** Removes a run's insight rows. */
  async clearIn(tx: Transaction<MetricsDB>, id: number): Promise<void> {
    for (const t of ['history_insights', 'coupling_pairs', 'author_shares', 'knowledge_folders'] as const) {
      await tx.deleteFrom(t).where('analysis_id', '=', id).execute();
    }
  },

  async replaceIn(tx: Transaction<MetricsDB>, id: number, r: InsightRows): Promise<void> {
    await this.clearIn(tx, id);
    await tx
      .insertInto('history_insights')
      .values({
        analysis_id: id,
        available: r.state.available ? 1 : 0,
        reason: r.state.reason,
        commits_read: r.state.commits_read,
        bus_factor: r.bus_factor,
        authors_total: r.authors_total,
      })
      .execute();
    await insertAll(
      tx,
      'coupling_pairs',
      r.pairs.map((p) => ({ analysis_id: id, ...p })),
    );
    await insertAll(
      tx,
      'author_shares',
      r.shares.map((s) => ({ analysis_id: id, ...s })),
    );
    await insertAll(
      tx,
      'knowledge_folders',
      r.folders.map((f) => ({ analysis_id: id, ...f })),
    );
  },

  async state(db: Kysely<MetricsDB>, id: number) {
    return db.selectFrom('history_insights').selectAll().where('analysis_id', '=', id).executeTakeFirst();
  },

  /** Every file of a run with what hotspots, knowledge and code age read, by path. */
  async files(db: Kysely<MetricsDB>, id: number) {
    return db
      .selectFrom('file_metrics')
      .select([
        'path',
        'loc',
        'revisions',
        'revisions_90d',
        'churn',
        'churn_90d',
        'age_months',
        'last_changed',
        'authors',
        'main_author_name',
        'main_author_email',
        'main_author_share',
        'knowledgeable_authors',
        'hotspot_score',
        'hotspot_score_cognitive',
        'complexity_sum',
        'cognitive_sum',
      ])
      .where('analysis_id', '=', id)
      .orderBy('path')
      .execute();
  },

  /** The functions of `paths`, worst first by `by` (ties: higher other measure, then line). */
  async functionsOf(db: Kysely<MetricsDB>, id: number, paths: string[], by: 'complexity' | 'cognitive') {
    if (paths.length === 0) return [];
    const other = by === 'complexity' ? 'cognitive' : 'complexity';
    return db
      .selectFrom('function_metrics')
      .select(['path', 'name', 'class_name', 'lineno', 'complexity', 'cognitive'])
      .where('analysis_id', '=', id)
      .where('path', 'in', paths)
      .orderBy(by, 'desc')
      .orderBy(other, 'desc')
      .orderBy('lineno')
      .execute();
  },

  /** One page of a run's coupling pairs, optionally only those with `path`, strongest first. */
  async couplingPage(
    db: Kysely<MetricsDB>,
    id: number,
    q: { path?: string | undefined; limit: number; offset: number },
  ) {
    let base = db.selectFrom('coupling_pairs').where('analysis_id', '=', id);
    if (q.path !== undefined) {
      const p = q.path;
      base = base.where((eb) => eb.or([eb('path_a', '=', p), eb('path_b', '=', p)]));
    }
    const counted = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await base
      .select(['path_a', 'path_b', 'shared_commits', 'degree', 'revisions_a', 'revisions_b'])
      .orderBy('degree', 'desc')
      .orderBy('shared_commits', 'desc')
      .orderBy('path_a')
      .orderBy('path_b')
      .limit(q.limit)
      .offset(q.offset)
      .execute();
    return { rows, total: Number(counted?.n ?? 0) };
  },

  /** A run's coupling pairs, strongest first (the CSV and the report). */
  async couplingAll(db: Kysely<MetricsDB>, id: number, limit: number) {
    return (await this.couplingPage(db, id, { limit, offset: 0 })).rows;
  },

  /** Each author's changed lines over the run's files, most first. */
  async authors(db: Kysely<MetricsDB>, id: number) {
    return db
      .selectFrom('author_shares')
      .select(['email', sql<string>`max(name)`.as('name'), sql<number>`sum(lines)`.as('lines')])
      .where('analysis_id', '=', id)
      .groupBy('email')
      .orderBy(sql`sum(lines)`, 'desc')
      .orderBy('email')
      .execute();
  },

  async folders(db: Kysely<MetricsDB>, id: number) {
    return db
      .selectFrom('knowledge_folders')
      .select(['path', 'bus_factor', 'files'])
      .where('analysis_id', '=', id)
      .orderBy('path')
      .execute();
  },
};
