import { type Insertable, type Kysely, sql } from 'kysely';
import type {
  ClassMetricsTable,
  FileMetricsTable,
  FunctionMetricsTable,
  MetricsDB,
  SummariesTable,
} from '../schema.js';
import { tableColumns } from '../table-columns.js';
import type { AnalysisRow } from './analyses-repo.js';
import { manifestsRepo } from './manifests-repo.js';

// Rows per INSERT: at most 500 and under ~30,000 bound parameters. Small statements, because SQLite
// runs them on the event loop: between two, the analyzer pool's answers are taken and its threads
// fed again (each holds two files at a time), so a per-commit run's write does not leave them idle.
const batchOf = (columns: number): number =>
  Math.max(1, Math.min(500, Math.floor(30_000 / Math.max(1, columns))));

// Files per copying statement, for the same reason (~1,000–2,000 rows, a few ms of SQLite each).
const COPY_FILES = 50;

const breathe = (): Promise<void> => new Promise((r) => setImmediate(r));

function batches<T extends object>(rows: T[]): T[][] {
  if (rows.length === 0) return [];
  const size = batchOf(Object.keys(rows[0]!).length);
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

const RESULT_TABLES = ['file_metrics', 'class_metrics', 'function_metrics'] as const;
type ResultTable = (typeof RESULT_TABLES)[number];

// Every column of the three result tables but `id` and `analysis_id`, read from the database itself
// once per database handle, so that copies carry every column (also ones later migrations add).
const columnsOf = new WeakMap<object, Promise<Record<ResultTable, string[]>>>();

export function resultColumns(db: Kysely<MetricsDB>): Promise<Record<ResultTable, string[]>> {
  let p = columnsOf.get(db);
  if (!p) {
    p = tableColumns(db, RESULT_TABLES).then((tables) => {
      const out = {} as Record<ResultTable, string[]>;
      for (const t of RESULT_TABLES) {
        out[t] = tables[t].filter((c) => c !== 'id' && c !== 'analysis_id');
        if (!out[t].includes('path')) throw new Error(`${t} has no path column`);
      }
      return out;
    });
    p.catch(() => columnsOf.delete(db));
    columnsOf.set(db, p);
  }
  return p;
}

/**
 * The rows of files unchanged since an earlier per-commit run of the same history run (same path, same
 * blob): copied from that run inside the database rather than sent again.
 */
export interface CopiedFiles {
  /** The earlier per-commit run. */
  fromId: number;
  /**
   * The paths whose rows are copied (same path and blob there), in path order. Checked: a file row
   * missing rolls the commit back with `CopyMismatch`.
   */
  paths: string[];
}

/** The earlier per-commit run did not hold the rows a copy expected; nothing was stored. */
export class CopyMismatch extends Error {}

type Row<T> = Omit<Insertable<T>, 'analysis_id'>;

/** A run's file, class and function rows, without the id of the run they are written under. */
export interface RunRows {
  files: Row<FileMetricsTable>[];
  classes: Row<ClassMetricsTable>[];
  functions: Row<FunctionMetricsTable>[];
}

/** A per-commit run's rows, its summaries row and its record's `summary` (JSON). */
export interface ChildRunRows extends RunRows {
  summaryRow: Row<SummariesTable>;
  summary: Record<string, unknown>;
}

/** One commit of a history run, ready to store. */
export interface NewChild {
  commitSha: string;
  commitDate: number;
  refUsed: string;
  settings: Record<string, unknown>;
  startedAt: number;
  now: number;
  /** Rows of the files `results` holds none for; null: `results` holds every file's rows. */
  copy?: CopiedFiles | null;
  /**
   * The files by reference (`results` then holds no rows): stored instead of rows, which are written
   * from it when first read (`history-runs/lazy-rows.ts`).
   */
  manifest?: { version: string; files: Buffer; count: number } | null;
  results: ChildRunRows;
}

/** SQL of history runs' per-commit runs (analyses rows with `history_parent_id`). */
export const historyRunsRepo = {
  /**
   * Stores one per-commit run and its rows in one transaction, only while `owner` still holds the
   * running parent (its row is touched first, which also holds it against a concurrent fail or cancel
   * until the child is in): a crash leaves a child whole or absent. Null when the parent is not ours.
   */
  async insertChild(
    db: Kysely<MetricsDB>,
    parent: AnalysisRow,
    owner: string,
    c: NewChild,
  ): Promise<number | null> {
    const columns = c.copy ? await resultColumns(db) : null;
    return db.transaction().execute(async (tx) => {
      const held = await tx
        .updateTable('analyses')
        .set({ heartbeat_at: c.now })
        .where('id', '=', parent.id)
        .where('lease_owner', '=', owner)
        .where('status', '=', 'running')
        .executeTakeFirst();
      if (Number(held.numUpdatedRows) !== 1) return null;
      const child = await tx
        .insertInto('analyses')
        .values({
          repo_url: parent.repo_url,
          owner: parent.owner,
          repo: parent.repo,
          branch: parent.branch,
          ref: parent.ref,
          status: 'done',
          stage: 'done',
          stage_times: JSON.stringify([{ stage: 'done', at: c.now }]),
          progress_done: c.results.summaryRow.files,
          progress_total: c.results.summaryRow.files,
          commit_sha: c.commitSha,
          commit_date: c.commitDate,
          history_parent_id: parent.id,
          ref_used: c.refUsed,
          warnings: '[]',
          settings: JSON.stringify(c.settings),
          summary: JSON.stringify(c.results.summary),
          created_at: c.now,
          started_at: c.startedAt,
          finished_at: c.now,
          attempts: 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const id = Number(child.id);
      const r = c.results;
      if (c.copy && columns) {
        const { fromId, paths } = c.copy;
        let files = 0;
        for (let k = 0; k < paths.length; k += COPY_FILES) {
          const part = paths.slice(k, k + COPY_FILES);
          for (const table of RESULT_TABLES) {
            const n = await copyRows(tx, table, columns[table], fromId, part, id);
            if (table === 'file_metrics') files += n;
            await breathe();
          }
        }
        if (files !== paths.length) {
          throw new CopyMismatch(`run ${fromId} gave ${files} file rows, ${paths.length} expected`);
        }
      }
      if (c.manifest) {
        await tx
          .insertInto('commit_manifests')
          .values({
            analysis_id: id,
            pyscan_version: c.manifest.version,
            file_count: c.manifest.count,
            files: c.manifest.files,
          })
          .execute();
      }
      await insertRows(tx, id, r);
      await tx
        .insertInto('summaries')
        .values({ ...r.summaryRow, analysis_id: id })
        .execute();
      return id;
    });
  },

  /**
   * Writes the rows of per-commit run `id` stored by reference, in the transaction that takes its
   * manifest away: false (nothing written) when another reader wrote them first.
   */
  async writeManifestRows(db: Kysely<MetricsDB>, id: number, rows: RunRows): Promise<boolean> {
    return db.transaction().execute(async (tx) => {
      if ((await manifestsRepo.claim(tx, id)) === 0) return false;
      await insertRows(tx, id, rows);
      return true;
    });
  },

  /** The per-commit runs a history run already stored (a run resumed after a graceful stop keeps them). */
  async children(
    db: Kysely<MetricsDB>,
    parentId: number,
  ): Promise<{ id: number; commit_sha: string | null }[]> {
    const rows = await db
      .selectFrom('analyses')
      .select(['id', 'commit_sha'])
      .where('history_parent_id', '=', parentId)
      .execute();
    return rows.map((r) => ({ id: Number(r.id), commit_sha: r.commit_sha }));
  },

  /**
   * Deletes the per-commit runs of `parentId` when it ended without finishing (failed or cancelled):
   * a history run's commits are all there or none are. Their rows go by cascade.
   */
  async dropChildrenOfUnfinished(db: Kysely<MetricsDB>, parentId: number): Promise<number> {
    const parent = await db
      .selectFrom('analyses')
      .select('status')
      .where('id', '=', parentId)
      .executeTakeFirst();
    if (parent && parent.status !== 'failed' && parent.status !== 'cancelled') return 0;
    const res = await db.deleteFrom('analyses').where('history_parent_id', '=', parentId).executeTakeFirst();
    await manifestsRepo.unpin(db, parentId);
    return Number(res.numDeletedRows);
  },
};

/** A run's file, class and function rows, in small statements (see `batchOf`). */
async function insertRows(tx: Kysely<MetricsDB>, id: number, r: RunRows): Promise<void> {
  for (const b of batches(r.files.map((x) => ({ ...x, analysis_id: id })))) {
    await tx.insertInto('file_metrics').values(b).execute();
    await breathe();
  }
  for (const b of batches(r.classes.map((x) => ({ ...x, analysis_id: id })))) {
    await tx.insertInto('class_metrics').values(b).execute();
    await breathe();
  }
  for (const b of batches(r.functions.map((x) => ({ ...x, analysis_id: id })))) {
    await tx.insertInto('function_metrics').values(b).execute();
    await breathe();
  }
}

/**
 * `INSERT … SELECT` of one table's rows of `paths` in run `fromId` into run `id`, in path order (as a
 * whole run is stored; the `(analysis_id, path)` index finds them); returns how many rows it copied.
 */
async function copyRows(
  tx: Kysely<MetricsDB>,
  table: ResultTable,
  columns: string[],
  fromId: number,
  paths: string[] | null,
  id: number,
): Promise<number> {
  const list = sql.join(columns.map((c) => sql.ref(c)));
  const only = paths === null ? sql`` : sql`and path in (${sql.join(paths)})`;
  const res = await sql`insert into ${sql.table(table)} (analysis_id, ${list})
    select cast(${id} as bigint), ${list} from ${sql.table(table)}
    where analysis_id = ${fromId} ${only} order by path, id`.execute(tx);
  return Number(res.numAffectedRows ?? 0);
}

/**
 * Every file, class and function row of run `fromId` copied into run `id` (an identical re-run, see
 * `jobs/rerun-key.ts`), one `INSERT … SELECT` per table; returns how many rows each table got.
 */
export async function copyRunRows(
  tx: Kysely<MetricsDB>,
  columns: Record<ResultTable, string[]>,
  fromId: number,
  id: number,
): Promise<{ files: number; classes: number; functions: number }> {
  const [files, classes, functions] = [
    await copyRows(tx, 'file_metrics', columns.file_metrics, fromId, null, id),
    await copyRows(tx, 'class_metrics', columns.class_metrics, fromId, null, id),
    await copyRows(tx, 'function_metrics', columns.function_metrics, fromId, null, id),
  ];
  return { files, classes, functions };
}
