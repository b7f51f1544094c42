import type { Db } from '../schema.js';

/** The tables a config file declares, by the kind names the file uses. */
export const CONFIG_TABLES = {
  monitor: 'monitors',
  group: 'monitor_groups',
  tag: 'tags',
  channel: 'notification_channels',
} as const;
export type ConfigKind = keyof typeof CONFIG_TABLES;

/**
 * SQL for config-as-code (docs/config-as-code.md): everything a plan compares, read in a handful of
 * queries whatever the number of monitors, and the key and managed marks an apply writes.
 */
export const configStateRepo = {
  /** Every monitor, group, tag and channel with their links, in id order. */
  async load(db: Db) {
    const [monitors, groups, tags, channels, links, monitorTags, deps, locations] = await Promise.all([
      db.selectFrom('monitors').selectAll().orderBy('id').execute(),
      db.selectFrom('monitor_groups').selectAll().orderBy('id').execute(),
      db.selectFrom('tags').selectAll().orderBy('id').execute(),
      db.selectFrom('notification_channels').selectAll().orderBy('id').execute(),
      db.selectFrom('monitor_channels').select(['monitor_id', 'channel_id']).orderBy('channel_id').execute(),
      db.selectFrom('monitor_tags').select(['monitor_id', 'tag_id', 'value']).orderBy('tag_id').execute(),
      db
        .selectFrom('monitor_dependencies')
        .select(['monitor_id', 'depends_on_id'])
        .orderBy('depends_on_id')
        .execute(),
      db.selectFrom('locations').select(['id']).execute(),
    ]);
    return { monitors, groups, tags, channels, links, monitorTags, deps, locations };
  },
  /** Marks an object as coming from the file entry `key`. */
  mark: (db: Db, kind: ConfigKind, id: number, key: string) =>
    db.updateTable(CONFIG_TABLES[kind]).set({ config_key: key, managed: 1 }).where('id', '=', id).execute(),
  /**
   * The links of monitors an apply just created (they have none yet), in multi-row inserts: one
   * statement per few hundred rows instead of a delete and an insert per monitor.
   */
  async addLinks(
    db: Db,
    links: {
      channels: { monitor_id: number; channel_id: number }[];
      tags: { monitor_id: number; tag_id: number; value: string | null }[];
      locations: { monitor_id: number; location_id: string }[];
    },
  ) {
    const CHUNK = 300;
    for (let i = 0; i < links.channels.length; i += CHUNK)
      await db
        .insertInto('monitor_channels')
        .values(links.channels.slice(i, i + CHUNK))
        .execute();
    for (let i = 0; i < links.tags.length; i += CHUNK)
      await db
        .insertInto('monitor_tags')
        .values(links.tags.slice(i, i + CHUNK))
        .execute();
    for (let i = 0; i < links.locations.length; i += CHUNK)
      await db
        .insertInto('monitor_locations')
        .values(links.locations.slice(i, i + CHUNK))
        .execute();
  },
  /** Monitors by id, a chunk at a time (a list of thousands of ids is past some drivers' limits). */
  async monitorsByIds(db: Db, ids: number[]) {
    const out = [];
    for (let i = 0; i < ids.length; i += 500)
      out.push(
        ...(await db
          .selectFrom('monitors')
          .selectAll()
          .where('id', 'in', ids.slice(i, i + 500))
          .execute()),
      );
    return out;
  },
  /** The objects of one kind that an apply wrote, as id → key (the dashboard's badge reads `managed`). */
  managedIds: async (db: Db, kind: ConfigKind) =>
    (
      await db.selectFrom(CONFIG_TABLES[kind]).select(['id', 'config_key']).where('managed', '=', 1).execute()
    ).map((r) => ({ id: r.id, key: r.config_key })),
};

export type ConfigState = Awaited<ReturnType<typeof configStateRepo.load>>;
