import { sql } from 'kysely';
import type { Db } from '../schema.js';

/** What a badge shows of a monitor: nothing that identifies its target beyond its name. */
export interface BadgeMonitorRow {
  id: number;
  name: string;
  monitor_type: string;
  url: string | null;
  starttls: number;
  current_status: string;
  last_response_time_ms: number | null;
  last_tls_days_left: number | null;
  tls_warn_days: number;
}

/** SQL for the public badges. */
export const badgesRepo = {
  /**
   * The monitor when badges may be served for it (opted in, or on a public status page), else
   * undefined. One statement whatever the answer, so a hidden monitor costs what a missing one does.
   */
  exposable: (db: Db, id: number): Promise<BadgeMonitorRow | undefined> =>
    db
      .selectFrom('monitors')
      .select([
        'id',
        'name',
        'monitor_type',
        'url',
        'starttls',
        'current_status',
        'last_response_time_ms',
        'last_tls_days_left',
        'tls_warn_days',
      ])
      .where('id', '=', id)
      .where((e) =>
        e.or([
          e('badge_enabled', '=', 1),
          e.exists(
            e
              .selectFrom('status_page_monitors')
              .innerJoin('status_pages', 'status_pages.id', 'status_page_monitors.page_id')
              .select(sql<number>`1`.as('one'))
              .whereRef('status_page_monitors.monitor_id', '=', 'monitors.id')
              .where('status_pages.is_public', '=', 1),
          ),
        ]),
      )
      .executeTakeFirst(),
};
