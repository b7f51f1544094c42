import type { Insertable, Kysely, Transaction } from 'kysely';
import type {
  ClassMetricsTable,
  FileMetricsTable,
  FunctionMetricsTable,
  MetricsDB,
  SummariesTable,
} from '../schema.js';
import { duplicationRepo, type StoredGroup } from './duplication-repo.js';
import { type CodeDbRows, findingsRepo } from './findings-repo.js';
import { copyRunRows, resultColumns } from './history-runs-repo.js';
import { type InsightRows, insightsRepo } from './insights-repo.js';
import { outputsRepo, type StoredOutput } from './outputs-repo.js';
import { RerunCopyGone, rerunColumns, rerunRepo } from './rerun-repo.js';

// 200 rows of ~40 columns stay well under SQLite's and PostgreSQL's bound-parameter limits.
const BATCH = 200;

function batches<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += BATCH) out.push(rows.slice(i, i + BATCH));
  return out;
}

/** The four result levels of one run, written in one transaction so a run has all of them or none. */
export interface ResultRows {
  files: Insertable<FileMetricsTable>[];
  classes: Insertable<ClassMetricsTable>[];
  functions: Insertable<FunctionMetricsTable>[];
  summary: Insertable<SummariesTable>;
  insights: InsightRows;
  code: CodeDbRows;
  clones: StoredGroup[];
}

/** SQL of the result tables. */
export const resultsRepo = {
  /** Removes every result row of a run (a run cancelled while it was writing them keeps none). */
  async clear(db: Kysely<MetricsDB>, analysisId: number): Promise<void> {
    await db.transaction().execute(async (tx) => {
      await clearIn(tx, analysisId);
      await insightsRepo.clearIn(tx, analysisId);
      await findingsRepo.clearIn(tx, analysisId);
      await duplicationRepo.clearIn(tx, analysisId);
      await outputsRepo.clearIn(tx, analysisId);
    });
  },

  /**
   * Writes a run's rows and (when given) its output files, in one transaction. `sameAs`: an earlier
   * finished run of the same commit and settings (`jobs/rerun-key.ts`), whose file, class and function
   * rows are copied inside the database instead of sent; when it no longer holds as many rows as this
   * run has (deleted meanwhile), the rows are sent after all. True when they were copied.
   */
  async replace(
    db: Kysely<MetricsDB>,
    analysisId: number,
    rows: ResultRows,
    outputs: StoredOutput[] = [],
    sameAs: number | null = null,
    /**
     * With `sameAs`: the findings, sources and clone rows are copied from it too (their rows here are
     * empty), expecting these counts; `RerunCopyGone` (nothing stored) when it no longer has them.
     */
    copyCode: { findings: number; sources: number; groups: number } | null = null,
  ): Promise<boolean> {
    const columns = sameAs === null ? null : await resultColumns(db);
    const codeColumns = copyCode === null ? null : await rerunColumns(db);
    return db.transaction().execute(async (tx) => {
      // A resumed run may have written part of its rows before it was stopped.
      await clearIn(tx, analysisId);
      let copied = false;
      if (sameAs !== null && columns) {
        const n = await copyRunRows(tx, columns, sameAs, analysisId);
        copied =
          n.files === rows.files.length &&
          n.classes === rows.classes.length &&
          n.functions === rows.functions.length;
        if (!copied) await clearIn(tx, analysisId);
      }
      if (!copied) {
        for (const b of batches(rows.files)) await tx.insertInto('file_metrics').values(b).execute();
        for (const b of batches(rows.classes)) await tx.insertInto('class_metrics').values(b).execute();
        for (const b of batches(rows.functions)) await tx.insertInto('function_metrics').values(b).execute();
      }
      await tx.insertInto('summaries').values(rows.summary).execute();
      await insightsRepo.replaceIn(tx, analysisId, rows.insights);
      if (copyCode && codeColumns) {
        if (!copied || sameAs === null) throw new RerunCopyGone(`run ${sameAs} has no rows to copy`);
        const n = await rerunRepo.copyIn(tx, codeColumns, sameAs, analysisId);
        if (
          n.findings !== copyCode.findings ||
          n.source_files !== copyCode.sources ||
          n.clone_groups !== copyCode.groups
        )
          throw new RerunCopyGone(`run ${sameAs} no longer has the rows to copy`);
      } else {
        await findingsRepo.replaceIn(tx, analysisId, rows.code);
        await duplicationRepo.replaceIn(tx, analysisId, rows.clones);
      }
      await outputsRepo.replaceIn(tx, analysisId, outputs);
      return copied;
    });
  },
};

async function clearIn(tx: Transaction<MetricsDB>, analysisId: number): Promise<void> {
  for (const t of ['file_metrics', 'class_metrics', 'function_metrics', 'summaries'] as const) {
    await tx.deleteFrom(t).where('analysis_id', '=', analysisId).execute();
  }
}
