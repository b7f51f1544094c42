import type { Insertable, Kysely, Transaction } from 'kysely';
import type { StoredGroup } from '../../duplication/detect-duplication.js';
import type { RunInsights } from '../../insights/compute-insights.js';
import type {
  ClassMetricsTable,
  FileMetricsTable,
  FunctionMetricsTable,
  MetricsDB,
  SummariesTable,
} from '../schema.js';
import { duplicationRepo } from './duplication-repo.js';
import { type CodeDbRows, findingsRepo } from './findings-repo.js';
import { insightsRepo } from './insights-repo.js';
import { outputsRepo, type StoredOutput } from './outputs-repo.js';

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
  insights: RunInsights;
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

  /** Writes a run's rows and (when given) its output files, in one transaction. */
  async replace(
    db: Kysely<MetricsDB>,
    analysisId: number,
    rows: ResultRows,
    outputs: StoredOutput[] = [],
  ): Promise<void> {
    await db.transaction().execute(async (tx) => {
      // A resumed run may have written part of its rows before it was stopped.
      await clearIn(tx, analysisId);
      for (const b of batches(rows.files)) await tx.insertInto('file_metrics').values(b).execute();
      for (const b of batches(rows.classes)) await tx.insertInto('class_metrics').values(b).execute();
      for (const b of batches(rows.functions)) await tx.insertInto('function_metrics').values(b).execute();
      await tx.insertInto('summaries').values(rows.summary).execute();
      await insightsRepo.replaceIn(tx, analysisId, rows.insights);
      await findingsRepo.replaceIn(tx, analysisId, rows.code);
      await duplicationRepo.replaceIn(tx, analysisId, rows.clones);
      await outputsRepo.replaceIn(tx, analysisId, outputs);
    });
  },
};

async function clearIn(tx: Transaction<MetricsDB>, analysisId: number): Promise<void> {
  for (const t of ['file_metrics', 'class_metrics', 'function_metrics', 'summaries'] as const) {
    await tx.deleteFrom(t).where('analysis_id', '=', analysisId).execute();
  }
}
