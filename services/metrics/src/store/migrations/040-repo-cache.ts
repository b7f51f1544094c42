import { type AppMigration, columnTypes } from '@app/kit';

/**
 * Repository cache and incremental history (issue 38).
 *
 * `repo_mirror_locks`: one lease per bare mirror (keyed by the repository URL's hash), held by a worker
 * (`host|pid|nonce`) while it fetches into the mirror or clones from it. A lease in the database, like
 * the runs' own, so it holds across the workers of one process, across processes and across instances
 * (also when their `DATA_DIR`s sit on one shared volume), and a worker killed with -9 leaves nothing
 * locked: its lease expires, or is taken at once when its process is gone from this host.
 *
 * `history_segments`: what a full-history run's `git log` pass read, per analysed commit, so that a
 * later commit walks only the commits since: the commits of `base_sha..commit_sha` (gzip of JSON, in
 * the order the pass folded them), `base_sha` null for a segment that reaches the root. `total` counts
 * the commits of the whole chain; `mailmap` is the analysed commit's `.mailmap` blob id (authors are
 * read through it, so a segment is reused only under the same one).
 */
export const repoCache: AppMigration = async (db, dialect) => {
  const t = columnTypes(dialect);
  const bytes = dialect === 'postgres' ? 'bytea' : 'blob';
  await db.schema
    .createTable('repo_mirror_locks')
    .addColumn('mirror_key', t.text, (c) => c.primaryKey())
    .addColumn('owner', t.text, (c) => c.notNull())
    .addColumn('expires_at', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('history_segments')
    .addColumn('repo_key', t.text, (c) => c.notNull())
    .addColumn('commit_sha', t.text, (c) => c.notNull())
    .addColumn('base_sha', t.text)
    .addColumn('mailmap', t.text, (c) => c.notNull())
    .addColumn('commits', t.int, (c) => c.notNull())
    .addColumn('total', t.int, (c) => c.notNull())
    .addColumn('payload', bytes, (c) => c.notNull())
    .addColumn('bytes', t.int, (c) => c.notNull())
    .addColumn('last_used_at', t.bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('history_segments_pk', ['repo_key', 'commit_sha', 'mailmap'])
    .execute();
  await db.schema
    .createIndex('history_segments_used')
    .on('history_segments')
    .column('last_used_at')
    .execute();
};
