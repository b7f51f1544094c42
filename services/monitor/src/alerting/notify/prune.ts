import { outboxRepo } from '../../store/repos/outbox-repo.js';
import type { Db } from '../../store/schema.js';

/**
 * For the retention job: deletes notifications that finished (delivered or given up) before
 * `before` (epoch ms), with their delivery log. Pending ones are never touched. Returns how many.
 */
export function pruneNotifications(db: Db, before: number): Promise<number> {
  return outboxRepo.pruneFinished(db, before);
}
