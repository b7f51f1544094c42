import { type AppMigration, columnTypes } from '@app/kit';

/**
 * Forge webhooks (issue 36). `forge_deliveries`: every delivery id accepted, so a replayed delivery
 * (same X-GitHub-Delivery) is refused. `forge_links`: the runs a webhook queued and where to report
 * them (repository, head commit, pull request). `forge_pr_comments`: the one comment the service
 * keeps per pull request, updated on every push instead of adding another.
 */
export const forge: AppMigration = async (db, dialect) => {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('forge_deliveries')
    .addColumn('delivery_id', t.text, (c) => c.primaryKey())
    .addColumn('event', t.text, (c) => c.notNull())
    .addColumn('received_at', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('forge_links')
    .addColumn('analysis_id', t.bigint, (c) => c.primaryKey().references('analyses.id').onDelete('cascade'))
    .addColumn('owner', t.text, (c) => c.notNull())
    .addColumn('repo', t.text, (c) => c.notNull())
    .addColumn('head_sha', t.text, (c) => c.notNull())
    .addColumn('pr_number', t.bigint)
    .addColumn('reported_at', t.bigint)
    .execute();
  await db.schema
    .createTable('forge_pr_comments')
    .addColumn('owner', t.text, (c) => c.notNull())
    .addColumn('repo', t.text, (c) => c.notNull())
    .addColumn('pr_number', t.bigint, (c) => c.notNull())
    .addColumn('comment_id', t.text, (c) => c.notNull())
    .addPrimaryKeyConstraint('forge_pr_comments_pk', ['owner', 'repo', 'pr_number'])
    .execute();
};
