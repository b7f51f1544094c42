import type { AppMigration } from '@app/kit';
import { sql } from 'kysely';

/**
 * At most one queued or running analysis per repository, branch and ref: the database, not a read
 * before the insert, is what keeps two parallel identical requests from queueing twice.
 */
export const onePendingRun: AppMigration = async (db) => {
  // Duplicates queued before this rule existed would make the index fail: the newer ones are failed
  // (the oldest keeps the place in the queue and produces the same results).
  await sql`
    update analyses set status = 'failed', stage = 'failed', error_code = 'duplicate',
      error_message = 'an identical analysis was already queued', finished_at = created_at,
      lease_owner = null, lease_expires_at = null
    where status in ('pending', 'running') and exists (
      select 1 from analyses o
      where o.status in ('pending', 'running') and o.id < analyses.id and o.repo_url = analyses.repo_url
        and coalesce(o.branch, '') = coalesce(analyses.branch, '')
        and coalesce(o.ref, '') = coalesce(analyses.ref, ''))`.execute(db);
  await sql`
    create unique index analyses_one_pending
    on analyses (repo_url, (coalesce(branch, '')), (coalesce(ref, '')))
    where status in ('pending', 'running')`.execute(db);
};
