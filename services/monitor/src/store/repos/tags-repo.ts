import { type Selectable, sql } from 'kysely';
import type { MonitorTag } from '../../shared-types/group-shapes.js';
import type { Db, TagsTable } from '../schema.js';

export type TagRow = Selectable<TagsTable>;

/** SQL for tags and the tags on each monitor. */
export const tagsRepo = {
  /** Every tag with how many monitors carry it, by name. */
  list: (db: Db) =>
    db
      .selectFrom('tags')
      .leftJoin('monitor_tags', 'monitor_tags.tag_id', 'tags.id')
      .select(['tags.id', 'tags.name', 'tags.color', 'tags.created_at', 'tags.config_key', 'tags.managed'])
      .select(sql<number>`count(monitor_tags.monitor_id)`.as('monitor_count'))
      .groupBy(['tags.id', 'tags.name', 'tags.color', 'tags.created_at', 'tags.config_key', 'tags.managed'])
      .orderBy('tags.name')
      .execute(),
  byId: (db: Db, id: number) => db.selectFrom('tags').selectAll().where('id', '=', id).executeTakeFirst(),
  byName: (db: Db, name: string) =>
    db.selectFrom('tags').selectAll().where('name', '=', name).executeTakeFirst(),
  byIds: (db: Db, ids: number[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : db.selectFrom('tags').selectAll().where('id', 'in', ids).execute(),
  byNames: (db: Db, names: string[]) =>
    names.length === 0
      ? Promise.resolve([])
      : db.selectFrom('tags').selectAll().where('name', 'in', names).execute(),
  insert: (db: Db, row: { name: string; color: string; created_at: number }) =>
    db.insertInto('tags').values(row).returningAll().executeTakeFirstOrThrow(),
  update: (db: Db, id: number, patch: { name: string; color: string }) =>
    db.updateTable('tags').set(patch).where('id', '=', id).returningAll().executeTakeFirst(),
  remove: (db: Db, id: number) => db.deleteFrom('tags').where('id', '=', id).executeTakeFirst(),
  /** The ids of the monitors carrying a tag (to mark them changed when the tag is). */
  monitorsWith: async (db: Db, tagId: number) =>
    (await db.selectFrom('monitor_tags').select('monitor_id').where('tag_id', '=', tagId).execute()).map(
      (r) => r.monitor_id,
    ),

  /** The tags of the given monitors, by tag name; every monitor's when `ids` is 'all'. */
  async forMonitors(db: Db, ids: number[] | 'all'): Promise<Map<number, MonitorTag[]>> {
    const out = new Map<number, MonitorTag[]>();
    if (ids !== 'all' && ids.length === 0) return out;
    let q = db
      .selectFrom('monitor_tags')
      .innerJoin('tags', 'tags.id', 'monitor_tags.tag_id')
      .select([
        'monitor_tags.monitor_id',
        'monitor_tags.tag_id',
        'tags.name',
        'tags.color',
        'monitor_tags.value',
      ])
      .orderBy('tags.name');
    if (ids !== 'all') q = q.where('monitor_tags.monitor_id', 'in', ids);
    for (const r of await q.execute()) {
      const list = out.get(r.monitor_id) ?? [];
      list.push({ tag_id: r.tag_id, name: r.name, color: r.color, value: r.value });
      out.set(r.monitor_id, list);
    }
    return out;
  },
  /** Replaces a monitor's tags. */
  async set(db: Db, monitorId: number, tags: readonly { tag_id: number; value: string | null }[]) {
    await db.deleteFrom('monitor_tags').where('monitor_id', '=', monitorId).execute();
    if (tags.length > 0) {
      await db
        .insertInto('monitor_tags')
        .values(tags.map((t) => ({ monitor_id: monitorId, tag_id: t.tag_id, value: t.value })))
        .execute();
    }
  },
  /** Puts a tag on a monitor, replacing the value it had there. */
  async put(db: Db, monitorId: number, tagId: number, value: string | null) {
    await db
      .deleteFrom('monitor_tags')
      .where('monitor_id', '=', monitorId)
      .where('tag_id', '=', tagId)
      .execute();
    await db.insertInto('monitor_tags').values({ monitor_id: monitorId, tag_id: tagId, value }).execute();
  },
  /** Takes a tag off a monitor; true when it was there. */
  take: async (db: Db, monitorId: number, tagId: number) =>
    Number(
      (
        await db
          .deleteFrom('monitor_tags')
          .where('monitor_id', '=', monitorId)
          .where('tag_id', '=', tagId)
          .executeTakeFirst()
      ).numDeletedRows,
    ) > 0,
};
