import type { Db } from '../schema.js';

/** The tables a config file declares, by the kind names the file uses. */
const CONFIG_TABLES = {
  monitor: 'monitors',
  group: 'monitor_groups',
  tag: 'tags',
  channel: 'notification_channels',
} as const;
/** Every kind a config file declares, as its plan names them. */
export type ConfigKind =
  | keyof typeof CONFIG_TABLES
  | 'location'
  | 'template'
  | 'escalation_policy'
  | 'maintenance'
  | 'status_page';

/**
 * SQL for config-as-code (docs/config-as-code.md): everything a plan compares, read in a handful of
 * queries whatever the number of monitors, and the key and managed marks an apply writes.
 */
export const configStateRepo = {
  /** Every object of every kind a file declares, with their links, in id order. */
  async load(db: Db) {
    const [base, kinds] = await Promise.all([configStateRepo.loadBase(db), configStateRepo.loadKinds(db)]);
    return { ...base, ...kinds };
  },
  /** Monitors, groups, tags and channels with their links, and the locations. */
  async loadBase(db: Db) {
    const [monitors, groups, tags, channels, links, monitorTags, deps, locations] = await Promise.all([
      db.selectFrom('monitors').selectAll().orderBy('id').execute(),
      db.selectFrom('monitor_groups').selectAll().orderBy('id').execute(),
      db.selectFrom('tags').selectAll().orderBy('id').execute(),
      // Team channels only: a user's own contact methods (owner_user_id) are theirs, not the file's.
      db
        .selectFrom('notification_channels')
        .selectAll()
        .where('owner_user_id', 'is', null)
        .orderBy('id')
        .execute(),
      db.selectFrom('monitor_channels').select(['monitor_id', 'channel_id']).orderBy('channel_id').execute(),
      db.selectFrom('monitor_tags').select(['monitor_id', 'tag_id', 'value']).orderBy('tag_id').execute(),
      db
        .selectFrom('monitor_dependencies')
        .select(['monitor_id', 'depends_on_id'])
        .orderBy('depends_on_id')
        .execute(),
      db.selectFrom('locations').selectAll().where('is_local', '=', 0).orderBy('id').execute(),
    ]);
    return { monitors, groups, tags, channels, links, monitorTags, deps, locations };
  },
  /** Templates, escalation policies, maintenance windows, status pages with their sections. */
  async loadKinds(db: Db) {
    const [templates, policies, maintenance, pages, sections, pageMonitors] = await Promise.all([
      db.selectFrom('message_templates').selectAll().orderBy('channel_id').orderBy('event').execute(),
      db.selectFrom('escalation_policies').selectAll().orderBy('id').execute(),
      db.selectFrom('maintenance_windows').selectAll().orderBy('id').execute(),
      db.selectFrom('status_pages').selectAll().orderBy('id').execute(),
      db
        .selectFrom('status_page_sections')
        .select(['id', 'page_id', 'position', 'name'])
        .orderBy('page_id')
        .orderBy('position')
        .execute(),
      db
        .selectFrom('status_page_monitors')
        .select(['section_id', 'monitor_id', 'position'])
        .orderBy('section_id')
        .orderBy('position')
        .execute(),
    ]);
    return { templates, policies, maintenance, pages, sections, pageMonitors };
  },
  /** Marks a template or a location as the file's (the other kinds' rows are written with their mark). */
  markTemplate: (db: Db, channelId: number, event: string, key: string) =>
    db
      .updateTable('message_templates')
      .set({ config_key: key, managed: 1 })
      .where('channel_id', '=', channelId)
      .where('event', '=', event)
      .execute(),
  /** Marks an object as coming from the file entry `key`. */
  mark: (db: Db, kind: keyof typeof CONFIG_TABLES, id: number, key: string) =>
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
  /** Locations by id (those an apply wrote, to announce after the commit). */
  locationsByIds: (db: Db, ids: string[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : db.selectFrom('locations').selectAll().where('id', 'in', ids).execute(),
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
};

export type ConfigState = Awaited<ReturnType<typeof configStateRepo.load>>;
