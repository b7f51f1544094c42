import type { Kysely, Selectable, Transaction } from 'kysely';
import type { MetricsDB, OutputFilesTable } from '../schema.js';

export type OutputFileRow = Selectable<OutputFilesTable>;

/** A file of a run's outputs as stored: `content` compressed when `encoding` is gzip. */
export interface StoredOutput {
  name: string;
  encoding: 'gzip' | 'identity';
  size: number;
  content: Buffer;
}

/** SQL of `output_files`: the copy of each run's output folder that every instance can serve. */
export const outputsRepo = {
  async replaceIn(tx: Transaction<MetricsDB>, analysisId: number, files: StoredOutput[]): Promise<void> {
    await this.clearIn(tx, analysisId);
    // One file per statement: a ZIP of a large run is megabytes, well past what to batch.
    for (const f of files) {
      await tx
        .insertInto('output_files')
        .values({ analysis_id: analysisId, ...f })
        .execute();
    }
  },

  async clearIn(tx: Transaction<MetricsDB>, analysisId: number): Promise<void> {
    await tx.deleteFrom('output_files').where('analysis_id', '=', analysisId).execute();
  },

  /** Every stored file of a run, in the order they were stored. */
  async all(db: Kysely<MetricsDB>, analysisId: number): Promise<OutputFileRow[]> {
    return db
      .selectFrom('output_files')
      .selectAll()
      .where('analysis_id', '=', analysisId)
      .orderBy('id')
      .execute();
  },

  /** Replaces a run's stored files at once (a download sees the old set or the new). */
  async replace(db: Kysely<MetricsDB>, analysisId: number, files: StoredOutput[]): Promise<void> {
    await db.transaction().execute((tx) => this.replaceIn(tx, analysisId, files));
  },

  async get(db: Kysely<MetricsDB>, analysisId: number, name: string): Promise<OutputFileRow | undefined> {
    return db
      .selectFrom('output_files')
      .selectAll()
      .where('analysis_id', '=', analysisId)
      .where('name', '=', name)
      .executeTakeFirst();
  },
};
