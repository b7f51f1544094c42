import { type Kysely, sql, type Transaction } from 'kysely';
import type { MetricsDB } from '../schema.js';

// Occurrences carry up to 16 KB of text each: small batches keep statements modest.
const BATCH = 100;

/** One occurrence of a clone group as stored (`truncated` becomes 0/1). */
export interface StoredOccurrence {
  path: string;
  start_line: number;
  end_line: number;
  tokens: number;
  /** The fragment's source, capped; `truncated` says whether it was cut. */
  text: string;
  truncated: boolean;
}

/** A clone group of a run with its occurrences, as the results transaction writes it. */
export interface StoredGroup {
  /** 1 for the largest group, then by size. */
  group_no: number;
  tokens: number;
  lines: number;
  occurrences: StoredOccurrence[];
}

/** SQL of the clone groups and their occurrences. */
export const duplicationRepo = {
  /** Removes a run's groups and occurrences. */
  async clearIn(tx: Transaction<MetricsDB>, id: number): Promise<void> {
    await tx.deleteFrom('clone_occurrences').where('analysis_id', '=', id).execute();
    await tx.deleteFrom('clone_groups').where('analysis_id', '=', id).execute();
  },

  /** Writes one run's groups inside the results transaction, replacing any earlier attempt's. */
  async replaceIn(tx: Transaction<MetricsDB>, id: number, groups: StoredGroup[]): Promise<void> {
    await this.clearIn(tx, id);
    const rows = groups.map((g) => ({
      analysis_id: id,
      group_no: g.group_no,
      tokens: g.tokens,
      lines: g.lines,
      occurrences: g.occurrences.length,
    }));
    for (let i = 0; i < rows.length; i += BATCH * 5) {
      await tx
        .insertInto('clone_groups')
        .values(rows.slice(i, i + BATCH * 5))
        .execute();
    }
    const occ = groups.flatMap((g) =>
      g.occurrences.map((o) => ({
        analysis_id: id,
        group_no: g.group_no,
        path: o.path,
        start_line: o.start_line,
        end_line: o.end_line,
        tokens: o.tokens,
        text: o.text,
        truncated: o.truncated ? 1 : 0,
      })),
    );
    for (let i = 0; i < occ.length; i += BATCH) {
      await tx
        .insertInto('clone_occurrences')
        .values(occ.slice(i, i + BATCH))
        .execute();
    }
  },

  /** A page of groups, largest first; with `path`, only groups with an occurrence under that prefix. */
  async page(
    db: Kysely<MetricsDB>,
    id: number,
    q: { limit: number; offset: number; path?: string | undefined },
  ) {
    let base = db.selectFrom('clone_groups as g').where('g.analysis_id', '=', id);
    const prefix = q.path;
    if (prefix) {
      base = base.where((eb) =>
        eb.exists(
          eb
            .selectFrom('clone_occurrences as o')
            .select('o.id')
            .where('o.analysis_id', '=', id)
            .whereRef('o.group_no', '=', 'g.group_no')
            // substr, not LIKE: SQLite's LIKE ignores case, a prefix must not.
            .where(sql<boolean>`substr(o.path, 1, ${prefix.length}) = ${prefix}`),
        ),
      );
    }
    const counted = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const groups = await base
      .select(['g.group_no', 'g.tokens', 'g.lines', 'g.occurrences'])
      .orderBy('g.group_no')
      .limit(q.limit)
      .offset(q.offset)
      .execute();
    const nos = groups.map((g) => g.group_no);
    const occ = nos.length
      ? await db
          .selectFrom('clone_occurrences')
          .select(['group_no', 'path', 'start_line', 'end_line', 'tokens', 'truncated'])
          .where('analysis_id', '=', id)
          .where('group_no', 'in', nos)
          .orderBy('group_no')
          .orderBy('id')
          .execute()
      : [];
    return { groups, occurrences: occ, total: Number(counted?.n ?? 0) };
  },

  /** One group with every occurrence's text, or undefined. */
  async group(db: Kysely<MetricsDB>, id: number, groupNo: number) {
    const g = await db
      .selectFrom('clone_groups')
      .select(['group_no', 'tokens', 'lines', 'occurrences'])
      .where('analysis_id', '=', id)
      .where('group_no', '=', groupNo)
      .executeTakeFirst();
    if (!g) return undefined;
    const occ = await db
      .selectFrom('clone_occurrences')
      .select(['path', 'start_line', 'end_line', 'tokens', 'text', 'truncated'])
      .where('analysis_id', '=', id)
      .where('group_no', '=', groupNo)
      .orderBy('id')
      .execute();
    return { ...g, occurrences: occ };
  },
};
