import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db, NotificationChannelsTable } from '../schema.js';

export type ChannelRow = Selectable<NotificationChannelsTable>;

/** SQL for notification channels. */
export const channelsRepo = {
  /** Team channels: personal contact methods (owner_user_id set) are listed by their owner only. */
  list: (db: Db) =>
    db
      .selectFrom('notification_channels')
      .selectAll()
      .where('owner_user_id', 'is', null)
      .orderBy('id')
      .execute(),
  byId: (db: Db, id: number) =>
    db.selectFrom('notification_channels').selectAll().where('id', '=', id).executeTakeFirst(),
  byName: (db: Db, name: string) =>
    db.selectFrom('notification_channels').selectAll().where('name', '=', name).executeTakeFirst(),
  /** The enabled channels among `ids`. */
  enabledIn: (db: Db, ids: readonly number[]) =>
    ids.length === 0
      ? Promise.resolve([] as ChannelRow[])
      : db
          .selectFrom('notification_channels')
          .selectAll()
          .where('id', 'in', ids)
          .where('is_enabled', '=', 1)
          .orderBy('id')
          .execute(),
  /** Channels marked default_for_new_monitors. */
  defaultIds: async (db: Db): Promise<number[]> =>
    (
      await db
        .selectFrom('notification_channels')
        .select('id')
        .where('default_for_new_monitors', '=', 1)
        .where('owner_user_id', 'is', null)
        .orderBy('id')
        .execute()
    ).map((r) => Number(r.id)),
  /** Links the channel to every monitor that lacks it; returns the monitors that gained it. */
  async attachToAll(db: Db, channelId: number): Promise<number[]> {
    const missing = await db
      .selectFrom('monitors')
      .select('id')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('monitor_channels')
              .select('monitor_channels.monitor_id')
              .whereRef('monitor_channels.monitor_id', '=', 'monitors.id')
              .where('monitor_channels.channel_id', '=', channelId),
          ),
        ),
      )
      .orderBy('id')
      .execute();
    const ids = missing.map((r) => Number(r.id));
    for (let i = 0; i < ids.length; i += 500) {
      await db
        .insertInto('monitor_channels')
        .values(ids.slice(i, i + 500).map((monitor_id) => ({ monitor_id, channel_id: channelId })))
        .execute();
    }
    return ids;
  },
  insert: (db: Db, row: Insertable<NotificationChannelsTable>) =>
    db.insertInto('notification_channels').values(row).returningAll().executeTakeFirstOrThrow(),
  update: (db: Db, id: number, patch: Updateable<NotificationChannelsTable>) =>
    db
      .updateTable('notification_channels')
      .set(patch)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow(),
  remove: (db: Db, id: number) => db.deleteFrom('notification_channels').where('id', '=', id).execute(),
};
