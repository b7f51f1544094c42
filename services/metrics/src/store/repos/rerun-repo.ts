import { type Kysely, sql, type Transaction } from 'kysely';
import type { MetricsDB } from '../schema.js';
import { tableColumns } from '../table-columns.js';

/** The tables an identical re-run copies from the earlier run besides its file, class and function rows. */
const TABLES = ['findings', 'source_files', 'clone_groups', 'clone_occurrences'] as const;
type CopiedTable = (typeof TABLES)[number];

// Every column but `id` and `analysis_id`, read from the database once per handle (columns later
// migrations add are copied too).
const columnsOf = new WeakMap<object, Promise<Record<CopiedTable, string[]>>>();

export function rerunColumns(db: Kysely<MetricsDB>): Promise<Record<CopiedTable, string[]>> {
  let p = columnsOf.get(db);
  if (!p) {
    p = tableColumns(db, TABLES).then((found) => {
      const out = {} as Record<CopiedTable, string[]>;
      for (const t of TABLES) {
        out[t] = found[t].filter((c) => c !== 'id' && c !== 'analysis_id');
        if (out[t].length === 0) throw new Error(`${t} has no columns`);
      }
      return out;
    });
    p.catch(() => columnsOf.delete(db));
    columnsOf.set(db, p);
  }
  return p;
}

/** The duplication an earlier run kept, as an identical re-run needs it for its files. */
export interface KeptDuplication {
  groups: {
    group_no: number;
    tokens: number;
    lines: number;
    occurrences: { path: string; start_line: number; end_line: number }[];
  }[];
  /** Duplicated lines per path (files without clones absent); null when detection did not run. */
  files: Map<string, number> | null;
  duplicatedLines: number | null;
}

/** The earlier run's rows were not all there (deleted meanwhile): nothing was stored. */
export class RerunCopyGone extends Error {}

/** How many rows of each table a copy wrote. */
export type CopiedCounts = Record<CopiedTable, number>;

/** SQL of an identical re-run (`pipeline/stages/outputs/rerun-key.ts`): reading and copying an earlier run. */
export const rerunRepo = {
  /** The clone groups and per-file duplicated lines of run `id`, or null when it has no summary (gone). */
  async keptDuplication(db: Kysely<MetricsDB>, id: number): Promise<KeptDuplication | null> {
    const summary = await db
      .selectFrom('summaries')
      .select('duplicated_lines')
      .where('analysis_id', '=', id)
      .executeTakeFirst();
    if (!summary) return null;
    const groups = await db
      .selectFrom('clone_groups')
      .select(['group_no', 'tokens', 'lines'])
      .where('analysis_id', '=', id)
      .orderBy('group_no')
      .execute();
    const occ = await db
      .selectFrom('clone_occurrences')
      .select(['group_no', 'path', 'start_line', 'end_line'])
      .where('analysis_id', '=', id)
      .orderBy('id')
      .execute();
    const byGroup = new Map<number, KeptDuplication['groups'][number]>();
    for (const g of groups)
      byGroup.set(Number(g.group_no), {
        group_no: Number(g.group_no),
        tokens: Number(g.tokens),
        lines: Number(g.lines),
        occurrences: [],
      });
    for (const o of occ)
      byGroup.get(Number(o.group_no))?.occurrences.push({
        path: o.path,
        start_line: Number(o.start_line),
        end_line: Number(o.end_line),
      });
    const dup = summary.duplicated_lines;
    if (dup === null) return { groups: [...byGroup.values()], files: null, duplicatedLines: null };
    const files = new Map<string, number>();
    const rows = await db
      .selectFrom('file_metrics')
      .select(['path', 'duplicated_lines'])
      .where('analysis_id', '=', id)
      .where('duplicated_lines', '>', 0)
      .execute();
    for (const r of rows) files.set(r.path, Number(r.duplicated_lines));
    return { groups: [...byGroup.values()], files, duplicatedLines: Number(dup) };
  },

  /** Inside the results transaction: run `fromId`'s findings, sources and clone rows copied into run `id`. */
  async copyIn(
    tx: Transaction<MetricsDB>,
    cols: Record<CopiedTable, string[]>,
    fromId: number,
    id: number,
  ): Promise<CopiedCounts> {
    const out = {} as CopiedCounts;
    for (const t of TABLES) {
      await tx.deleteFrom(t).where('analysis_id', '=', id).execute();
      const list = sql.join(cols[t].map((c) => sql.ref(c)));
      const res = await sql`insert into ${sql.table(t)} (analysis_id, ${list})
        select cast(${id} as bigint), ${list} from ${sql.table(t)}
        where analysis_id = ${fromId} order by id`.execute(tx);
      out[t] = Number(res.numAffectedRows ?? 0);
    }
    return out;
  },
};
