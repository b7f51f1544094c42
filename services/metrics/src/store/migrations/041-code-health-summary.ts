import { type AppMigration, columnTypes } from '@app/kit';

/**
 * Code health in the run's summary (issue 35), named as the gate names them: line coverage and
 * new-code coverage (set when a coverage report is uploaded), import cycles, broken contracts, the
 * typed and documented shares, bandit's findings and the repository's health score. Null for runs
 * from before and for what a run did not measure; the trends, compare and the gate read them here.
 */
export const codeHealthSummary: AppMigration = async (db, dialect) => {
  const t = columnTypes(dialect);
  for (const [column, type] of [
    ['coverage', t.real],
    ['new_coverage', t.real],
    ['cycles', t.int],
    ['contracts', t.int],
    ['typed', t.real],
    ['documented', t.real],
    ['security_findings', t.int],
    ['health', t.real],
  ] as const) {
    await db.schema.alterTable('summaries').addColumn(column, type).execute();
  }
};
