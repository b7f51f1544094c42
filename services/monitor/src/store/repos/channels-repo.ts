import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db, NotificationChannelsTable } from '../schema.js';

export type ChannelRow = Selectable<NotificationChannelsTable>;

/** SQL for notification channels. */
export const channelsRepo = {
  list: (db: Db) => db.selectFrom('notification_channels').selectAll().orderBy('id').execute(),
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
