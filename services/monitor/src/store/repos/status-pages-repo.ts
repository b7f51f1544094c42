import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db, IncidentUpdatesTable, StatusPagesTable } from '../schema.js';

export type StatusPageRow = Selectable<StatusPagesTable>;
export type IncidentUpdateRow = Selectable<IncidentUpdatesTable>;

/** A section as stored with its ordered monitor ids. */
export interface SectionLayout {
  name: string;
  monitor_ids: number[];
}

/** One monitor of a page with what the public view may show of it (and the id to join on). */
export interface PageMonitorRow {
  section_position: number;
  section_name: string;
  position: number;
  monitor_id: number;
  name: string;
  current_status: string;
  consecutive_failures: number;
}

/** SQL for status pages, their sections, and the reads their public view needs. */
export const statusPagesRepo = {
  list: (db: Db) => db.selectFrom('status_pages').selectAll().orderBy('id').execute(),
  byId: (db: Db, id: number) =>
    db.selectFrom('status_pages').selectAll().where('id', '=', id).executeTakeFirst(),
  bySlug: (db: Db, slug: string) =>
    db.selectFrom('status_pages').selectAll().where('slug', '=', slug).executeTakeFirst(),
  insert: (db: Db, row: Insertable<StatusPagesTable>) =>
    db.insertInto('status_pages').values(row).returningAll().executeTakeFirstOrThrow(),
  update: (db: Db, id: number, patch: Updateable<StatusPagesTable>) =>
    db.updateTable('status_pages').set(patch).where('id', '=', id).returningAll().executeTakeFirstOrThrow(),
  remove: (db: Db, id: number) => db.deleteFrom('status_pages').where('id', '=', id).execute(),

  /** The sections of `pageIds` with their monitor ids, both in page order. */
  async layouts(db: Db, pageIds: readonly number[]): Promise<Map<number, SectionLayout[]>> {
    const out = new Map<number, SectionLayout[]>(pageIds.map((id) => [id, []]));
    if (pageIds.length === 0) return out;
    const sections = await db
      .selectFrom('status_page_sections')
      .select(['id', 'page_id', 'name'])
      .where('page_id', 'in', pageIds)
      .orderBy('page_id')
      .orderBy('position')
      .execute();
    const members = await db
      .selectFrom('status_page_monitors')
      .select(['section_id', 'monitor_id'])
      .where('page_id', 'in', pageIds)
      .orderBy('section_id')
      .orderBy('position')
      .execute();
    const bySection = new Map<number, number[]>();
    for (const m of members) {
      const list = bySection.get(m.section_id) ?? [];
      list.push(m.monitor_id);
      bySection.set(m.section_id, list);
    }
    for (const s of sections) {
      out.get(s.page_id)?.push({ name: s.name, monitor_ids: bySection.get(s.id) ?? [] });
    }
    return out;
  },

  /** Replaces a page's sections and their monitors with `sections`, in order. */
  async replaceLayout(db: Db, pageId: number, sections: readonly SectionLayout[]) {
    // The sections' monitors go with them (cascade).
    await db.deleteFrom('status_page_sections').where('page_id', '=', pageId).execute();
    for (const [position, s] of sections.entries()) {
      const { id } = await db
        .insertInto('status_page_sections')
        .values({ page_id: pageId, position, name: s.name })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (s.monitor_ids.length === 0) continue;
      await db
        .insertInto('status_page_monitors')
        .values(
          s.monitor_ids.map((monitor_id, i) => ({
            section_id: id,
            page_id: pageId,
            monitor_id,
            position: i,
          })),
        )
        .execute();
    }
  },

  /** Which of `ids` name existing monitors. */
  existingMonitorIds: async (db: Db, ids: readonly number[]) =>
    ids.length === 0
      ? []
      : (await db.selectFrom('monitors').select('id').where('id', 'in', ids).execute()).map((r) => r.id),

  /** The monitors of a page in display order, with name and runtime state only. */
  pageMonitors: (db: Db, pageId: number): Promise<PageMonitorRow[]> =>
    db
      .selectFrom('status_page_monitors as spm')
      .innerJoin('status_page_sections as s', 's.id', 'spm.section_id')
      .innerJoin('monitors as m', 'm.id', 'spm.monitor_id')
      .select([
        's.position as section_position',
        's.name as section_name',
        'spm.position as position',
        'm.id as monitor_id',
        'm.name as name',
        'm.current_status as current_status',
        'm.consecutive_failures as consecutive_failures',
      ])
      .where('spm.page_id', '=', pageId)
      .orderBy('s.position')
      .orderBy('spm.position')
      .execute(),

  /** Sections of a page (so empty ones still show), in order. */
  sectionNames: async (db: Db, pageId: number) =>
    (
      await db
        .selectFrom('status_page_sections')
        .select('name')
        .where('page_id', '=', pageId)
        .orderBy('position')
        .execute()
    ).map((r) => r.name),

  /** Unresolved incidents of `monitorIds`, and those resolved at or after `resolvedSince`. */
  incidentsFor: (db: Db, monitorIds: readonly number[], resolvedSince: number) =>
    monitorIds.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('incidents')
          .select(['id', 'monitor_id', 'status', 'started_at', 'resolved_at', 'postmortem'])
          .where('monitor_id', 'in', monitorIds)
          .where((eb) => eb.or([eb('resolved_at', 'is', null), eb('resolved_at', '>=', resolvedSince)]))
          .execute(),

  /** The timeline entries of `incidentIds`, oldest first. */
  updatesFor: (db: Db, incidentIds: readonly number[]) =>
    incidentIds.length === 0
      ? Promise.resolve([] as IncidentUpdateRow[])
      : db
          .selectFrom('incident_updates')
          .selectAll()
          .where('incident_id', 'in', incidentIds)
          .orderBy('created_at')
          .orderBy('id')
          .execute(),
};
