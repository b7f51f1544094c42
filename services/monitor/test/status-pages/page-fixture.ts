import type { Kysely } from 'kysely';
import type { MonitorDB } from '../../src/store/schema.js';

/**
 * A status page written straight to the database, so subscription tests do not depend on the
 * admin API of status pages: one section holding `monitorIds`.
 */
export async function insertStatusPage(
  db: Kysely<MonitorDB>,
  p: { slug: string; title: string; monitorIds: number[]; isPublic?: boolean },
): Promise<number> {
  const now = Date.now();
  const page = await db
    .insertInto('status_pages')
    .values({
      slug: p.slug,
      title: p.title,
      description: null,
      footer: null,
      uptime_days: 90,
      is_public: p.isPublic === false ? 0 : 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const section = await db
    .insertInto('status_page_sections')
    .values({ page_id: page.id, position: 0, name: 'Services' })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [i, monitorId] of p.monitorIds.entries()) {
    await db
      .insertInto('status_page_monitors')
      .values({ section_id: section.id, page_id: page.id, monitor_id: monitorId, position: i })
      .execute();
  }
  return page.id;
}
